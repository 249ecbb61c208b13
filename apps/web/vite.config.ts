import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { compression } from 'vite-plugin-compression2';
import { generateTransparentAsset } from '@vite-pwa/assets-generator/api';

// The server the dev server forwards /api to; another port when several run side by side.
const apiTarget = process.env.TUN_API_URL ?? 'http://localhost:3000';

/**
 * Names this build by its source: the persisted query cache carries it, so data saved by one
 * version is never read by another, whose shapes may differ. A hash of the source, not the
 * time, so rebuilding the same code gives the same files (and no needless update prompt).
 */
function sourceHash(): string {
  const hash = createHash('sha256');
  for (const dir of ['src', '../../packages/shared/src']) {
    const root = fileURLToPath(new URL(dir, import.meta.url));
    const files = readdirSync(root, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => join(entry.parentPath, entry.name))
      .sort();
    for (const file of files) hash.update(relative(root, file)).update(readFileSync(file));
  }
  return hash.digest('base64url').slice(0, 12);
}
const buildId = process.env.TUN_BUILD_ID ?? sourceHash();

/** The app's one icon source; pwa-assets.config.ts makes the app icons from it. */
const LOGO = new URL('public/icons/logo.svg', import.meta.url);

/**
 * The small monochrome icon Android shows in the status bar for a push. Android keeps only its
 * transparency, so it is the logo's house without the square behind it: the same source, minus
 * its background.
 */
function notificationBadge(): Plugin {
  return {
    name: 'tun-notification-badge',
    apply: 'build',
    async generateBundle() {
      const logo = await readFile(LOGO, 'utf8');
      const house = logo.replace(/<rect\b[^>]*\/>/, '');
      const badge = await generateTransparentAsset('png', Buffer.from(house), 96, {
        padding: 0,
        outputOptions: { compressionLevel: 9 },
      });
      const png = await badge.toBuffer();
      this.emitFile({ type: 'asset', fileName: 'icons/badge-96x96.png', source: png });
    },
  };
}

export default defineConfig({
  // Explicit so `vite -c apps/web/vite.config.ts` from the repository root works too.
  root: decodeURIComponent(new URL('.', import.meta.url).pathname),
  define: { __TUN_BUILD_ID__: JSON.stringify(buildId) },
  plugins: [
    react(),
    notificationBadge(),
    VitePWA({
      // Our own service worker (src/sw.ts), so it can show pushes; the plugin only fills in
      // the list of files to precache.
      strategies: 'injectManifest',
      srcDir: 'src',
      filename: 'sw.ts',
      // A new version waits until the user says so (the update prompt); main.tsx registers it
      // after the first render, so no registration script is added to index.html.
      registerType: 'prompt',
      injectRegister: false,
      // The server writes the manifest per school (name, colour, logo) at /manifest.webmanifest.
      manifest: false,
      // Icons from public/icons/logo.svg, as pwa-assets.config.ts says; index.html links them.
      pwaAssets: { config: true, includeHtmlHeadLinks: false, injectThemeColor: false },
      injectManifest: {
        // The app shell and every lazy page: a page visited first offline opens too.
        globPatterns: ['**/*.{js,css,html,svg,png,ico,woff2}'],
      },
      devOptions: { enabled: false },
    }),
    // Brotli and gzip beside every text file, at the highest level (the cost is paid once, at
    // build): the server picks one by Accept-Encoding and never compresses an asset per request.
    compression({
      include: /\.(js|mjs|css|html|svg|json|webmanifest|txt)$/,
      threshold: 1024,
      algorithms: ['brotliCompress', 'gzip'],
      logLevel: 'silent',
    }),
  ],
  resolve: {
    // The persistence packages pin an older query-core of their own; one copy serves both.
    dedupe: ['@tanstack/query-core'],
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Mantine 8 supports nothing older than these, so there is no point down-levelling further.
    target: ['es2022', 'chrome111', 'safari16.4', 'firefox115'],
  },
  server: {
    proxy: { '/api': { target: apiTarget } },
  },
  preview: {
    proxy: { '/api': { target: apiTarget } },
  },
});

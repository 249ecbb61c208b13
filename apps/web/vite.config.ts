import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { dirname, join, relative, resolve } from 'node:path';
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

const ROUTES_FILE = fileURLToPath(new URL('src/app/routes.tsx', import.meta.url));
/** Fetched by lib/i18n.ts as JSON; the start bundles only some of its sections. */
const BOKMAL_CATALOG = 'src/locales/nb.json';
/** Where lib/i18n.ts names the sections the start bundles. */
const I18N_FILE = fileURLToPath(new URL('src/lib/i18n.ts', import.meta.url));
/** A page's own part of the bokmål catalog: lib/i18n.ts finds it by this prefix in the page's head. */
const PAGE_CATALOG_NAME = 'nb-page.json';
/** Read by the server (apps/server/src/web/route-preloads.ts); the name is shared with it. */
const ROUTE_PRELOADS_FILE = 'route-preloads.json';

interface LazyRoute {
  /** The URL path, `$name` for a parameter: `/app/janitor/cases/$caseId`. */
  path: string;
  /** The modules of the lazy components rendered for it, outermost layout first, without extensions. */
  modules: string[];
}

/**
 * The routes of routes.tsx with their lazy page modules, read from its source: every
 * `const x = createRoute({ getParentRoute: () => y, path: '…', component: lazyRouteComponent(() =>
 * import('…')) })`. Read as text because the bundle has no notion of URLs.
 */
function lazyRoutes(source: string): LazyRoute[] {
  const byName = new Map<string, { path: string; module: string | null; parentName: string | null }>();
  const blocks = source.split(/\bconst (\w+) = createRoute\(/).slice(1);
  for (let index = 0; index < blocks.length; index += 2) {
    const name = blocks[index] ?? '';
    const body = blocks[index + 1] ?? '';
    const specifier = /lazyRouteComponent\(\s*\(\) => import\('([^']+)'\)/.exec(body)?.[1];
    byName.set(name, {
      path: /\bpath: '([^']*)'/.exec(body)?.[1] ?? '',
      module: specifier ? resolve(dirname(ROUTES_FILE), specifier) : null,
      parentName: /getParentRoute: \(\) => (\w+)/.exec(body)?.[1] ?? null,
    });
  }
  return [...byName].map(([name]) => {
    const segments: string[] = [];
    const modules: string[] = [];
    // Up to the root (not in the map); a parent never names its child, so this ends.
    for (
      let route = byName.get(name);
      route;
      route = route.parentName ? byName.get(route.parentName) : undefined
    ) {
      if (route.path !== '/') segments.unshift(route.path);
      if (route.module) modules.unshift(route.module);
    }
    return { path: `/${segments.join('/')}`, modules };
  });
}

/** The catalog's sections a chunk's code names: every literal key starts with its section. */
function sectionsNamedIn(code: string, sections: ReadonlySet<string>, into: Set<string>): void {
  for (const match of code.matchAll(/["'`]([A-Za-z]\w*)\./g)) {
    if (sections.has(match[1]!)) into.add(match[1]!);
  }
}

/**
 * The start's scripts at low fetch priority, as the server names a page's own (route-preloads.ts):
 * the styles come first, and with them the app's frame that index.html draws before the code
 * has run; the scripts are not needed for that first paint.
 */
function scriptsAfterStyles(): Plugin {
  return {
    name: 'tun-scripts-after-styles',
    transformIndexHtml: {
      order: 'post',
      handler: (html) =>
        html.replace(/<(script type="module"|link rel="modulepreload") /g, '<$1 fetchpriority="low" '),
    },
  };
}

/**
 * Writes, for every page, the files its lazy chunks need beyond what index.html loads (the
 * page's chunk, its layout's, their static imports and styles). The server lists them in
 * index.html as `modulepreload`, so a page opened directly loads its code in one round with
 * the entry, not after it and the session check (decision 028).
 */
function routePreloads(): Plugin {
  return {
    name: 'tun-route-preloads',
    apply: 'build',
    async generateBundle(_options, bundle) {
      const routes = lazyRoutes(await readFile(ROUTES_FILE, 'utf8'));
      const chunks = Object.values(bundle).filter((file) => file.type === 'chunk');
      const entry = chunks.find((chunk) => chunk.isEntry);
      if (!entry) this.error('No entry chunk');
      const byFileName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      const inIndexHtml = new Set([entry.fileName, ...entry.imports]);
      const chunkOf = (module: string) =>
        chunks.find(
          (chunk) => chunk.isDynamicEntry && chunk.facadeModuleId?.replace(/\.tsx?$/, '') === module,
        );

      const filesOf = (module: string, into: Set<string>) => {
        const chunk = chunkOf(module);
        if (!chunk) this.error(`No chunk for the lazy page ${module}`);
        const visit = (fileName: string) => {
          if (inIndexHtml.has(fileName) || into.has(fileName)) return;
          into.add(fileName);
          const imported = byFileName.get(fileName);
          for (const css of imported?.viteMetadata?.importedCss ?? []) into.add(css);
          for (const next of imported?.imports ?? []) visit(next);
        };
        visit(chunk.fileName);
      };

      // The whole bokmål catalog (lib/i18n.ts): every lazy page waits for it, the start does not.
      // Copied as written, indented; sent without the spaces.
      const catalog = Object.values(bundle).find(
        (file) =>
          file.type === 'asset' && file.originalFileNames.some((name) => name.endsWith(BOKMAL_CATALOG)),
      );
      if (catalog?.type !== 'asset') this.error(`No asset for ${BOKMAL_CATALOG}`);
      const whole = JSON.parse(String(catalog.source)) as Record<string, unknown>;
      catalog.source = JSON.stringify(whole);

      // Each page's own catalog: the sections its code and the start's name, less those the start
      // bundles. Keys are literals (typed by the catalog) or literal prefixes, so a section a page
      // shows is named in its code; lib/i18n.ts loads the whole catalog should one be missing.
      const sections = new Set(Object.keys(whole));
      const startImport = /import \{([^}]+)\} from '\.\.\/locales\/nb\.json'/.exec(
        await readFile(I18N_FILE, 'utf8'),
      );
      if (!startImport) this.error(`No start sections in ${I18N_FILE}`);
      const inStart = new Set(startImport[1]!.split(',').map((name) => name.trim()));
      const ownCode = (fileName: string) => {
        const chunk = byFileName.get(fileName);
        return chunk && !chunk.moduleIds.every((id) => IN_NODE_MODULES.test(id)) ? chunk.code : '';
      };
      const named = new Set<string>();
      for (const fileName of inIndexHtml) sectionsNamedIn(ownCode(fileName), sections, named);
      const startNamed = [...named];
      const pageCatalogs = new Map<string, string>();
      const pageCatalogOf = (files: ReadonlySet<string>) => {
        const pageNamed = new Set(startNamed);
        for (const fileName of files) sectionsNamedIn(ownCode(fileName), sections, pageNamed);
        const picked = Object.keys(whole).filter((name) => pageNamed.has(name) && !inStart.has(name));
        const source = JSON.stringify(Object.fromEntries(picked.map((name) => [name, whole[name]])));
        let fileName = pageCatalogs.get(source);
        if (!fileName) {
          fileName = this.getFileName(this.emitFile({ type: 'asset', name: PAGE_CATALOG_NAME, source }));
          pageCatalogs.set(source, fileName);
        }
        return fileName;
      };

      const preloads: Record<string, string[]> = {};
      for (const route of routes) {
        const files = new Set<string>();
        for (const module of route.modules) filesOf(module, files);
        if (files.size > 0) preloads[route.path] = [...files, pageCatalogOf(files)].map((file) => `/${file}`);
      }
      this.emitFile({ type: 'asset', fileName: ROUTE_PRELOADS_FILE, source: JSON.stringify(preloads) });
    },
  };
}

/** Read by the server (apps/server/src/web/route-preloads.ts); the name is shared with it. */
const FRAME_TEXTS_FILE = 'frame-texts.json';
const CATALOGS_DIR = fileURLToPath(new URL('src/locales/', import.meta.url));
/** What frame-texts.json holds for each language → the catalog's key (route-preloads.ts reads it). */
const FRAME_TEXT_KEYS = {
  greeting: 'dashboard.greeting',
  school: 'dashboard.school',
  loginTitle: 'pages.login.title',
  loginIntro: 'login.intro',
  loginIntroSso: 'login.introSso',
};

/**
 * The headings the frame draws in each language, from the catalogs, for the server to write into
 * the frame index.html draws before the code has run (decision 028): the dashboard's greeting and
 * school line, and the login page's title and intro. The texts stay in the catalogs. Every catalog
 * there is (`src/locales/<language>.json`), so a language added needs nothing here.
 */
function frameTexts(): Plugin {
  return {
    name: 'tun-frame-texts',
    apply: 'build',
    async generateBundle() {
      const texts: Record<string, Record<string, string>> = {};
      const catalogs = (await readdir(CATALOGS_DIR)).filter((name) => /^[a-z]{2}\.json$/.test(name));
      if (catalogs.length === 0) this.error(`${CATALOGS_DIR} has no catalogs`);
      for (const name of catalogs) {
        const language = name.slice(0, -'.json'.length);
        const file = join(CATALOGS_DIR, name);
        const catalog = JSON.parse(await readFile(file, 'utf8')) as Record<string, unknown>;
        const entries = Object.entries(FRAME_TEXT_KEYS).map(([field, key]) => {
          const text = key
            .split('.')
            .reduce<unknown>((at, part) => (at as Record<string, unknown>)?.[part], catalog);
          if (typeof text !== 'string') this.error(`${file} has no ${key}`);
          return [field, text];
        });
        texts[language] = Object.fromEntries(entries);
      }
      this.emitFile({ type: 'asset', fileName: FRAME_TEXTS_FILE, source: JSON.stringify(texts) });
    },
  };
}

const NODE_MODULES = String.raw`[\\/]node_modules[\\/]`;
const fromPackages = (packages: string) => new RegExp(`${NODE_MODULES}(?:${packages})[\\/]`);

/** Libraries only the post editor needs: kept out of every other group, in a chunk of their own. */
const EDITOR = fromPackages(
  '@tiptap|prosemirror-[a-z-]+|@mantine/tiptap|orderedmap|rope-sequence|w3c-keyname|linkifyjs|markdown-it|mdurl|uc\\.micro|entities|punycode\\.js|fast-equals',
);

const FULLCALENDAR = fromPackages('@fullcalendar|preact');
/** The tables of a few admin pages. */
const DATATABLE = fromPackages('mantine-datatable');
const UPLOADS = fromPackages(
  '@mantine/dropzone|tus-js-client|file-selector|react-dropzone|attr-accept|url-parse|requires-port|querystringify|js-base64',
);
/**
 * Passkeys' browser calls (features/auth/api/passkeys.ts), which the app imports when a passkey
 * is used: in `vendor-lazy`, every signed-in page loaded them.
 */
const WEBAUTHN = fromPackages('@simplewebauthn');
/** QR codes: room tags, the install address, the TV pairing; not the attendance sheet. */
const QRCODE = fromPackages('qrcode|dijkstrajs');
/**
 * Mantine's notifications container (app/providers.tsx loads it with the first notification) and
 * its transitions. Not the scroll lock it takes a class name from: Mantine's modals use it too,
 * so it stays in `vendor-lazy`, which a page showing a notification has loaded already.
 */
const NOTIFICATIONS = fromPackages('@mantine/notifications|react-transition-group');
/**
 * Form parts of the settings and admin pages that neither the app's frame, the dashboard nor the
 * attendance sheet uses: in `vendor-lazy`, every signed-in page loaded them (≈ 25 KB brotli).
 */
const FORM_PARTS = new RegExp(
  `${NODE_MODULES}(?:react-number-format|@mantine[\\/]core[\\/]esm[\\/]components[\\/](?:Accordion|Autocomplete|Chip|ColorInput|ColorPicker|ColorSwatch|FileInput|Grid|JsonInput|MultiSelect|NumberInput|Pagination|Pill|PillsInput|Progress|Rating|Slider|Stepper|Switch|TagsInput|Tooltip))[\\/]`,
);
/**
 * Parts many pages draw, but neither the app's frame nor the dashboard: menus, choices, tables,
 * tabs and text areas. In `vendor-lazy`, the dashboard loaded them. NativeSelect too: it imports
 * the whole combobox, checkboxes included, and Rolldown puts what a group's module imports in
 * that group, so in `vendor-lazy` it took them along.
 */
const PAGE_PARTS = new RegExp(
  `${NODE_MODULES}(?:react-textarea-autosize|@mantine[\\/]core[\\/]esm[\\/]components[\\/](?:Checkbox|Combobox|FloatingIndicator|Menu|NativeSelect|Radio|SegmentedControl|Select|Table|Tabs|Textarea))[\\/]`,
);
/**
 * App code used by two pages or more, for `shared`: the app's components, entities and lib, and
 * the features' requests and models (small, and a page's data often comes from another feature).
 * Not a feature's components: in `shared`, a form two admin pages draw took its form parts along
 * for every page.
 */
const SHARED_APP_CODE =
  /[\\/]src[\\/](?:components|entities|lib|features[\\/][\w-]+[\\/](?:api|model))[\\/]|[\\/]packages[\\/]shared[\\/]/;
/**
 * Not in `shared`, which every page loads: the TV screens' panels, which draw QR codes (the QR
 * library came along), and the app's components of several pages that draw form parts (the form
 * parts came along). Left to Rolldown, they share chunks with the pages that use them.
 */
const NOT_SHARED =
  /[\\/]entities[\\/]screens[\\/]|[\\/]components[\\/](?:copyable-link-field|color-theme|student-status-row)\.tsx$/;
const NOTIFICATIONS_CONTAINER = /[\\/]app[\\/]notifications-container\.tsx$/;
const IN_NODE_MODULES = new RegExp(NODE_MODULES);
/** zod, and the form library with the packages only it uses: for the pages that check input. */
const FORM_LIBRARIES = fromPackages('zod|@mantine/form|klona|fast-deep-equal');
const ZOD = fromPackages('zod');
/** What the app loads as 'zod' (resolve.alias): zod with the app's messages set. */
const ZOD_AS_LOADED = fileURLToPath(new URL('src/lib/zod.ts', import.meta.url));

/**
 * The modules that import zod, directly or through others: the shared schemas and the app's code
 * that checks input with them. Found once the module graph is complete (buildEnd), read when the
 * bundle is cut into chunks, which comes after.
 */
const CHECKS_INPUT = new Set<string>();

function findInputChecks(): Plugin {
  return {
    name: 'tun-input-checks',
    apply: 'build',
    buildEnd() {
      CHECKS_INPUT.clear();
      const importers = new Map<string, string[]>();
      for (const id of this.getModuleIds()) {
        for (const imported of this.getModuleInfo(id)?.importedIds ?? []) {
          const known = importers.get(imported);
          if (known) known.push(id);
          else importers.set(imported, [id]);
        }
      }
      const pending = [...this.getModuleIds()].filter((id) => ZOD.test(id));
      for (let id = pending.pop(); id !== undefined; id = pending.pop()) {
        if (CHECKS_INPUT.has(id)) continue;
        CHECKS_INPUT.add(id);
        pending.push(...(importers.get(id) ?? []));
      }
    },
  };
}
/**
 * The service worker's registration (after the first render, on every page but /login) with
 * the library it imports: one small chunk. Left to the other groups, the library sat in
 * `vendor-lazy`, and registering loaded all of that chunk.
 */
const REGISTER_SERVICE_WORKER = (id: string) =>
  /[\\/]register-service-worker\.tsx$|^\0?virtual:pwa-register/.test(id) ||
  fromPackages('workbox-window').test(id);

/**
 * How the bundle is cut, beyond Rolldown's automatic chunks (decision 028). What the entry
 * needs at start is two chunks, the libraries and the app's own code, so a page opened cold
 * costs a handful of requests instead of dozens, and a deploy that changes only the app keeps
 * the libraries' chunk cached. What only lazy pages need goes to one chunk of libraries and one
 * of shared app code, each page keeping a chunk of its own; the post editor's libraries (the
 * largest) load only with the editor.
 */
const CHUNK_GROUPS = [
  { name: 'vendor', test: IN_NODE_MODULES, tags: ['$initial' as const], priority: 60 },
  { name: 'start', test: /[\\/]src[\\/]/, tags: ['$initial' as const], priority: 50 },
  { name: 'register-service-worker', test: REGISTER_SERVICE_WORKER, priority: 45 },
  // Before the libraries of a few pages, which would otherwise take the Mantine parts they use
  // along into their chunk, and every page needing those parts would load them.
  {
    name: 'vendor-lazy',
    test: (id: string) =>
      IN_NODE_MODULES.test(id) &&
      !CHECKS_INPUT.has(id) &&
      ![
        EDITOR,
        FULLCALENDAR,
        UPLOADS,
        DATATABLE,
        QRCODE,
        WEBAUTHN,
        NOTIFICATIONS,
        PAGE_PARTS,
        FORM_PARTS,
        FORM_LIBRARIES,
      ].some((re) => re.test(id)),
    priority: 40,
  },
  // After `vendor-lazy`, so that the parts it shares with them (popovers, inputs) stay there.
  { name: 'page-parts', test: PAGE_PARTS, priority: 39 },
  // After `page-parts`, so that the parts it shares with them (the combobox) stay there.
  { name: 'form-parts', test: FORM_PARTS, priority: 38 },
  // After `vendor-lazy`, which keeps the scroll lock the container imports.
  {
    name: 'notifications',
    test: (id: string) => NOTIFICATIONS.test(id) || NOTIFICATIONS_CONTAINER.test(id),
    priority: 35,
  },
  { name: 'fullcalendar', test: FULLCALENDAR, priority: 30 },
  { name: 'uploads', test: UPLOADS, priority: 30 },
  { name: 'editor', test: EDITOR, priority: 30 },
  { name: 'datatable', test: DATATABLE, priority: 30 },
  { name: 'webauthn', test: WEBAUTHN, priority: 30 },
  // With the app's component that draws a code: in `shared`, it took the library along for
  // every page.
  {
    name: 'qrcode',
    test: (id: string) => QRCODE.test(id) || /[\\/]components[\\/]qr-code\.tsx$/.test(id),
    priority: 30,
  },
  // With @tun/shared's modules: left to automatic chunks, those of the attendance sheet were
  // three files of a few hundred bytes, a request each.
  {
    name: 'shared',
    test: (id: string) => SHARED_APP_CODE.test(id) && !NOT_SHARED.test(id) && !CHECKS_INPUT.has(id),
    minShareCount: 2,
    priority: 10,
  },
  // zod, the shared schemas and the app's code that checks input with them, for the pages that
  // check input: the dashboard checks none. Last, so that what they import and other pages use
  // (Mantine's parts, `shared`'s code) stays in those groups, and is not taken along into this one.
  {
    name: 'schemas',
    test: (id: string) =>
      FORM_LIBRARIES.test(id) ||
      (CHECKS_INPUT.has(id) &&
        (IN_NODE_MODULES.test(id) || (SHARED_APP_CODE.test(id) && !NOT_SHARED.test(id)))),
    minShareCount: 2,
    priority: 5,
  },
];

export default defineConfig({
  // Explicit so `vite -c apps/web/vite.config.ts` from the repository root works too.
  root: decodeURIComponent(new URL('.', import.meta.url).pathname),
  define: { __TUN_BUILD_ID__: JSON.stringify(buildId) },
  plugins: [
    react(),
    notificationBadge(),
    routePreloads(),
    frameTexts(),
    scriptsAfterStyles(),
    findInputChecks(),
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
        // The whole bokmål catalog is a JSON file of its own (lib/i18n.ts).
        // Not the pages' own parts of it: the worker's index.html names none, so offline pages
        // take the whole catalog.
        globPatterns: ['**/*.{js,css,html,svg,png,ico,woff2}', 'assets/*.json'],
        globIgnores: ['**/nb-page-*.json'],
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
    // zod with the app's messages set as it loads, wherever the app or @tun/shared imports it.
    alias: [{ find: /^zod$/, replacement: ZOD_AS_LOADED }],
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Mantine 8 supports nothing older than these, so there is no point down-levelling further.
    target: ['es2022', 'chrome111', 'safari16.4', 'firefox115'],
    rolldownOptions: {
      output: {
        // A few chunks named after what they hold instead of a couple of hundred automatic ones
        // (one per set of pages sharing a Mantine component): a page's code arrives in a
        // handful of requests, and the libraries' chunks keep their hashes when a feature
        // changes (docs/decisions/028-first-load.md).
        codeSplitting: { groups: CHUNK_GROUPS },
      },
    },
  },
  server: {
    proxy: { '/api': { target: apiTarget } },
  },
  preview: {
    proxy: { '/api': { target: apiTarget } },
  },
});

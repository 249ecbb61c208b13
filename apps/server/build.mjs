// Bundles the server into dist/main.js. Packages from node_modules stay external (they are
// installed beside it); the workspace's own @tun/shared is TypeScript and is bundled in.
import { build } from 'esbuild';

await build({
  entryPoints: ['src/main.ts'],
  outfile: 'dist/main.js',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  sourcemap: true,
  logLevel: 'warning',
  plugins: [
    {
      name: 'external-packages',
      setup(b) {
        b.onResolve({ filter: /^[^./]/ }, (args) =>
          args.path.startsWith('@tun/') ? undefined : { external: true },
        );
      },
    },
  ],
});

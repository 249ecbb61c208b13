import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The server the dev server forwards /api to; another port when several run side by side.
const apiTarget = process.env.TUN_API_URL ?? 'http://localhost:3000';

export default defineConfig({
  // Explicit so `vite -c apps/web/vite.config.ts` from the repository root works too.
  root: decodeURIComponent(new URL('.', import.meta.url).pathname),
  plugins: [react()],
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

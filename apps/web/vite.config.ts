import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

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
    proxy: { '/api': { target: 'http://localhost:3000' } },
  },
  preview: {
    proxy: { '/api': { target: 'http://localhost:3000' } },
  },
});

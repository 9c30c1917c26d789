import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig } from 'vite';
import { precompress } from '../../packages/web-kit/build/precompress.js';

const server = 'http://127.0.0.1:8080';

export default defineConfig({
  // Pinned so `vite build` gives the same output whichever folder it is started from.
  root: fileURLToPath(new URL('.', import.meta.url)),
  // The api role serves this build at /client/ (apps/server front-end-files.ts): every URL of the page starts there.
  base: '/client/',
  // precompress: .br and .gz beside each built file, served as they are.
  plugins: [react(), precompress()],
  resolve: {
    // Since Vite 6 `conditions` replaces the defaults instead of adding to them, so they are
    // spread back in. 'source' comes first so `@ws/contract` and `@ws/web-kit` resolve to their
    // TypeScript sources.
    conditions: ['source', ...defaultClientConditions],
  },
  server: {
    port: 5174,
    strictPort: true,
    proxy: { '/api': server, '/uploads': server, '/ws': { target: server, ws: true } },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 600,
  },
});

import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig } from 'vite';
import { precompress } from '../../packages/web-kit/build/precompress.js';

const server = 'http://127.0.0.1:8080';

export default defineConfig({
  // Pinned so `vite build` gives the same output whichever folder it is started from.
  root: fileURLToPath(new URL('.', import.meta.url)),
  // precompress: .br and .gz beside each built file, served as they are (apps/server front-end-files.ts).
  plugins: [react(), precompress()],
  resolve: {
    // Since Vite 6 `conditions` replaces the defaults instead of adding to them, so they are
    // spread back in. 'source' comes first so `@ws/contract` and `@ws/web-kit` resolve to their
    // TypeScript sources.
    conditions: ['source', ...defaultClientConditions],
  },
  server: {
    port: 5173,
    strictPort: true,
    proxy: { '/api': server, '/uploads': server, '/ws': { target: server, ws: true } },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // No manual chunk groups: they would merge every page's libraries (all of antd, ECharts) into
    // chunks the sign-in page must load. Rolldown's own splitting follows the route-level imports.
    chunkSizeWarningLimit: 600,
  },
});

import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The API lives behind /api (and the dev outbox behind /dev) on the same origin, so the session cookie is
// first-party in development as it is behind the production reverse proxy.
const apiTarget = process.env.API_PROXY_TARGET ?? 'http://localhost:3000';

export default defineConfig({
  plugins: [react()],
  // Scan every source file at start, so dependencies of lazy routes are pre-bundled up front: a dependency
  // discovered mid-session makes Vite re-bundle and reload the page (flaky end-to-end tests, lost state).
  // Each dev server keeps its own cache, so two servers on one machine never rebuild each other's.
  optimizeDeps: { entries: ['index.html', 'src/**/*.{ts,tsx}', '!src/**/*.test.{ts,tsx}', '!src/test/**'] },
  cacheDir: `node_modules/.vite/${process.env.VITE_CACHE_NAME ?? 'default'}`,
  server: {
    port: 5173,
    strictPort: true,
    proxy: {
      '/api': { target: apiTarget, changeOrigin: false },
      '/dev': { target: apiTarget, changeOrigin: false },
      // Thumbnails, banners and other stored files are served by the API.
      '/files': { target: apiTarget, changeOrigin: false },
    },
  },
  preview: { port: 4173, strictPort: true },
});

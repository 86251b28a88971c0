import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// Same-origin API in development, as behind the reverse proxy in production, so the session cookie just works.
const apiTarget = process.env.API_PROXY_TARGET ?? 'http://localhost:3000';

export default defineConfig({
  plugins: [react()],
  // Scan every source file at start, so dependencies of lazy routes are pre-bundled up front: a dependency
  // discovered mid-session makes Vite re-bundle and reload the page (flaky end-to-end tests, lost state).
  // Each dev server keeps its own cache, so two servers on one machine never rebuild each other's.
  optimizeDeps: { entries: ['index.html', 'src/**/*.{ts,tsx}', '!src/**/*.test.{ts,tsx}', '!src/test/**'] },
  cacheDir: `node_modules/.vite/${process.env.VITE_CACHE_NAME ?? 'default'}`,
  server: {
    port: 5174,
    strictPort: true,
    // The Host header stays the app's own, so the API sees the same origin as behind the reverse proxy.
    proxy: {
      '/api': { target: apiTarget, changeOrigin: false },
      '/dev': { target: apiTarget, changeOrigin: false },
      '/files': { target: apiTarget, changeOrigin: false },
    },
  },
  preview: { port: 4174, strictPort: true },
});

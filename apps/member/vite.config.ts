import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The API lives behind /api (and the dev outbox behind /dev) on the same origin, so the session cookie is
// first-party in development as it is behind the production reverse proxy.
const apiTarget = process.env.API_PROXY_TARGET ?? 'http://localhost:3000';

export default defineConfig({
  plugins: [react()],
  server: {
    port: 5173,
    strictPort: true,
    proxy: {
      '/api': { target: apiTarget, changeOrigin: false },
      '/dev': { target: apiTarget, changeOrigin: false },
    },
  },
  preview: { port: 4173, strictPort: true },
});

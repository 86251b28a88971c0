import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// Same-origin API in development, as behind the reverse proxy in production, so the session cookie just works.
const apiTarget = process.env.API_PROXY_TARGET ?? 'http://localhost:3000';

export default defineConfig({
  plugins: [react()],
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

import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react()],
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    css: false,
    // Two workers even on 2 cores (Vitest's default there is one): 88 s to 50 s (admin), 86 s to 64 s (member).
    maxWorkers: 2,
    // Whole-app render tests load the shell and a lazy page: on 2 shared cores that alone can take 15 s.
    testTimeout: 30_000,
    // The jsdom origin the api-client's relative `/api/v1` URLs resolve against.
    environmentOptions: { jsdom: { url: 'http://localhost:5174/' } },
  },
});

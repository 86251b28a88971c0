import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    environment: 'node',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Test files share each worker's modules: loading the app's module graph once per worker, not once per
    // file, halves the run. Nothing here mocks modules, and every app instance keeps its own state.
    isolate: false,
    // One migrated database for the run; each test file starts from a copy of it.
    globalSetup: ['test/global-setup.ts'],
  },
});

import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    environment: 'node',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Vitest's default is one worker less than the cores: one on a 2-core CI machine. The files wait on the
    // database, timers and child processes enough that two take the run from 344 s to 201 s (PGlite) and from
    // 266 s to 151 s (PostgreSQL) there.
    maxWorkers: 2,
    // Test files share each worker's modules: loading the app's module graph once per worker, not once per
    // file, halves the run. Nothing here mocks modules, and every app instance keeps its own state.
    isolate: false,
    // One migrated database for the run; each test file starts from a copy of it.
    globalSetup: ['test/global-setup.ts'],
  },
});

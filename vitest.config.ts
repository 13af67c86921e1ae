import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['apps/server/src/**/*.test.ts', 'packages/shared/src/**/*.test.ts', 'apps/web/src/**/*.test.{ts,tsx}'],
    // Two cores: run test files two at a time, each with its own SQLite file and PostgreSQL database.
    maxWorkers: 2,
    // The files of a worker share its modules instead of each importing the server anew (about 4 s
    // a file on a busy machine, more than most files' tests). Nothing a test file leaves behind is
    // kept in a module: the server's caches are per database or per request (WeakMaps), and each
    // file makes its own apps. setupFiles run before every file all the same.
    isolate: false,
    globalSetup: ['apps/server/test/global-setup.ts'],
    setupFiles: ['apps/server/test/setup.ts'],
    // Bounds against a test that hangs, not measures: on a loaded two-core machine (load 13–17)
    // ordinary API tests took over 20 s, and a test must pass on a busy machine.
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});

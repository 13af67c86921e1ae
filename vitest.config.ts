import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['apps/server/src/**/*.test.ts', 'packages/shared/src/**/*.test.ts', 'apps/web/src/**/*.test.{ts,tsx}'],
    // Two cores: run test files two at a time, each with its own SQLite file and PostgreSQL schema.
    maxWorkers: 2,
    globalSetup: ['apps/server/test/global-setup.ts'],
    // Bounds against a test that hangs, not measures: on a loaded two-core machine (load 13–17)
    // ordinary API tests took over 20 s, and a test must pass on a busy machine.
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});

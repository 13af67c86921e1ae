import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['apps/server/src/**/*.test.ts', 'packages/shared/src/**/*.test.ts', 'apps/web/src/**/*.test.{ts,tsx}'],
    // Two cores: run test files two at a time, each with its own SQLite file and PostgreSQL schema.
    maxWorkers: 2,
    globalSetup: ['apps/server/test/global-setup.ts'],
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});

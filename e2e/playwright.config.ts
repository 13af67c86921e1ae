import { defineConfig } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 3100);

export default defineConfig({
  testDir: '.',
  testMatch: '*.spec.ts',
  fullyParallel: false,
  workers: 1,
  // A journey that fails once is a defect of the product or of the journey: nothing is retried.
  retries: 0,
  // The first journey pays for a cold server and browser; on a loaded two-core machine that
  // alone has taken most of 30 s.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  outputDir: '../test-results',
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
    viewport: { width: 1280, height: 800 },
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
    },
    screenshot: 'only-on-failure',
  },
  webServer: {
    command: 'node --import tsx e2e/server.ts',
    cwd: '..',
    url: `http://127.0.0.1:${port}/healthz`,
    reuseExistingServer: false,
    // The server logs warnings and errors only; show them beside the journeys.
    stdout: 'pipe',
    timeout: 120_000,
    env: { E2E_PORT: String(port) },
  },
});

import { defineConfig } from '@playwright/test';
import { basePort, serverURL, workerCount } from './journey-servers.js';

export default defineConfig({
  testDir: '.',
  testMatch: '*.spec.ts',
  // A spec file's journeys run in order in one worker (unless the file says parallel, as
  // list-pages.spec.ts does); the files are shared out between workers,
  // each driving a server and database of its own (journey-servers.ts; test.ts picks its baseURL).
  fullyParallel: false,
  workers: workerCount,
  // A journey that fails once is a defect of the product or of the journey: nothing is retried.
  retries: 0,
  // The first journey pays for a cold server and browser; on a loaded two-core machine that
  // alone has taken most of 30 s.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  outputDir: '../test-results',
  use: {
    // The first server's; each worker's own is set by test.ts.
    baseURL: serverURL(basePort),
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
    viewport: { width: 1280, height: 800 },
    // The browser asks for reduced motion, as a visitor may (the operating system's setting): antd's
    // dialogs, menus, pickers and toasts then appear and go at once (theme.ts, stillTheme), and the
    // carousel stands still. Drawing their frames was about a third of a dialog's CPU, frames no
    // journey asserts on. The journeys about motion, and those that walk menus, focus and dialogs
    // with it (home, keyboard, admin, the carousel's), ask for none (docs/decisions.md, "The
    // journeys run with reduced motion").
    reducedMotion: 'reduce',
    launchOptions: {
      // Debian's headless shell (package chromium-headless-shell): the same Blink and V8 as
      // /usr/bin/chromium without the full browser around them, as Playwright's own default for
      // headless runs. It does the journeys' work in about a fifth less CPU (docs/decisions.md,
      // "The journeys run in Chromium's headless shell").
      executablePath: '/usr/bin/chromium-headless-shell',
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
    },
    screenshot: 'only-on-failure',
  },
  // One server per worker, started one after another before the first journey.
  webServer: Array.from({ length: workerCount }, (_, i) => ({
    command: 'node --import tsx e2e/server.ts',
    cwd: '..',
    url: `${serverURL(basePort + i)}/healthz`,
    reuseExistingServer: false,
    // The server logs warnings and errors only; show them beside the journeys.
    stdout: 'pipe' as const,
    timeout: 120_000,
    env: { E2E_PORT: String(basePort + i) },
  })),
});

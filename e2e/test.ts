import { test as base, type Browser, type BrowserContextOptions, type Page } from '@playwright/test';
import { serverPort, serverURL } from './journey-servers.js';

export { expect } from '@playwright/test';

/**
 * Resolves once the web app has taken over the page: React has hydrated or drawn the whole tree
 * (apps/web/src/main.tsx marks `<html data-app-started>`), or at once on a page without the app
 * (the certificate verification page, an API answer). The root alone was not enough: hydration
 * runs as a transition, and a category chosen in 我要留言's select before it reached the form
 * was put back to 请选择.
 *
 * A public page arrives server-rendered and its scripts start only after the first paint
 * (apps/web/build/scriptsAfterFirstPaint.ts), possibly after the load event that `goto`
 * waits for: its links and buttons are on screen before anything handles a click on a button.
 */
export async function appStarted(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const root = document.getElementById('root');
    return !root || document.documentElement.dataset.appStarted !== undefined;
  });
}

/** Makes the page's goto (unless it waits only for the first byte) and reload return once the app has started (see appStarted). */
export function waitingForApp(page: Page): Page {
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  page.goto = async (url, options) => {
    const response = await goto(url, options);
    // A caller that asks for control at the first byte (to catch the page's first requests) gets it.
    if (options?.waitUntil !== 'commit') await appStarted(page);
    return response;
  };
  page.reload = async (options) => {
    const response = await reload(options);
    await appStarted(page);
    return response;
  };
  return page;
}

/**
 * A picture of the page for a person to look at (the 1440 and 375 px views a change is reviewed
 * by), written to `path`. Taken only when E2E_SCREENSHOTS=1: nothing asserts on these pictures,
 * and the few hundred a run took, most of whole pages drawn and encoded in software, were
 * a tenth of the journeys' CPU. Review a change with `E2E_SCREENSHOTS=1 npx playwright test -c
 * e2e/playwright.config.ts <spec>`; a failing journey's own picture is taken either way.
 */
export async function look(page: Page, path: string, options: Omit<NonNullable<Parameters<Page['screenshot']>[0]>, 'path'> = {}): Promise<void> {
  if (process.env.E2E_SCREENSHOTS !== '1') return;
  await page.screenshot({ ...options, path });
}

/** Runs `use` on a page of a context of its own with JavaScript off (more options: a phone's viewport, headers), closed after. */
export async function withoutScript(browser: Browser, options: BrowserContextOptions, use: (page: Page) => Promise<void>): Promise<void> {
  const context = await browser.newContext({ ...options, javaScriptEnabled: false, locale: 'zh-CN' });
  try {
    await use(await context.newPage());
  } finally {
    await context.close();
  }
}

/**
 * Playwright's test, whose `page` waits for the app after goto and reload, and which closes the
 * browser contexts it opened itself (a member's browser beside the staff's) when it ends, passed
 * or failed: a page left open keeps its clock, polls and timers running through every later test
 * of the worker. Each worker drives a server of its own (journey-servers.ts): `baseURL`, and so
 * every page, context and request of the test, is that server's; `serverPort` is its port.
 */
export const test = base.extend<{ closesItsContexts: void }, { serverPort: number }>({
  // Playwright reads a fixture's dependencies from its first parameter, a pattern even when empty.
  // eslint-disable-next-line no-empty-pattern
  serverPort: [async ({}, use, workerInfo) => use(serverPort(workerInfo.parallelIndex)), { scope: 'worker' }],
  baseURL: async ({ serverPort }, use) => {
    await use(serverURL(serverPort));
  },
  page: async ({ page }, use) => {
    await use(waitingForApp(page));
  },
  closesItsContexts: [
    async ({ browser }, use) => {
      const before = new Set(browser.contexts());
      await use();
      await Promise.all(
        browser
          .contexts()
          .filter((context) => !before.has(context))
          .map((context) => context.close()),
      );
    },
    { auto: true },
  ],
});

import { createRequire } from 'node:module';
import { chromium, type Browser } from '@playwright/test';

const axePath = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

export interface AxeFigures {
  /** Violations by impact; serious and critical are the ones the site must not have. */
  critical: number;
  serious: number;
  moderate: number;
  minor: number;
  /** Rule ids of the serious and critical violations, for the report. */
  rules: string[];
}

export function startBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu'] });
}

/** axe-core's WCAG 2.1 A and AA rules on the page once it has loaded and hydrated, at the given width. */
export async function axeCheck(browser: Browser, url: string, width: number, cookie?: string): Promise<AxeFigures> {
  // axe is injected as an inline script: the site's CSP rightly forbids those, so it is bypassed here only.
  const context = await browser.newContext({ viewport: { width, height: 900 }, bypassCSP: true, locale: 'zh-CN' });
  // A visitor's look is a cookie their browser holds (the page hydrates by document.cookie too).
  if (cookie) {
    const at = cookie.indexOf('=');
    await context.addCookies([{ name: cookie.slice(0, at), value: cookie.slice(at + 1), url }]);
  }
  try {
    const page = await context.newPage();
    await page.goto(url, { waitUntil: 'networkidle' });
    await page.addScriptTag({ path: axePath });
    const violations = await page.evaluate(async () => {
      const axe = (window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<{ violations: { id: string; impact: string }[] }> } }).axe;
      const result = await axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] } });
      return result.violations.map((v) => ({ id: v.id, impact: v.impact }));
    });
    const count = (impact: string) => violations.filter((v) => v.impact === impact).length;
    return {
      critical: count('critical'),
      serious: count('serious'),
      moderate: count('moderate'),
      minor: count('minor'),
      rules: violations.filter((v) => v.impact === 'critical' || v.impact === 'serious').map((v) => v.id),
    };
  } finally {
    await context.close();
  }
}

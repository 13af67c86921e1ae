import lighthouse, { desktopConfig, type Flags, type Result } from 'lighthouse';
import { launch, type LaunchedChrome } from 'chrome-launcher';
// Lighthouse's own driver (its dependency), used only to put a cookie into the browser.
import puppeteer, { type Browser, type Page } from 'puppeteer-core';

/** Lighthouse's figures for one page on one form factor: the median of its runs, metric by metric. */
export interface LighthouseFigures {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  /** JavaScript transferred (gzip or brotli as served) while loading the page. */
  jsBytes: number;
  /** The largest unused-JavaScript finding of one script, in bytes (the audit flags scripts above 20 KiB). */
  unusedJsMaxBytes: number;
}

/** The audits that cost a category points (weighted and not passed), by Lighthouse id, in any of the runs. */
export interface LighthouseFindings {
  bestPractices: string[];
  seo: string[];
}

export type LighthouseMeasure = LighthouseFigures & { findings: LighthouseFindings };

export type FormFactor = 'mobile' | 'desktop';

/** Debian's Chromium in the old headless mode: Lighthouse 12 finds no navigation start in the new one's traces. */
function startChrome(): Promise<LaunchedChrome> {
  return launch({ chromePath: '/usr/bin/chromium', chromeFlags: ['--headless', '--no-sandbox', '--disable-gpu'] });
}

/**
 * On a loaded machine Lighthouse sometimes finds no navigation start in Chromium's trace
 * (NO_NAVSTART): that run measured nothing, so it is run again, at most twice.
 */
const TRACE_ATTEMPTS = 3;

/** One Lighthouse run in a browser of its own (no cache or service state carried between runs). */
async function runOnce(url: string, formFactor: FormFactor, cookie: string | undefined): Promise<LighthouseMeasure> {
  for (let attempt = 1; ; attempt++) {
    const chrome = await startChrome();
    try {
      return await audit(chrome, url, formFactor, cookie);
    } catch (err) {
      if (!(err instanceof TraceMissing) || attempt === TRACE_ATTEMPTS) throw err;
      console.log(`  ${formFactor}: no trace recorded (NO_NAVSTART), measuring again`);
    } finally {
      chrome.kill();
    }
  }
}

class TraceMissing extends Error {}

/**
 * A page of the launched browser that holds `cookie` (name=value) for the measured site, as a
 * visitor's browser does. Sent only as a request header, the cookie reached the server but not
 * document.cookie: the page was drawn in the visitor's look (关怀版) and hydrated in the default
 * one, a mismatch no visitor meets (React error #418, then a whole re-render).
 */
async function pageWithCookie(chrome: LaunchedChrome, url: string, cookie: string): Promise<{ browser: Browser; page: Page }> {
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}`, defaultViewport: null });
  const page = await browser.newPage();
  const at = cookie.indexOf('=');
  await browser.setCookie({ name: cookie.slice(0, at), value: cookie.slice(at + 1), domain: new URL(url).hostname, path: '/' });
  return { browser, page };
}

async function audit(chrome: LaunchedChrome, url: string, formFactor: FormFactor, cookie: string | undefined): Promise<LighthouseMeasure> {
  const flags: Flags = {
    port: chrome.port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
    // /404 and unknown articles answer HTTP 404 on purpose; their pages are measured all the same.
    ignoreStatusCode: true,
    // A visitor's look (关怀版, 尺寸) is a cookie in their browser: kept, not wiped before the run
    // (each run has a browser of its own, so nothing else carries over).
    ...(cookie ? { disableStorageReset: true } : {}),
  };
  const driven = cookie ? await pageWithCookie(chrome, url, cookie) : undefined;
  let result: Awaited<ReturnType<typeof lighthouse>>;
  try {
    result = await lighthouse(url, flags, formFactor === 'desktop' ? desktopConfig : undefined, driven?.page);
  } finally {
    await driven?.browser.disconnect();
  }
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  const lhr = result.lhr;
  if (lhr.runtimeError?.code === 'NO_NAVSTART') throw new TraceMissing(`Lighthouse on ${url}: ${lhr.runtimeError.message}`);
  if (lhr.runtimeError) throw new Error(`Lighthouse on ${url}: ${lhr.runtimeError.message}`);
  const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const numeric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const scripts = (lhr.audits['resource-summary']?.details as { items?: { resourceType: string; transferSize: number }[] } | undefined)?.items ?? [];
  const unused = (lhr.audits['unused-javascript']?.details as { items?: { wastedBytes: number }[] } | undefined)?.items ?? [];
  const failing = (id: string) =>
    (lhr.categories[id]?.auditRefs ?? []).filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1).map((ref) => ref.id);
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    seo: score('seo'),
    lcpMs: numeric('largest-contentful-paint'),
    tbtMs: numeric('total-blocking-time'),
    cls: numeric('cumulative-layout-shift'),
    jsBytes: scripts.find((i) => i.resourceType === 'script')?.transferSize ?? 0,
    unusedJsMaxBytes: Math.max(0, ...unused.map((i) => i.wastedBytes)),
    findings: { bestPractices: failing('best-practices'), seo: failing('seo') },
  };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] as number;
};

/** Runs Lighthouse `runs` times and keeps each figure's median (a slow run on a busy machine does not decide). */
export async function measure(url: string, formFactor: FormFactor, runs: number, cookie?: string): Promise<LighthouseMeasure> {
  const all: LighthouseMeasure[] = [];
  for (let i = 0; i < runs; i++) all.push(await runOnce(url, formFactor, cookie));
  const keys = (Object.keys(all[0]!) as (keyof LighthouseMeasure)[]).filter((k): k is keyof LighthouseFigures => k !== 'findings');
  const figures = Object.fromEntries(keys.map((k) => [k, median(all.map((f) => f[k]))])) as unknown as LighthouseFigures;
  const seen = (category: keyof LighthouseFindings) => [...new Set(all.flatMap((f) => f.findings[category]))];
  return { ...figures, findings: { bestPractices: seen('bestPractices'), seo: seen('seo') } };
}

export type { Result };

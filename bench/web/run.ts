import { fork, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { formatCst } from '@portal/shared';
import { axeCheck, startBrowser, type AxeFigures } from './axe.js';
import { measure, type FormFactor, type LighthouseMeasure } from './lighthouse.js';
import { benchPages, type BenchPage } from './pages.js';

/**
 * `npm run bench:web`: builds the web app, starts the production server on a fresh demo data
 * folder, runs Lighthouse (mobile and desktop, median of 3 runs) and axe-core on every public
 * page in Debian's Chromium, and writes bench/WEB.md. Not part of `npm test`: the figures depend
 * on the machine and its load, and are read, not asserted.
 *
 * Options: --runs N (Lighthouse runs per page and form factor, default 3), --no-build (use the
 * existing apps/web/dist; WEB_DIST=… measures another build), --out FILE (default bench/WEB.md),
 * --port N (default 3201), --path /some/page (repeatable: measure these pages of the demo site
 * instead of the named ones, e.g. pages a visitor reaches from them; write them with --out),
 * --cookie name=value (sent with every page: `--cookie display=c1.t200` measures the pages as a
 * 关怀版 visitor at 200 % text sees them; write them with --out).
 */

const root = path.resolve(import.meta.dirname, '../..');
const { values: options } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    'no-build': { type: 'boolean', default: false },
    out: { type: 'string', default: path.join(root, 'bench/WEB.md') },
    port: { type: 'string', default: '3201' },
    path: { type: 'string', multiple: true },
    cookie: { type: 'string' },
  },
});
const runs = Number(options.runs);
const port = Number(options.port);
const base = `http://127.0.0.1:${port}`;

interface PageResult {
  page: BenchPage;
  lighthouse: Record<FormFactor, LighthouseMeasure>;
  axe: { desktop: AxeFigures; phone: AxeFigures };
}

function build(): void {
  console.log('npm run build');
  const built = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (built.status !== 0) throw new Error('npm run build failed');
}

function startServer(dataDir: string): Promise<{ child: ChildProcess; verifyToken: string }> {
  const child = fork(path.join(import.meta.dirname, 'server.ts'), [dataDir, String(port)], {
    cwd: root,
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, NODE_ENV: 'production', PUBLIC_BASE_URL: `http://127.0.0.1:${port}` },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    // A fresh demo database is seeded first (pictures and their copies included): minutes on a busy machine.
    const timer = setTimeout(() => reject(new Error('server did not start within 300 s')), 300_000);
    child.once('message', (message) => {
      clearTimeout(timer);
      resolve({ child, verifyToken: (message as { verifyToken: string }).verifyToken });
    });
    child.once('exit', (code) => reject(new Error(`server exited with code ${code}`)));
  });
}

const kb = (bytes: number) => (bytes / 1024).toFixed(1);
const ms = (value: number) => (value / 1000).toFixed(2);
const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' / ');

function report(results: PageResult[], loadBefore: string, loadAfter: string): string {
  const lighthouseRows = (formFactor: FormFactor) =>
    results.map(({ page, lighthouse }) => {
      const f = lighthouse[formFactor];
      return `| ${page.name} | ${f.performance} | ${f.accessibility} | ${f.bestPractices} | ${f.seo} | ${ms(f.lcpMs)} | ${Math.round(f.tbtMs)} | ${f.cls.toFixed(3)} | ${kb(f.jsBytes)} | ${kb(f.unusedJsMaxBytes)} |`;
    });
  const header =
    '| page | perf. | a11y | best pr. | SEO | LCP s | TBT ms | CLS | JS KB | largest unused JS KB |\n| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |';
  // Which audits took the points, so a score below 100 can be read (and told from a deliberate choice).
  const findingRows = results.flatMap(({ page, lighthouse }) =>
    (['mobile', 'desktop'] as const).flatMap((formFactor) => {
      const { bestPractices, seo } = lighthouse[formFactor].findings;
      return bestPractices.length + seo.length === 0
        ? []
        : [`| ${page.name} | ${formFactor} | ${bestPractices.join(', ') || '–'} | ${seo.join(', ') || '–'} |`];
    }),
  );
  const axeCell = (a: AxeFigures) =>
    `${a.critical} / ${a.serious} / ${a.moderate} / ${a.minor}${a.rules.length ? ` (${[...new Set(a.rules)].join(', ')})` : ''}`;
  return [
    '# Public pages in the browser (`npm run bench:web`)',
    '',
    `Measured ${formatCst(Date.now())} (China time) on ${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'unknown CPU'}), Node ${process.version}, Debian's Chromium.`,
    `Load average (1 / 5 / 15 min) before: ${loadBefore}; after: ${loadAfter}.`,
    ...(options.cookie ? [`Every page asked with the cookie \`${options.cookie}\` (a visitor's look: \`display=c1.t200\` is 关怀版 at 200 % text).`] : []),
    'A load average above the number of cores means other work shared the machine: Lighthouse then',
    'simulates from slower observed timings, so TBT and LCP read worse than on an idle machine.',
    '',
    'The production build on a fresh demo database, served on loopback. Lighthouse 12 with its default',
    'simulated throttling (mobile: a mid-range phone on slow 4G; desktop: its desktop preset), each',
    `figure the median of ${runs} run(s). JS KB is the JavaScript transferred (compressed as served) to load`,
    'the page; "largest unused JS" is the biggest single finding of the unused-JavaScript audit (0: none',
    'flagged). axe-core 4 with the WCAG 2.1 A/AA rules, after the page has loaded and hydrated.',
    '',
    '## Mobile',
    '',
    header,
    ...lighthouseRows('mobile'),
    '',
    '## Desktop',
    '',
    header,
    ...lighthouseRows('desktop'),
    '',
    '## Audits that cost best-practices or SEO points (Lighthouse ids, in any run)',
    '',
    "Pages kept out of search engines on purpose (search results, a certificate holder's verification",
    'page, 404s: `noindex`) fail `is-crawlable`; a 404 page fails `http-status-code`, and Chromium logs',
    'its status as a failed load (`errors-in-console`). These are what such pages must do, not defects.',
    '',
    ...(findingRows.length ? ['| page | form factor | best practices | SEO |', '| --- | --- | --- | --- |', ...findingRows] : ['None.']),
    '',
    '## axe-core violations (critical / serious / moderate / minor)',
    '',
    '| page | 1440 px | 375 px |',
    '| --- | --- | --- |',
    ...results.map(({ page, axe }) => `| ${page.name} | ${axeCell(axe.desktop)} | ${axeCell(axe.phone)} |`),
    '',
  ].join('\n');
}

if (!options['no-build']) build();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-web-'));
const server = await startServer(dataDir);
const browser = await startBrowser();
try {
  const loadBefore = load();
  const pages = options.path ? options.path.map((p) => ({ name: p, path: p })) : await benchPages(base, server.verifyToken);
  const results: PageResult[] = [];
  for (const page of pages) {
    const url = base + page.path;
    console.log(`${page.name}: Lighthouse ×${runs} mobile, ×${runs} desktop, axe`);
    results.push({
      page,
      lighthouse: { mobile: await measure(url, 'mobile', runs, options.cookie), desktop: await measure(url, 'desktop', runs, options.cookie) },
      axe: { desktop: await axeCheck(browser, url, 1440, options.cookie), phone: await axeCheck(browser, url, 375, options.cookie) },
    });
    // Written after each page: a run stopped halfway still leaves what it measured.
    fs.writeFileSync(options.out, report(results, loadBefore, load()));
  }
  console.log(`written ${path.relative(root, options.out)}`);
} finally {
  await browser.close();
  const exited = new Promise((resolve) => server.child.once('exit', resolve));
  server.child.disconnect();
  await exited;
  fs.rmSync(dataDir, { recursive: true, force: true });
}

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import Fastify from 'fastify';
import { parseDisplay } from '@portal/shared';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/config.js';
import { callInProcess, type CallConfig } from '../apps/server/src/features/pages/render.js';
import { pageDocument, withRenderedPage } from '../apps/server/src/features/pages/page-document.mjs';
import type { BenchData } from './data.js';
import { cpuPerRunBatches, machineLoad } from './harness.js';

/**
 * `npx tsx bench/page-budget.ts [--rounds 200]`: what one uncached page costs the server, part
 * by part, each part measured alone in this process, one after another, on the data of
 * `npm run bench` (build it first) and the web app's server build (`npm run build`):
 * - **calls**: the page's API calls answered as the server answers them for a page it draws with
 *   the response cache off (features/pages/render.ts `callInProcess`: Fastify's inject, the
 *   route, the database), and beside them as many calls through inject to a bare Fastify route
 *   answering a fixed envelope: what inject itself costs the page;
 * - **drawing**: the web app's server entry drawing the page from those answers, replayed
 *   (loading the declared queries, routing, renderToString, dehydrating), as bench/render.ts;
 * - **finishing**: the page put into index.html and compressed (page-document.mjs, brotli), as the
 *   render thread does.
 *
 * CPU time of the process (process.cpuUsage, every thread: V8's garbage-collector helpers
 * included), median of 5 batches of `--rounds`, after a warm-up batch. Without load, so the
 * sum is below what `bench/page-cpu.ts` counts per page under load, which adds the messages
 * between threads, keeping and sending the page, and garbage collected on a busier heap.
 */

const root = path.resolve(import.meta.dirname, '..');
const { values: args } = parseArgs({ options: { rounds: { type: 'string' } } });
const ROUNDS = Number(args.rounds ?? 200);
const BATCHES = 5;
const atStart = os.loadavg();

interface Rendered {
  html: string;
  styles: string;
  state: string;
}
type Render = (
  url: string,
  options: { status: number; transport: (config: CallConfig) => Promise<{ status: number; data: unknown }>; display: unknown },
) => Promise<Rendered>;

const entry = path.join(root, 'apps/web/dist-ssr/entry-server.js');
const shellFile = path.join(root, 'apps/web/dist/index.html');
if (!fs.existsSync(entry) || !fs.existsSync(shellFile)) throw new Error('no build of the web app: run `npm run build` first');
const data = JSON.parse(fs.readFileSync(path.join(root, 'bench/.data/ready.json'), 'utf8')) as BenchData;
const { render } = (await import(pathToFileURL(entry).href)) as { render: Render };
const shell = fs.readFileSync(shellFile, 'utf8');

/** CPU milliseconds per run of `work`: the median of the batches. */
const cpuPerRun = async (work: () => unknown) => (await cpuPerRunBatches(work, ROUNDS, BATCHES))[Math.floor(BATCHES / 2)]!;

// The server as it draws uncached pages, without its own render pool (the drawing is measured here).
const app = await buildApp(
  { ...loadConfig({}), dataDir: data.dataDir, logLevel: 'warn', responseCacheBytes: 0, webDist: path.join(root, 'bench/.data/no-web') },
  { logger: false },
);
const bare = Fastify();
try {
  await app.ready();
  const call = callInProcess(app);
  const pages = {
    '/home': '/home',
    '/info (an article)': `/info?MenuId=${data.bigMenuId}&NewsId=${data.detailId}`,
    '/menuList (a list)': `/menuList?ParentId=0&MenuId=${data.bigMenuId}`,
  };

  // What inject costs whatever the route: a route answering a fixed envelope at once.
  const envelope = { Code: 200, Msg: '操作成功', Data: { Name: '中国建设工程保险风险管理协会' } };
  bare.get('/fixed', async () => envelope);
  await bare.ready();

  console.log(`| page | calls | the calls, ms | as many through inject to a bare route, ms | drawing, ms | finishing, ms | sum, ms | document KB |`);
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|');
  const display = parseDisplay(undefined);
  for (const [name, url] of Object.entries(pages)) {
    // The page's calls, recorded as the server answers them, then replayed for the drawing.
    const asked: CallConfig[] = [];
    const recorded = new Map<string, { json: Uint8Array; status: number }>();
    const read = ({ json, status }: { json: Uint8Array; status: number }) => ({ status, data: JSON.parse(Buffer.from(json).toString('utf8')) as unknown });
    const recording = async (config: CallConfig) => {
      const answer = await call(config);
      asked.push(config);
      recorded.set(JSON.stringify(config), answer);
      return read(answer);
    };
    await render(url, { status: 200, transport: recording, display });
    const replaying = async (config: CallConfig) => {
      const answer = recorded.get(JSON.stringify(config));
      if (!answer) throw new Error(`a call the recording lacks: ${JSON.stringify(config)}`);
      return read(answer);
    };

    // At once, as a drawing asks for them; inject's own part measured the same way.
    const calls = await cpuPerRun(() => Promise.all(asked.map((config) => call(config))));
    const injectAlone = await cpuPerRun(() => Promise.all(asked.map(() => bare.inject({ method: 'GET', url: '/fixed' }))));
    const drawing = await cpuPerRun(() => render(url, { status: 200, transport: replaying, display }));
    const page = await render(url, { status: 200, transport: replaying, display });
    const document = withRenderedPage(shell, page);
    const finishing = await cpuPerRun(() => pageDocument(document, 'br'));
    const [callsMs, injectMs, drawingMs, finishingMs, sumMs] = [calls, injectAlone, drawing, finishing, calls + drawing + finishing].map((ms) => ms.toFixed(2));
    console.log(
      `| ${name} | ${asked.length} | ${callsMs} | ${injectMs} | ${drawingMs} | ${finishingMs} | ${sumMs} | ${(Buffer.byteLength(document) / 1024).toFixed(1)} |`,
    );
  }
  console.log(
    `\nCPU ms per page (median of ${BATCHES} batches of ${ROUNDS}), one part at a time, 100,000 articles on SQLite, response cache off, Node ${process.version}. ${machineLoad(atStart)}`,
  );
} finally {
  await bare.close();
  await app.close();
}

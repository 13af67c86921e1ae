import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { parseDisplay } from '@portal/shared';
import type { BenchData } from './data.js';
import { cpuPerRunBatches, startServer } from './harness.js';

/**
 * `npx tsx bench/render.ts [--drawings 200] [--entry FILE]`: the CPU time one drawing of a page
 * takes, the web app's server build alone (apps/web/dist-ssr/entry-server.js, built by `npm run
 * build`; `--entry` names another, e.g. an older commit's built in a worktree), on the
 * data of `npm run bench`. The page's API calls are answered from a recording: each is asked
 * once of a server on that data (bench/server.ts, the response cache on), then every drawing
 * gets the recorded answer at once, so what is measured is the drawing (loading the declared
 * queries, routing, renderToString, dehydrating) and not the API.
 *
 * CPU time of this process (process.cpuUsage) over a batch of drawings one after another, not
 * wall-clock time: on a machine that others keep busy a drawing waits longer for the CPU, but
 * takes about as much of it, so the figure moves far less with the load than req/s does. Reported
 * per page: the median of the batches' CPU time per drawing (after a warm-up batch), the lowest,
 * and the sizes of the page's HTML and dehydrated state. What a drawing costs the server in
 * all adds the event loop's side (the page's calls, its head, compressing it): see profile.ts.
 */

const root = path.resolve(import.meta.dirname, '..');
const { values: args } = parseArgs({ options: { drawings: { type: 'string' }, entry: { type: 'string' } } });
const DRAWINGS = Number(args.drawings ?? 200);
const BATCHES = 5;

interface CallConfig {
  method?: string;
  baseURL?: string;
  url?: string;
  params?: Record<string, unknown>;
}
interface Answer {
  data: unknown;
  status: number;
  statusText: string;
  headers: Record<string, string>;
}
interface Rendered {
  html: string;
  state: string;
  draws: number;
}
type Render = (url: string, options: { status: number; transport: (config: CallConfig) => Promise<unknown>; display: unknown }) => Promise<Rendered>;

const entry = path.resolve(args.entry ?? path.join(root, 'apps/web/dist-ssr/entry-server.js'));
if (!fs.existsSync(entry)) throw new Error('no server build of the web app: run `npm run build` first');
const data = JSON.parse(fs.readFileSync(path.join(root, 'bench/.data/ready.json'), 'utf8')) as BenchData;
const { render } = (await import(pathToFileURL(entry).href)) as { render: Render };

const pages = {
  '/home': '/home',
  '/info (an article)': `/info?MenuId=${data.bigMenuId}&NewsId=${data.detailId}`,
  '/menuList (a list)': `/menuList?ParentId=0&MenuId=${data.bigMenuId}`,
  '/messages (留言选登)': '/messages',
  '/messages/:id (an answer)': `/messages/${data.answerId}`,
};

/** A call as its address: the recording's key, and what the server is asked. */
function addressOf(config: CallConfig): string {
  const url = new URL(`${config.baseURL ?? ''}${config.url ?? ''}`, 'http://page');
  for (const [key, value] of Object.entries(config.params ?? {})) if (value !== undefined && value !== null) url.searchParams.set(key, String(value));
  return url.pathname + url.search;
}

const server = await startServer(root, { DATA_DIR: data.dataDir, DATABASE_URL: '' });
const recorded = new Map<string, Answer>();
const recording = async (config: CallConfig) => {
  const address = addressOf(config);
  let answer = recorded.get(address);
  if (!answer) {
    const res = await fetch(`http://127.0.0.1:${server.port}${address}`);
    answer = { data: await res.json(), status: res.status, statusText: res.statusText, headers: { 'content-type': res.headers.get('content-type') ?? '' } };
    recorded.set(address, answer);
  }
  return { ...answer, config, request: {} };
};
const display = parseDisplay(undefined);
try {
  // Every call of every page recorded before anything is measured.
  for (const url of Object.values(pages)) await render(url, { status: 200, transport: recording, display });
} finally {
  await server.stop();
}
const replaying = async (config: CallConfig) => {
  const answer = recorded.get(addressOf(config));
  if (!answer) throw new Error(`a call the recording lacks: ${addressOf(config)}`);
  return { ...answer, config, request: {} };
};

console.log(`| page | CPU ms per drawing (median of ${BATCHES} batches of ${DRAWINGS}) | lowest batch | draws | HTML KB | state KB |`);
console.log('|---|---:|---:|---:|---:|---:|');
for (const [name, url] of Object.entries(pages)) {
  const draw = () => render(url, { status: 200, transport: replaying, display });
  const batches = await cpuPerRunBatches(draw, DRAWINGS, BATCHES);
  const last = await draw();
  const kb = (text: string) => (Buffer.byteLength(text) / 1024).toFixed(1);
  console.log(
    `| ${name} | ${batches[Math.floor(BATCHES / 2)]!.toFixed(2)} | ${batches[0]!.toFixed(2)} | ${last.draws} | ${kb(last.html)} | ${kb(last.state)} |`,
  );
}
console.log(
  `\nNode ${process.version}, load average ${(await import('node:os')).default
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(' / ')} at the end`,
);

import { fork, type ChildProcess } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import type { BenchData } from './data.js';
import type { ServerCommand, ServerPorts } from './server.js';

/**
 * What run.ts and cpu-ab.ts share: the public targets and how a server under test is started,
 * so a comparison of two builds asks exactly what `npm run bench` measures, of servers set up
 * as it sets them up.
 */

export const KEY_SHORT = '保险';
export const KEY_LONG = '潜在缺陷';
/** What every browser and crawler sends: pages and large answers then travel compressed, as they do in use. */
export const HEADERS = { 'accept-encoding': 'gzip, deflate, br' };

/** How a target is asked uncached (of a server with the response cache off): the same request again, or a fresh search key each time. */
export type UncachedMode = 'same' | 'key2' | 'key4';

export interface Target {
  name: string;
  path: string;
  /** What a correct answer looks like; a wrong one is reported instead of a fast error page. */
  check: (body: string) => boolean;
  modes: Array<'cached' | UncachedMode>;
  /** Asked with a signed-in member's token (`signInMember`): member-only reads. */
  asMember?: true;
  /** Also answered by the same-work route (bench/same-work.ts: the same call under /same-work/), measured beside it uncached. */
  sameWork?: true;
}

/** An envelope with Code 200 and, for lists, at least one row. */
const envelopeOk = (needsRows: boolean) => (body: string) => {
  const parsed = JSON.parse(body) as { Code?: number; Data?: { List?: unknown[] } | unknown[] };
  if (parsed.Code !== 200) return false;
  if (!needsRows) return true;
  const list = Array.isArray(parsed.Data) ? parsed.Data : parsed.Data?.List;
  return Array.isArray(list) && list.length > 0;
};
const isPage = (b: string) => b.includes('<div id="root"><');

export function targets(data: BenchData): Target[] {
  const api = '/api/XfWebApi';
  const both: Target['modes'] = ['cached', 'same'];
  const list = (pid: number, page: number) => `${api}/GetNewsList?pid=${pid}&pagesize=10&pageindex=${page}`;
  return [
    { name: 'GetMenuList', path: `${api}/GetMenuList?parentid=-1`, check: envelopeOk(true), modes: both },
    { name: 'GetNewsList page 1 (政策要闻)', path: list(data.bigMenuId, 1), check: envelopeOk(true), modes: both, sameWork: true },
    { name: 'GetNewsList page 500 (政策要闻)', path: list(data.bigMenuId, 500), check: envelopeOk(true), modes: both, sameWork: true },
    { name: 'GetNewsDetail', path: `${api}/GetNewsDetail?newsid=${data.detailId}`, check: envelopeOk(false), modes: both, sameWork: true },
    { name: 'GetNewsReList', path: `${api}/GetNewsReList?pageindex=1&pagesize=10`, check: envelopeOk(true), modes: both },
    { name: 'GetNewPositionList', path: `${api}/GetNewPositionList?seat=1&pageindex=1&pagesize=10`, check: envelopeOk(false), modes: both },
    { name: 'GetBannerList', path: `${api}/GetBannerList?type=2`, check: envelopeOk(false), modes: both },
    { name: 'GetWebFriendlinks', path: `${api}/GetWebFriendlinks`, check: envelopeOk(false), modes: both },
    { name: 'GetTypeList', path: `${api}/GetTypeList?type=1`, check: envelopeOk(false), modes: both },
    { name: 'GetSiteInfo', path: `${api}/GetSiteInfo`, check: envelopeOk(false), modes: both },
    {
      name: `search, 2-character key (${KEY_SHORT} cached; other keys uncached)`,
      path: `${api}/GetNewsList?key=${encodeURIComponent(KEY_SHORT)}&pagesize=10&pageindex=1`,
      check: envelopeOk(true),
      modes: ['cached', 'key2'],
    },
    {
      name: `search, 4-character key (${KEY_LONG} cached; other keys uncached)`,
      path: `${api}/GetNewsList?key=${encodeURIComponent(KEY_LONG)}&pagesize=10&pageindex=1`,
      check: envelopeOk(true),
      modes: ['cached', 'key4'],
    },
    { name: 'page /home (server-rendered)', path: '/home', check: isPage, modes: both },
    { name: 'page /info (an article, server-rendered)', path: `/info?MenuId=${data.bigMenuId}&NewsId=${data.detailId}`, check: isPage, modes: both },
    { name: 'GetPublicMessageList page 1 (在线留言)', path: `${api}/GetPublicMessageList?pagesize=10&pageindex=1`, check: envelopeOk(true), modes: both },
    { name: 'page /messages (在线留言, server-rendered)', path: '/messages', check: isPage, modes: both },
    { name: 'page /messages/:id (an answer, server-rendered)', path: `/messages/${data.answerId}`, check: isPage, modes: both },
    {
      name: 'member: GetNewsDetail (member-only article)',
      path: `${api}/GetNewsDetail?newsid=${data.memberNewsId}`,
      check: envelopeOk(false),
      modes: both,
      asMember: true,
    },
    { name: 'member: GetNewsList page 1 (政策要闻)', path: list(data.bigMenuId, 1), check: envelopeOk(true), modes: both, asMember: true },
    { name: 'member: GetUserInfo', path: `${api}/GetUserInfo`, check: envelopeOk(false), modes: both, asMember: true },
  ];
}

/** Signs the bench member in (GetLoginToken) and answers the member token. */
export async function signInMember(port: number, data: BenchData): Promise<string> {
  const response = await fetch(`http://127.0.0.1:${port}/api/XfWebApi/GetLoginToken`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ str1: data.member.account, str2: data.member.password }),
  });
  const answer = (await response.json()) as { Code: number; Message: string; Data: unknown };
  if (answer.Code !== 200 || typeof answer.Data !== 'string') throw new Error(`bench member sign-in: ${answer.Code} ${answer.Message}`);
  return answer.Data;
}

/** The headers of a request for `target`: a member target carries the member's token. */
export const headersFor = (target: Target, memberToken: string | undefined): Record<string, string> =>
  target.asMember && memberToken ? { ...HEADERS, token: memberToken } : HEADERS;

/** The environment of a server that answers every request afresh: the response cache turned off. */
export const UNCACHED = { RESPONSE_CACHE_MB: '0' };

export interface Server {
  child: ChildProcess;
  /** The port the app listens on (BENCH_APP_PORT, or the one the system chose for 0). */
  port: number;
  ask(command: ServerCommand): Promise<unknown>;
  stop(): Promise<void>;
}

/** bench/server.ts of the checkout at `root` (this one, or another build's worktree) in a child process. */
export function startServer(root: string, env: Record<string, string | undefined>): Promise<Server> {
  const child = fork(path.join(root, 'bench/server.ts'), [], {
    // tsx is found from the working directory: the checkout's own.
    cwd: root,
    execArgv: ['--import', 'tsx'],
    // Request logging off (warn level): the numbers are the server's, not the log pipe's.
    env: { ...process.env, LOG_LEVEL: 'warn', SEED_DEMO: 'false', NODE_ENV: 'production', PUBLIC_BASE_URL: 'http://127.0.0.1', ...env },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const replies: Array<(message: unknown) => void> = [];
  const ask = (command: ServerCommand) =>
    new Promise((resolve) => {
      replies.push(resolve);
      child.send(command);
    });
  const stop = () =>
    new Promise<void>((resolve) => {
      child.once('exit', () => resolve());
      child.disconnect();
    });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('server did not start within 120 s')), 120_000);
    child.on('message', (message: { kind: string; ports?: ServerPorts }) => {
      if (message.kind === 'ready' && message.ports) {
        clearTimeout(timer);
        resolve({ child, port: message.ports.app, ask, stop });
      } else replies.shift()?.(message);
    });
    child.once('exit', (code) => reject(new Error(`server exited with code ${code}`)));
  });
}

/** One server process on the benchmark's SQLite data at `port`, without the bare route: WEB_CONCURRENCY=1, so its render pool has every core. */
export const startOneProcess = (root: string, dataDir: string, port: number, env: Record<string, string | undefined> = {}): Promise<Server> =>
  startServer(root, { DATA_DIR: dataDir, DATABASE_URL: '', WEB_CONCURRENCY: '1', BENCH_APP_PORT: String(port), BENCH_BARE_PORT: undefined, ...env });

/** The machine a run was measured on and how busy it was: "2 cores, load average … at the start, … at the end." */
export function machineLoad(atStart: readonly number[]): string {
  const averages = (values: readonly number[]) => values.map((n) => n.toFixed(2)).join(' / ');
  return `${os.cpus().length} cores, load average ${averages(atStart)} at the start, ${averages(os.loadavg())} at the end.`;
}

/**
 * CPU milliseconds of this process (every thread) per run of `work`, one run after another: a
 * warm-up of a quarter of `rounds`, then `batches` batches of `rounds`, lowest first. CPU time,
 * not wall-clock time: on a machine others keep busy a run waits longer for the CPU but takes
 * about as much of it.
 */
export async function cpuPerRunBatches(work: () => unknown, rounds: number, batches: number): Promise<number[]> {
  for (let i = 0; i < rounds / 4; i++) await work();
  const perRun: number[] = [];
  for (let b = 0; b < batches; b++) {
    const before = process.cpuUsage();
    for (let i = 0; i < rounds; i++) await work();
    const used = process.cpuUsage(before);
    perRun.push((used.user + used.system) / 1000 / rounds);
  }
  return perRun.sort((a, b) => a - b);
}

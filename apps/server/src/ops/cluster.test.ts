import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BannerDto } from '@portal/shared';
import { ADMIN_PASSWORD } from '../../test/admin.js';
import { idNumber } from '../../test/certificates.js';
import { engines } from '../../test/harness.js';
import { testSchemaName } from '../../test/schemas.js';
import { insertMenu, insertNews, timeAt } from '../../test/fixtures.js';
import { READY_WITHIN_MS, runServerToEnd, startServer, type Finished, type ServerProcess } from '../../test/processes.js';
import { freePort } from '../../test/system-processes.js';
import { loadConfig } from '../config.js';
import { connect, type Database, type Engine } from '../db/connection.js';
import { pidFile } from './data-lock.js';

/**
 * `npm start` with WEB_CONCURRENCY=2, as an operator runs it: a primary and two workers sharing
 * the port, over real HTTP. Every request opens its own connection, so the primary hands them
 * to the workers in turn; what one worker learns or counts, the other must see.
 */

interface Answer {
  status: number;
  body: string;
}

/** One request on a connection of its own (no keep-alive: a kept connection stays with one worker). */
function request(url: string, options: { method?: string; headers?: Record<string, string>; body?: unknown } = {}): Promise<Answer> {
  const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      { method: options.method ?? 'GET', agent: false, headers: { ...options.headers, ...(payload ? { 'content-type': 'application/json' } : {}) } },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

/** The server's JSON log lines (the last piece, after the final newline, may still be being written). */
const logLines = (stdout: string) =>
  stdout
    .split('\n')
    .slice(0, -1)
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as { pid: number; msg: string });

/** The processes that have logged an answered request. */
const answeredBy = (stdout: string) =>
  new Set(
    logLines(stdout)
      .filter((l) => l.msg === 'request completed')
      .map((l) => l.pid),
  );

const data = <T>(answer: Answer) => (JSON.parse(answer.body) as { Data: T }).Data;

/** The primary's worker processes: its children that run the compiled server. */
function workerPids(primary: number): number[] {
  const lines = execFileSync('ps', ['-o', 'pid=,args=', '--ppid', String(primary)], { encoding: 'utf8' })
    .trim()
    .split('\n');
  return lines.filter((line) => line.includes('apps/server/dist/server.js')).map((line) => Number.parseInt(line, 10));
}

describe('WEB_CONCURRENCY', () => {
  it('is the number of cores unless given, and a whole number of processes', () => {
    expect(loadConfig({}).webConcurrency).toBe(os.availableParallelism());
    expect(loadConfig({ WEB_CONCURRENCY: '1' }).webConcurrency).toBe(1);
    for (const wrong of ['0', '1.5', 'all']) expect(() => loadConfig({ WEB_CONCURRENCY: wrong })).toThrow(/WEB_CONCURRENCY/);
  });
});

describe('a start that fails in the workers', () => {
  it(
    'ends the primary with exit code 1 and the reason, leaving no pid file',
    async () => {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-cluster-'));
      const port = await freePort();
      const taken = net.createServer();
      await new Promise<void>((resolve) => taken.listen(port, '127.0.0.1', resolve));
      try {
        const run = await runServerToEnd({
          DATA_DIR: dataDir,
          HOST: '127.0.0.1',
          PORT: String(port),
          WEB_CONCURRENCY: '2',
          ADMIN_PASSWORD,
          SEED_DEMO: 'false',
        });
        expect(run.code).toBe(1);
        // The worker says why; the primary, which worker failed.
        expect(run.stderr).toMatch(/启动失败: bind EADDRINUSE/);
        expect(run.stderr).toMatch(/启动失败: 工作进程 \d+ 未能启动/);
        expect(fs.existsSync(pidFile(dataDir))).toBe(false);
      } finally {
        taken.close();
        fs.rmSync(dataDir, { recursive: true, force: true });
      }
      // A preparing worker, then two serving workers, each start before the failure.
    },
    READY_WITHIN_MS,
  );
});

describe.each(engines)('npm start with two workers on %s', (engine: Engine) => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-cluster-'));
  const postgres = engine === 'postgres' ? { databaseUrl: process.env.TEST_DATABASE_URL!, databaseSchema: testSchemaName() } : {};
  const loginsPerMinute = 3;
  let server: ServerProcess;
  let ended: Finished | undefined;
  let database: Database;
  let articleId: number;

  beforeAll(async () => {
    server = await startServer({
      DATA_DIR: dataDir,
      WEB_CONCURRENCY: '2',
      ADMIN_PASSWORD,
      SEED_DEMO: 'false',
      ADMIN_LOGINS_PER_MINUTE: String(loginsPerMinute),
      // Each test is a client of its own, by the address a proxy in front would report.
      TRUST_PROXY: '1',
      // Request lines carry the pid of the worker that answered.
      LOG_LEVEL: 'info',
      ...(postgres.databaseUrl ? { DATABASE_URL: postgres.databaseUrl, DATABASE_SCHEMA: postgres.databaseSchema } : {}),
    });
    // The test's own connection: captcha answers, an article, the views written.
    database = await connect({ dataDir, ...postgres });
    const menuId = await insertMenu(database.db, { name: '协会动态' });
    articleId = await insertNews(database.db, { menuId, title: '两个进程的阅读数', newsCreateTime: timeAt(1) });
  });
  afterAll(async () => {
    if (!ended) await server.stop('SIGKILL');
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  /** Signs in through the real captcha flow; the test sets the ticket's answer in the database. */
  async function signIn(address: string): Promise<string> {
    const ticket = (JSON.parse((await request(`${server.url}/api/XfSystemApi/GetCode`, { headers: { 'x-forwarded-for': address } })).body) as { Url: string })
      .Url;
    // The answer is stored as sha256("<ticket>:<ANSWER>") (features/system/auth/captcha.ts).
    const answerHash = createHash('sha256').update(`${ticket}:ABCD`).digest('hex');
    await database.db.updateTable('captchas').set({ answer_hash: answerHash }).where('ticket', '=', ticket).execute();
    const login = await request(`${server.url}/api/XfSystemApi/Login`, {
      method: 'POST',
      headers: { 'x-forwarded-for': address },
      body: { Account: 'admin', Password: ADMIN_PASSWORD, TreeCode: 'abcd', FullName: ticket },
    });
    const envelope = JSON.parse(login.body) as { Code: number; Message: string; Data: string };
    expect(envelope.Code, envelope.Message).toBe(200);
    return envelope.Data;
  }

  it('knows an admin session opened by one request on every request after it', async () => {
    const token = await signIn('198.51.100.1');
    const answers = await Promise.all(Array.from({ length: 8 }, () => request(`${server.url}/api/XfSystemApi/GetLoginUser`, { headers: { token } })));
    expect(answers.map((a) => [a.status, data<{ Account: string }>(a).Account])).toEqual(Array(8).fill([200, 'admin']));
  });

  it('shows a banner saved through one worker on every read after it within a second', async () => {
    const carousel = async () => data<BannerDto[]>(await request(`${server.url}/api/XfWebApi/GetBannerList?type=2`)).map((b) => b.Title);
    // Both workers cache the empty carousel.
    expect(await Promise.all(Array.from({ length: 4 }, carousel))).toEqual(Array(4).fill([]));
    const token = await signIn('198.51.100.2');
    const saved = await request(`${server.url}/api/XfSysBussiness/SaveBanner`, {
      method: 'POST',
      headers: { token },
      body: { Title: '年会', ImageUrl: '/uploads/a.png' },
    });
    expect(JSON.parse(saved.body)).toMatchObject({ Code: 200 });
    // Within a second the reads see it (the first ones may not yet)…
    await expect.poll(carousel, { timeout: 1000, interval: 10 }).toEqual(['年会']);
    // …and from then on every one, whichever worker answers.
    expect(await Promise.all(Array.from({ length: 8 }, carousel))).toEqual(Array(8).fill(['年会']));
  });

  it('refuses sign-ins over the limit whichever worker they reach, with no write refused as busy', async () => {
    const attempt = () =>
      request(`${server.url}/api/XfSystemApi/Login`, {
        method: 'POST',
        headers: { 'x-forwarded-for': '198.51.100.3' },
        body: { Account: 'admin', Password: 'wrong-password', TreeCode: 'abcd', FullName: 'no-such-ticket' },
      });
    // At once: both workers count (and audit) in the database at the same time.
    const statuses = (await Promise.all(Array.from({ length: 10 }, attempt))).map((a) => a.status);
    expect(statuses.filter((s) => s !== 429)).toEqual(Array(loginsPerMinute).fill(200));
    expect(statuses.filter((s) => s === 429)).toHaveLength(10 - loginsPerMinute);
  });

  it('holds the limits counted in the database whichever worker the requests reach', async () => {
    const at = (address: string) => ({ 'x-forwarded-for': address });
    const codes = (answers: Answer[]) => answers.map((a) => (JSON.parse(a.body) as { Code: number }).Code);
    // Suggestions: 5 per address in 10 minutes.
    const proposals = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        request(`${server.url}/api/XfWebApi/SavePropose`, {
          method: 'POST',
          headers: at('198.51.100.4'),
          body: { Mobile: '13800138000', ProposeContent: `建议${i}` },
        }),
      ),
    );
    expect(codes(proposals).sort()).toEqual([...Array(5).fill(200), ...Array(15).fill(429)]);
    // Certificate lookups: 30 per address in 10 minutes.
    const lookups = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        request(`${server.url}/api/XfWebApi/GetCertList?Name=${encodeURIComponent(`路人${i}`)}&IdNum=${idNumber(1)}`, { headers: at('198.51.100.5') }),
      ),
    );
    expect(codes(lookups).sort()).toEqual([...Array(30).fill(200), ...Array(30).fill(429)]);
  });

  it('adds up the article views both workers counted', async () => {
    const reads = await Promise.all(Array.from({ length: 6 }, () => request(`${server.url}/api/XfWebApi/GetNewsDetail?newsid=${articleId}`)));
    expect(reads.map((r) => r.status)).toEqual(Array(6).fill(200));
    // Written every 2 s by each worker.
    await expect
      .poll(async () => (await database.db.selectFrom('news').select('views').where('id', '=', articleId).executeTakeFirstOrThrow()).views, { timeout: 5000 })
      .toBe(6);
  });

  it(
    'replaces a worker that was killed',
    async () => {
      const before = workerPids(server.pid);
      expect(before).toHaveLength(2);
      process.kill(before[0]!, 'SIGKILL');
      await expect.poll(() => workerPids(server.pid).filter((pid) => !before.includes(pid)), { timeout: 10_000, interval: 200 }).toHaveLength(1);
      // The new one listens: every request is answered, by either worker.
      await expect
        .poll(async () => (await Promise.all(Array.from({ length: 4 }, () => request(`${server.url}/readyz`)))).map((a) => a.status), { timeout: 10_000 })
        .toEqual([200, 200, 200, 200]);
      // Until the replacement has answered one: the primary hands connections only to workers that
      // listen, and on a loaded machine the four above may all have reached the other one. The
      // replacement is a cold start, given as long as a server's start (processes.ts).
      const [replacement] = workerPids(server.pid).filter((pid) => !before.includes(pid));
      await expect
        .poll(
          async () => {
            await Promise.all(Array.from({ length: 4 }, () => request(`${server.url}/readyz`)));
            return answeredBy(server.output()).has(replacement!);
          },
          { timeout: READY_WITHIN_MS, interval: 100 },
        )
        .toBe(true);
    },
    READY_WITHIN_MS + 30_000,
  );

  it('stops every process on SIGTERM with exit code 0 and removes its pid file', async () => {
    expect(Number(fs.readFileSync(pidFile(dataDir), 'utf8'))).toBe(server.pid);
    const workers = workerPids(server.pid);
    ended = await server.stop('SIGTERM');
    expect(ended.code, ended.stderr).toBe(0);
    expect(fs.existsSync(pidFile(dataDir))).toBe(false);
    for (const pid of workers) expect(() => process.kill(pid, 0)).toThrow();
    const lines = logLines(ended.stdout);
    // Both workers answered requests (a third, the replacement, too).
    expect(answeredBy(ended.stdout).size).toBeGreaterThanOrEqual(2);
    expect(lines.filter((l) => /^worker \d+ \(pid \d+\) ended by SIGKILL; a new one starts in 1 s$/.test(l.msg))).toHaveLength(1);
    expect(`${ended.stdout}${ended.stderr}`).not.toMatch(/SQLITE_BUSY|database is locked/);
  });
});

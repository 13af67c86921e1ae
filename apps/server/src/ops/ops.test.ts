import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, engines, envelope, type TestApp } from '../../test/harness.js';
import { ADMIN_PASSWORD, adminCall, attemptLogin, createAdminTestApp } from '../../test/admin.js';
import { onePasswordPerRule, passwordsBreakingPolicy } from '../../test/passwords.js';
import { READY_WITHIN_MS, runServerToEnd, startServer } from '../../test/processes.js';
import { freePort } from '../../test/system-processes.js';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { connect } from '../db/connection.js';
import { migrate } from '../db/migrate.js';
import { ensureSystemSeed } from '../features/system/seed.js';
import { pidFile } from './data-lock.js';
import { printFirstAdmin } from './first-admin.js';

const tempDir = () => fs.mkdtempSync(path.join(os.tmpdir(), 'portal-ops-'));

describe('readiness on sqlite', () => {
  it('answers 503 until the migrations are applied, then 200; liveness asks nothing of the database', async () => {
    const dataDir = tempDir();
    const database = await connect({ dataDir });
    // An app over an unmigrated database: live, not ready.
    const config = { ...loadConfig({}), dataDir, webDist: path.join(dataDir, 'no-web') };
    const app = await buildApp(config, { database, skipMigrations: true, logger: false });
    try {
      expect((await app.inject({ url: '/healthz' })).statusCode).toBe(200);
      const pending = await app.inject({ url: '/readyz' });
      expect(pending.statusCode).toBe(503);
      expect(pending.json<{ reason: string }>().reason).toMatch(/^database unavailable|^migrations not applied/);
      await migrate(database);
      const ready = await app.inject({ url: '/readyz' });
      expect(ready.statusCode).toBe(200);
      expect(ready.json()).toEqual({ status: 'ready' });
    } finally {
      await app.close();
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

/**
 * PostgreSQL through a TCP relay the test opens and shuts: the database goes away under a
 * running app (connections cut, port closed) and comes back on the same address.
 */
describe.runIf(process.env.TEST_DATABASE_URL)('readiness on postgres', () => {
  let relayPort: number;
  let relay: net.Server | undefined;
  const sockets = new Set<net.Socket>();
  const target = new URL(process.env.TEST_DATABASE_URL ?? 'postgres://x');

  async function openRelay() {
    relay = net.createServer((client) => {
      const upstream = net.connect(Number(target.port || 5432), target.hostname);
      for (const s of [client, upstream]) {
        sockets.add(s);
        s.on('close', () => sockets.delete(s));
        s.on('error', () => undefined);
      }
      client.pipe(upstream).pipe(client);
    });
    await new Promise<void>((resolve) => relay!.listen(relayPort, '127.0.0.1', resolve));
  }
  async function closeRelay() {
    for (const s of sockets) s.destroy();
    await new Promise<void>((resolve) => relay!.close(() => resolve()));
  }

  let t: TestApp;
  beforeAll(async () => {
    relayPort = await freePort();
    await openRelay();
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.hostname = '127.0.0.1';
    url.port = String(relayPort);
    t = await createTestApp('postgres', { databaseUrl: url.toString() });
  });
  afterAll(async () => {
    if (!relay?.listening) await openRelay();
    await t.close();
    await closeRelay();
  });

  it('answers 503 with the database gone and 200 again when it returns', async () => {
    expect((await t.app.inject({ url: '/readyz' })).statusCode).toBe(200);
    await closeRelay();
    const gone = await t.app.inject({ url: '/readyz' });
    expect(gone.statusCode).toBe(503);
    expect(gone.json<{ reason: string }>().reason).toMatch(/^database (unavailable|did not answer)/);
    // The process itself still answers: no restart is called for.
    expect((await t.app.inject({ url: '/healthz' })).statusCode).toBe(200);
    await openRelay();
    // The pool drops its broken connections as they fail; a fresh one answers.
    let status = 0;
    for (let i = 0; i < 20 && status !== 200; i++) status = (await t.app.inject({ url: '/readyz' })).statusCode;
    expect(status).toBe(200);
  });
});

describe('start-up', () => {
  it(
    'retries an unreachable PostgreSQL with one line per attempt, then exits non-zero without a stack trace',
    async () => {
      const closed = await freePort();
      const run = await runServerToEnd({ DATABASE_URL: `postgres://postgres@127.0.0.1:${closed}/portal`, DATABASE_CONNECT_ATTEMPTS: '2', DATA_DIR: tempDir() });
      expect(run.code).toBe(1);
      const lines = run.stderr.trim().split('\n');
      expect(lines).toHaveLength(2);
      expect(lines[0]).toMatch(new RegExp(`^数据库无法连接（127\\.0\\.0\\.1:${closed}/portal）: connect ECONNREFUSED .*秒后重试（第 1/2 次）$`));
      expect(lines[1]).toMatch(/^启动失败: 数据库无法连接.*已尝试 2 次，放弃启动$/);
      expect(run.stderr).not.toMatch(/\n\s+at /);
    },
    READY_WITHIN_MS + 30_000,
  );

  it(
    'stops at once with one line when STORAGE_URL is malformed or its bucket does not answer',
    async () => {
      const malformed = await runServerToEnd({ STORAGE_URL: 'https://bucket.example.org', DATA_DIR: tempDir() });
      expect(malformed.code).toBe(1);
      expect(malformed.stderr.trim()).toMatch(/^启动失败: STORAGE_URL must be file: .* got https:\/\/bucket\.example\.org$/);
      const closed = await freePort();
      // The SDK's notice about the Node.js versions of its future releases is not the start's.
      const env = {
        STORAGE_URL: `s3://portal?endpoint=http://127.0.0.1:${closed}&forcePathStyle=true`,
        AWS_ACCESS_KEY_ID: 'id',
        AWS_SECRET_ACCESS_KEY: 'secret',
        AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
      };
      const unreachable = await runServerToEnd({ ...env, DATA_DIR: tempDir() });
      expect(unreachable.code).toBe(1);
      expect(unreachable.stderr.trim()).toMatch(
        new RegExp(`^启动失败: STORAGE_URL: the bucket portal at http://127\\.0\\.0\\.1:${closed} does not answer \\(.*ECONNREFUSED.*\\)$`),
      );
    },
    READY_WITHIN_MS + 30_000,
  );

  // One process, and a primary with two workers.
  it.each(['1', '2'])(
    'with WEB_CONCURRENCY=%s, on SIGTERM writes the counted article views, closes and removes its pid file',
    async (workers) => {
      const dataDir = tempDir();
      const server = await startServer({ DATA_DIR: dataDir, ADMIN_PASSWORD, WEB_CONCURRENCY: workers });
      expect(Number(fs.readFileSync(pidFile(dataDir), 'utf8'))).toBe(server.pid);
      const read = (id: number) =>
        new SQLite(path.join(dataDir, 'portal.db'), { readonly: true }).prepare('select views from news where id = ?').get(id) as { views: number };
      const list = (await (await fetch(`${server.url}/api/XfWebApi/GetNewsReList?pagesize=1`)).json()) as { Data: { List: { NewsId: number }[] } };
      const id = list.Data.List[0]!.NewsId;
      const before = read(id).views;
      for (let i = 0; i < 3; i++) expect((await fetch(`${server.url}/api/XfWebApi/GetNewsDetail?newsid=${id}`)).status).toBe(200);
      const ended = await server.stop('SIGTERM');
      expect(ended.code).toBe(0);
      expect(read(id).views).toBe(before + 3);
      expect(fs.existsSync(pidFile(dataDir))).toBe(false);
    },
    READY_WITHIN_MS + 30_000,
  );
});

describe('the first administrator', () => {
  it('prints a generated password in a box, once', () => {
    let out = '';
    printFirstAdmin({ account: 'admin', password: 'Abc12345xyz' }, (text) => (out += text));
    const lines = out.trim().split('\n');
    expect(lines[0]).toMatch(/^╔═+╗$/);
    expect(lines.at(-1)).toMatch(/^╚═+╝$/);
    expect(lines.some((l) => l.includes('密码 password: Abc12345xyz'))).toBe(true);
    // Every line of the box is as wide as the frame (CJK characters count double).
    const width = (s: string) => [...s].reduce((w, ch) => w + (/[\u3000-\u9fff\uff00-\uffef]/.test(ch) ? 2 : 1), 0);
    expect(new Set(lines.map(width)).size).toBe(1);
  });
});

describe.each(engines)('first sign-in and default pages on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine, { adminPassword: undefined, adminSession: { idleMinutes: 120, maxHours: 12, loginsPerMinute: 10_000 } });
  });
  afterAll(() => t.close());

  it('makes the first sign-in with a generated password change it before anything else', async () => {
    const first = await ensureSystemSeed(t.app.services, t.app.log);
    expect(first?.account).toBe('admin');
    // A second start creates nothing and shows nothing.
    expect(await ensureSystemSeed(t.app.services, t.app.log)).toBeNull();
    const login = await attemptLogin(t, 'admin', first!.password);
    expect(login.Code).toBe(200);
    const token = login.Data;
    const me = await adminCall<{ MustChangePwd: boolean }>(t, token, 'GET', '/api/XfSystemApi/GetLoginUser');
    expect(me.Data.MustChangePwd).toBe(true);
    expect(await adminCall(t, token, 'GET', '/api/XfSystemApi/GetRoleList')).toMatchObject({ Code: 403, Message: '首次登录请先修改初始密码' });
    const change = (Newpwd: string) => adminCall(t, token, 'POST', '/api/XfSystemApi/EditAdminPwd', { Password: first!.password, Newpwd, againNewpwd: Newpwd });
    for (const { password, message } of passwordsBreakingPolicy('admin')) expect((await change(password)).Message, password).toBe(message);
    const changed = await change('Chosen-lamp-2024');
    expect(changed.Code, changed.Message).toBe(200);
    expect((await adminCall(t, token, 'GET', '/api/XfSystemApi/GetRoleList')).Code).toBe(200);
    expect((await adminCall<{ MustChangePwd: boolean }>(t, token, 'GET', '/api/XfSystemApi/GetLoginUser')).Data.MustChangePwd).toBe(false);
  });

  it('adds a new default page to an existing install once, and leaves a deleted one deleted', async () => {
    const { db } = t.app.services.database;
    const auditPage = () => db.selectFrom('system_menus').select(['id', 'parent_id']).where('perms', '=', 'system:audit:list').execute();
    const total = async () =>
      (
        await db
          .selectFrom('system_menus')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n;
    const [page] = await auditPage();
    const count = await total();
    // An install from before the page existed: neither the page nor its record of being offered.
    await db.deleteFrom('system_menus').where('id', '=', page!.id).execute();
    await db.deleteFrom('system_menu_defaults').where('perms', '=', 'system:audit:list').execute();
    await ensureSystemSeed(t.app.services, t.app.log);
    const added = await auditPage();
    expect(added).toHaveLength(1);
    expect(added[0]!.parent_id).toBe(page!.parent_id);
    await ensureSystemSeed(t.app.services, t.app.log);
    expect(await total()).toBe(count);
    // An administrator deletes it: later starts respect that.
    await db.deleteFrom('system_menus').where('id', '=', added[0]!.id).execute();
    await ensureSystemSeed(t.app.services, t.app.log);
    expect(await auditPage()).toHaveLength(0);
  });
});

describe.each(engines)('a password given by ADMIN_PASSWORD on %s', (engine) => {
  it('must meet the password policy, or no administrator is created', async () => {
    for (const { password, message } of onePasswordPerRule('admin')) {
      const t = await createTestApp(engine, { adminPassword: password });
      try {
        await expect(ensureSystemSeed(t.app.services, t.app.log), password).rejects.toThrow(`ADMIN_PASSWORD: ${message}`);
        expect(await t.app.services.database.db.selectFrom('admin_users').select('id').execute()).toEqual([]);
      } finally {
        await t.close();
      }
    }
  });

  it('needs no change at first sign-in', async () => {
    const t = await createAdminTestApp(engine);
    try {
      const login = await attemptLogin(t, 'admin', ADMIN_PASSWORD);
      const me = envelope<{ MustChangePwd: boolean }>(await t.app.inject({ url: '/api/XfSystemApi/GetLoginUser', headers: { token: login.Data } }));
      expect(me.Data.MustChangePwd).toBe(false);
    } finally {
      await t.close();
    }
  });
});

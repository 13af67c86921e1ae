import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatCst, type LogChainCheckDto } from '@portal/shared';
import { loadConfig } from '../../../config.js';
import { CHAIN_KEY_FILE } from '../../../db/chain-key.js';
import { adminCall, attemptLogin, createAdminTestApp, loginAdmin, testClock } from '../../../../test/admin.js';
import { engines, secondInstance, type TestApp } from '../../../../test/harness.js';
import { runCli } from '../../../cli/run.js';
import { buildApp } from '../../../app.js';
import { pruneLogs } from './retention.js';

const DAY = 86_400_000;

describe('AUDIT_CHAIN_KEY', () => {
  it('takes 32 bytes or more as hex or base64 and refuses a shorter key with one line', () => {
    expect(loadConfig({ AUDIT_CHAIN_KEY: 'ab'.repeat(32) }).auditChainKey).toEqual(Buffer.alloc(32, 0xab));
    expect(loadConfig({ AUDIT_CHAIN_KEY: Buffer.alloc(40, 7).toString('base64') }).auditChainKey).toEqual(Buffer.alloc(40, 7));
    expect(loadConfig({}).auditChainKey).toBeUndefined();
    expect(() => loadConfig({ AUDIT_CHAIN_KEY: 'ab'.repeat(16) })).toThrow('AUDIT_CHAIN_KEY must be at least 32 bytes, written as hex (64 digits) or base64');
  });
});

describe('AUDIT_CHAIN_HASH', () => {
  it('takes sha256 (the default) or sm3, and refuses anything else with one line', () => {
    expect(loadConfig({}).auditChainHash).toBe('sha256');
    expect(loadConfig({ AUDIT_CHAIN_HASH: 'SM3' }).auditChainHash).toBe('sm3');
    expect(() => loadConfig({ AUDIT_CHAIN_HASH: 'md5' })).toThrow('AUDIT_CHAIN_HASH must be sha256 (HMAC-SHA-256) or sm3 (HMAC-SM3)');
  });
});

describe.each(engines)('the audit and sign-in logs as hash chains on %s', (engine) => {
  const clock = testClock();
  let t: TestApp;
  let admin: string;
  const check = async (token = admin) => (await adminCall<LogChainCheckDto[]>(t, token, 'GET', '/api/XfSystemApi/CheckLogChains')).Data;
  const audit = (check: LogChainCheckDto[]) => check.find((c) => c.Log === 'audit_logs')!;
  const login = (check: LogChainCheckDto[]) => check.find((c) => c.Log === 'login_logs')!;
  /** A back-office write: one audit row. */
  const write = (token = admin, name = `角色${Math.random().toString(36).slice(2, 8)}`) =>
    adminCall(t, token, 'POST', '/api/XfSystemApi/SaveRole', { RoleName: name, MenuIds: [] });
  /** An audit row written straight into the table, by no one's call. */
  const auditRow = (account: string) => ({
    admin_id: null,
    account,
    action: 'auth:login',
    target: '',
    target_id: '',
    ip: '',
    result: 1,
    detail: '',
    created_at: formatCst(clock.now()),
  });
  const ids = async () => (await t.app.services.database.db.selectFrom('audit_logs').select('id').orderBy('id').execute()).map((r) => r.id);

  beforeAll(async () => {
    t = await createAdminTestApp(engine, { now: clock.now });
    admin = await loginAdmin(t);
  });
  afterAll(() => t.close());

  it('links every row written since the chain began; the key stays in the data folder, not the database', async () => {
    await attemptLogin(t, 'admin', 'wrong-password');
    for (let i = 0; i < 3; i++) expect((await write()).Code).toBe(200);
    const found = await check();
    expect(audit(found)).toMatchObject({ LogName: '操作日志', FirstBrokenId: 0, FirstBrokenTime: '', Unchained: 0 });
    expect(audit(found).Checked).toBeGreaterThanOrEqual(5);
    expect(login(found)).toMatchObject({ LogName: '登录日志', FirstBrokenId: 0, Unchained: 0 });
    expect(login(found).Checked).toBeGreaterThanOrEqual(2);
    const key = fs.readFileSync(path.join(t.config.dataDir, CHAIN_KEY_FILE), 'utf8').trim();
    expect(key).toMatch(/^[0-9a-f]{64}$/);
    const rows = await t.app.services.database.db.selectFrom('audit_logs').select('chain').execute();
    expect(rows.every((r) => /^[0-9a-f]{64}$/.test(r.chain))).toBe(true);
    expect(JSON.stringify(await t.app.services.database.db.selectFrom('site_secrets').selectAll().execute())).not.toContain(key);
  });

  it('finds a changed row, a deleted row and a forged row, each at the first link that no longer follows', async () => {
    const { db } = t.app.services.database;
    const [, second, third] = await ids();
    const original = await db.selectFrom('audit_logs').selectAll().where('id', '=', second!).executeTakeFirstOrThrow();

    await db.updateTable('audit_logs').set({ detail: '改过的记录' }).where('id', '=', second!).execute();
    expect(audit(await check())).toMatchObject({ FirstBrokenId: second, FirstBrokenTime: original.created_at, Checked: 1 });
    await db.updateTable('audit_logs').set({ detail: original.detail }).where('id', '=', second!).execute();
    expect(audit(await check()).FirstBrokenId).toBe(0);

    // A row taken out: the one after it no longer follows.
    await db.deleteFrom('audit_logs').where('id', '=', second!).execute();
    expect(audit(await check()).FirstBrokenId).toBe(third);
    await db.insertInto('audit_logs').values(original).execute();
    expect(audit(await check()).FirstBrokenId).toBe(0);

    // A row added with a made-up link (no key): it is the break.
    const { id: forged } = await db
      .insertInto('audit_logs')
      .values({ ...auditRow('ghost'), chain: 'f'.repeat(64) })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect(audit(await check()).FirstBrokenId).toBe(forged);
    await db.deleteFrom('audit_logs').where('id', '=', forged).execute();
    expect(audit(await check()).FirstBrokenId).toBe(0);
  });

  it('goes on in HMAC-SM3 once AUDIT_CHAIN_HASH=sm3, each link checked by its own algorithm', async () => {
    const captchas = new Map<string, string>();
    const app = await buildApp(
      { ...t.config, auditChainHash: 'sm3' },
      { now: clock.now, logger: false, captchaIssued: (ticket, answer) => captchas.set(ticket, answer) },
    );
    const sm3: TestApp = { app, config: t.config, engine, captchas, close: () => app.close() };
    try {
      const token = await loginAdmin(sm3);
      expect((await adminCall(sm3, token, 'POST', '/api/XfSystemApi/SaveRole', { RoleName: '国密角色', MenuIds: [] })).Code).toBe(200);
      const { db } = t.app.services.database;
      const rows = await db.selectFrom('audit_logs').select(['id', 'chain', 'detail']).orderBy('id').execute();
      const marked = rows.filter((r) => r.chain.startsWith('sm3:'));
      expect(marked.length).toBeGreaterThanOrEqual(1);
      expect(marked.every((r) => /^sm3:[\w-]{43}$/.test(r.chain))).toBe(true);
      expect(rows.some((r) => /^[0-9a-f]{64}$/.test(r.chain))).toBe(true);
      expect(audit(await check())).toMatchObject({ FirstBrokenId: 0 });
      const last = marked.at(-1)!;
      await db.updateTable('audit_logs').set({ detail: '改过的记录' }).where('id', '=', last.id).execute();
      expect(audit(await check()).FirstBrokenId).toBe(last.id);
      await db.updateTable('audit_logs').set({ detail: last.detail }).where('id', '=', last.id).execute();
      expect(audit(await check()).FirstBrokenId).toBe(0);
    } finally {
      await sm3.close();
    }
  });

  it('keeps one chain when two instances write at once', async () => {
    const other = await secondInstance(t, { now: clock.now });
    try {
      const otherToken = await loginAdmin(other);
      const writes = Array.from({ length: 12 }, (_, i) =>
        i % 2 ? write() : adminCall(other, otherToken, 'POST', '/api/XfSystemApi/SaveRole', { RoleName: `并发${i}`, MenuIds: [] }),
      );
      expect((await Promise.all(writes)).map((r) => r.Code)).toEqual(Array(12).fill(200));
      const found = await check();
      expect(audit(found).FirstBrokenId).toBe(0);
      expect(login(found).FirstBrokenId).toBe(0);
    } finally {
      await other.close();
    }
  });

  it('stays whole when retention cuts its oldest rows: the anchor holds the last link deleted', async () => {
    const before = audit(await check()).Checked;
    clock.advance(181 * DAY);
    await loginAdmin(t).then((token) => (admin = token));
    await write();
    const pruned = await pruneLogs(t.app.services);
    expect(pruned.auditLogs).toBe(before);
    const found = await check();
    expect(audit(found)).toMatchObject({ FirstBrokenId: 0, Checked: 2 });
    expect(login(found).FirstBrokenId).toBe(0);
    // The first row kept is checked against the anchor: changing it is found.
    const [first] = await ids();
    await t.app.services.database.db.updateTable('audit_logs').set({ account: 'someone' }).where('id', '=', first!).execute();
    expect(audit(await check()).FirstBrokenId).toBe(first);
    await t.app.services.database.db.updateTable('audit_logs').set({ account: 'admin' }).where('id', '=', first!).execute();
    expect(audit(await check()).FirstBrokenId).toBe(0);
  });

  it('counts rows from before the chain began apart, and answers only to those who may read the log', async () => {
    const { db } = t.app.services.database;
    const [first] = await ids();
    // A row written by an earlier version (no link), ahead of every linked row.
    await db
      .insertInto('audit_logs')
      .values({ ...auditRow('old'), id: first! - 1000 })
      .execute();
    expect(audit(await check())).toMatchObject({ Unchained: 1, FirstBrokenId: 0 });
    await db
      .deleteFrom('audit_logs')
      .where('id', '=', first! - 1000)
      .execute();
    expect((await adminCall(t, undefined, 'GET', '/api/XfSystemApi/CheckLogChains')).Code).toBe(402);
  });

  it('audit verify: exit 0 and a line per log when whole, exit 1 naming the log and the record when not; another key finds every link broken', async () => {
    const out: string[] = [];
    const err: string[] = [];
    const io = (env: NodeJS.ProcessEnv) => ({
      env,
      stdout: (text: string) => void out.push(text),
      stderr: (text: string) => void err.push(text),
      readStdin: async () => '',
    });
    const env = {
      DATA_DIR: t.config.dataDir,
      ...(t.config.databaseUrl ? { DATABASE_URL: t.config.databaseUrl, DATABASE_SCHEMA: t.config.databaseSchema! } : {}),
    };
    expect(await runCli(['audit', 'verify'], io(env))).toBe(0);
    expect(out.join('')).toMatch(/操作日志 audit_logs: 完好 \/ intact, \d+ 条/);
    expect(out.join('')).toMatch(/登录日志 login_logs: 完好 \/ intact/);

    const [first] = await ids();
    expect(await runCli(['audit', 'verify'], io({ ...env, AUDIT_CHAIN_KEY: 'cd'.repeat(32) }))).toBe(1);
    expect(out.join('')).toContain(`first broken record #${first}`);
    expect(err.join('')).toContain('日志完整性校验未通过 / log chain broken: 操作日志、登录日志');
  });
});

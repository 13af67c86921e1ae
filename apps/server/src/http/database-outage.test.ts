import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { sql } from 'kysely';
import { pino } from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Cable } from '../../test/cable.js';
import { eventually } from '../../test/eventually.js';
import { createTestApp, envelope, type TestApp } from '../../test/harness.js';
import { freshAddress } from '../../test/members.js';
import { connect } from '../db/connection.js';
import { OutageReporter } from './database-outage.js';

const UNAVAILABLE = { Code: 503, Message: '系统维护中，请稍后再试', Data: null };

const suggestion = (t: TestApp) =>
  t.app.inject({
    method: 'POST',
    url: '/api/XfWebApi/SavePropose',
    headers: freshAddress(),
    payload: { Mobile: '13800138000', ProposeContent: '数据库不可用时的建议' },
  });
const article = (t: TestApp) => t.app.inject({ method: 'GET', url: '/api/XfWebApi/GetNewsDetail?newsid=1' });

function expectUnavailable(res: { statusCode: number; headers: Record<string, unknown>; body: string }): void {
  expect(res.statusCode).toBe(503);
  expect(res.headers['retry-after']).toBe('30');
  expect(res.headers['cache-control']).toBe('no-store');
  expect(envelope(res)).toEqual(UNAVAILABLE);
}

describe('while SQLite’s file cannot be written', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('sqlite');
  });
  afterEach(async () => {
    await sql`pragma query_only = 0`.execute(t.app.services.database.db);
  });
  afterAll(() => t.close());

  it('answers writes HTTP 503 with Retry-After and 系统维护中, reads go on, and the write passes once it can', async () => {
    expect(envelope(await suggestion(t)).Code).toBe(200);
    // The same refusal SQLite gives on a read-only disk (SQLITE_READONLY).
    await sql`pragma query_only = 1`.execute(t.app.services.database.db);
    expectUnavailable(await suggestion(t));
    expect(envelope(await t.app.inject({ method: 'GET', url: '/api/XfWebApi/GetWebFriendlinks' })).Code).toBe(200);
    await sql`pragma query_only = 0`.execute(t.app.services.database.db);
    expect(envelope(await suggestion(t)).Code).toBe(200);
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('while PostgreSQL is away', () => {
  const cable = new Cable(new URL(process.env.TEST_DATABASE_URL ?? 'postgres://localhost'));
  let t: TestApp;
  beforeAll(async () => {
    await cable.plug();
    t = await createTestApp('postgres', { databaseUrl: cable.url() });
  });
  afterAll(async () => {
    await cable.plug();
    await t.close();
    await cable.cut();
  });

  it('answers reads and writes HTTP 503 with Retry-After and 系统维护中, then serves again without a restart', async () => {
    expect(envelope(await suggestion(t)).Code).toBe(200);
    await cable.cut();
    expectUnavailable(await suggestion(t));
    expectUnavailable(await article(t));
    await cable.plug();
    await eventually(async () => envelope(await suggestion(t)).Code === 200);
    expect(envelope(await article(t))).toMatchObject({ Code: 404 });
  });
});

describe('the outage report', () => {
  it('says an outage once however many requests meet it, and once more when the database is back', async () => {
    const lines: { level: number; msg: string; seconds?: number; refused?: number }[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(JSON.parse(chunk.toString()) as (typeof lines)[number]);
        done();
      },
    });
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'outage-'));
    const database = await connect({ dataDir });
    try {
      // Probed every 20 ms instead of every 2 s: the test waits for probes, not for time.
      const reporter = new OutageReporter(database, pino({ level: 'info' }, sink), Date.now, 20);
      await sql`pragma query_only = 1`.execute(database.db);
      const failure = Object.assign(new Error('attempt to write a readonly database'), { code: 'SQLITE_READONLY' });
      for (let i = 0; i < 50; i++) reporter.report(failure);
      expect(lines.map((l) => l.msg)).toEqual(['database unavailable: answering 503 until it is back']);
      // Still away: the probes' writes are refused, nothing more is said.
      await eventually(() => reporter.probesStillAway >= 3);
      expect(reporter.ongoing).toBe(true);
      expect(lines).toHaveLength(1);
      await sql`pragma query_only = 0`.execute(database.db);
      await eventually(async () => !reporter.ongoing);
      expect(lines[1]).toMatchObject({ msg: 'database available again', refused: 50 });
    } finally {
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

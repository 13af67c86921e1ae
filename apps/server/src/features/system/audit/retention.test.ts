import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { formatCst } from '@portal/shared';
import { loadConfig } from '../../../config.js';
import { createAdminTestApp, testClock } from '../../../../test/admin.js';
import { engines, type TestApp } from '../../../../test/harness.js';
import { pruneLogs, scheduleLogRetention } from './retention.js';

const DAY = 86_400_000;

describe('AUDIT_RETENTION_DAYS', () => {
  it('defaults to 180 days and refuses less than six months with one line', () => {
    expect(loadConfig({}).auditRetentionDays).toBe(180);
    expect(loadConfig({ AUDIT_RETENTION_DAYS: '365' }).auditRetentionDays).toBe(365);
    expect(() => loadConfig({ AUDIT_RETENTION_DAYS: '179' })).toThrow('AUDIT_RETENTION_DAYS must be a whole number of days, 180 (six months) or more, got 179');
    expect(() => loadConfig({ AUDIT_RETENTION_DAYS: '200.5' })).toThrow(/AUDIT_RETENTION_DAYS/);
    expect(() => loadConfig({ AUDIT_RETENTION_DAYS: 'forever' })).toThrow(/AUDIT_RETENTION_DAYS/);
  });
});

describe.each(engines)('log retention on %s', (engine) => {
  const clock = testClock();
  let t: TestApp;
  beforeAll(async () => {
    t = await createAdminTestApp(engine, { now: clock.now }, { auditRetentionDays: 200 });
  });
  afterAll(() => t.close());

  /** `count` rows of each log, written `daysAgo` days before the clock's now. */
  const writeRows = async (count: number, daysAgo: number) => {
    const { db } = t.app.services.database;
    const at = formatCst(clock.now() - daysAgo * DAY);
    const rows = Array.from({ length: count }, (_, i) => i);
    await db
      .insertInto('audit_logs')
      .values(
        rows.map((i) => ({ admin_id: null, account: `a${i}`, action: 'auth:login', target: '', target_id: '', ip: '', result: 1, detail: '', created_at: at })),
      )
      .execute();
    await db
      .insertInto('login_logs')
      .values(rows.map((i) => ({ kind: 'member', account: `m${i}`, user_id: null, result: 0, detail: '', ip: '', user_agent: '', created_at: at })))
      .execute();
  };
  const counts = async () => {
    const { db } = t.app.services.database;
    const count = (table: 'audit_logs' | 'login_logs') =>
      db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
        .then((r) => r.n);
    return { audit: await count('audit_logs'), login: await count('login_logs') };
  };

  it('deletes rows older than the retention, in batches, and keeps the rest', async () => {
    await t.app.services.database.db.deleteFrom('audit_logs').execute();
    // More than one batch of old rows on each log.
    await writeRows(1203, 400);
    await writeRows(3, 201);
    await writeRows(2, 199);
    await writeRows(4, 0);
    expect(await pruneLogs(t.app.services)).toEqual({ auditLogs: 1206, loginLogs: 1206 });
    expect(await counts()).toEqual({ audit: 6, login: 6 });
    // Nothing more to do the same day.
    expect(await pruneLogs(t.app.services)).toEqual({ auditLogs: 0, loginLogs: 0 });
    // Two days later the rows of 199 days ago are past 200.
    clock.advance(2 * DAY);
    expect(await pruneLogs(t.app.services)).toEqual({ auditLogs: 2, loginLogs: 2 });
    expect(await counts()).toEqual({ audit: 4, login: 4 });
  });

  it('cuts only the start of a log: a row dated back after younger rows stays until they go', async () => {
    const { db } = t.app.services.database;
    await db.deleteFrom('audit_logs').execute();
    await db.deleteFrom('login_logs').execute();
    await writeRows(2, 0);
    // Written after those, under a clock set back: deleting it would cut the chain in the middle.
    await writeRows(3, 300);
    expect(await pruneLogs(t.app.services)).toEqual({ auditLogs: 0, loginLogs: 0 });
    expect(await counts()).toEqual({ audit: 5, login: 5 });
    clock.advance(201 * DAY);
    expect(await pruneLogs(t.app.services)).toEqual({ auditLogs: 5, loginLogs: 5 });
  });

  it('runs on its own five minutes after start and daily after, and closing waits for a running one', async () => {
    const { db } = t.app.services.database;
    await db.deleteFrom('audit_logs').execute();
    await db.deleteFrom('login_logs').execute();
    await writeRows(2, 300);
    await writeRows(4, 0);
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
    try {
      const job = scheduleLogRetention(t.app.services, { error: (obj) => expect.fail(JSON.stringify(obj)) });
      await vi.advanceTimersByTimeAsync(4 * 60_000);
      expect(await counts()).toEqual({ audit: 6, login: 6 });
      await vi.advanceTimersByTimeAsync(60_000);
      await job.stop();
      expect(await counts()).toEqual({ audit: 4, login: 4 });
    } finally {
      vi.useRealTimers();
    }
  });
});

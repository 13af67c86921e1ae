import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CertStatus, ExamStatus, idNumberProblem, type IdType } from '@portal/shared';
import { certCall } from '../../test/certificates.js';
import { createTestApp, engines, type TestApp } from '../../test/harness.js';
import { demoCertificates } from './certificates.js';
import { seedIfEmpty } from './index.js';
import { createRandom } from './random.js';

describe.each(engines)('demo certificates on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
    await seedIfEmpty(t.app.services, t.app.log);
  });
  afterAll(() => t.close());

  // The rows with their ID numbers opened (stored sealed).
  const records = async () => {
    const { db, idNumbers } = t.app.services.database;
    const rows = await db.selectFrom('certificates').selectAll().execute();
    return rows.map((r) => ({ ...r, id_num: idNumbers.open(r.id_num_sealed, r.id_num_key) }));
  };

  it('holds a few hundred exam results: mostly passed, some failed, absent, hidden or deleted', async () => {
    const all = await records();
    expect(all.length).toBeGreaterThanOrEqual(300);
    expect(all.length).toBeLessThan(600);
    const share = (test: (r: (typeof all)[number]) => boolean) => all.filter(test).length / all.length;
    expect(share((r) => r.exam_status === ExamStatus.Passed)).toBeGreaterThan(0.65);
    expect(share((r) => r.exam_status === ExamStatus.Failed)).toBeGreaterThan(0.05);
    expect(all.some((r) => r.exam_status === ExamStatus.Absent)).toBe(true);
    expect(all.some((r) => r.status === CertStatus.Hidden)).toBe(true);
    expect(all.some((r) => r.status === CertStatus.Deleted)).toBe(true);
    // Some who failed passed a later session.
    expect(all.some((r) => r.remarks === '补考合格')).toBe(true);
    expect(new Set(all.map((r) => r.exam_time)).size).toBe(8);
  });

  it('gives every record a valid ID number, passed ones a unique number and an issue date, each a token', async () => {
    const all = await records();
    for (const r of all) expect(idNumberProblem(r.id_type as IdType, r.id_num), r.id_num).toBeNull();
    const passed = all.filter((r) => r.exam_status === ExamStatus.Passed);
    expect(passed.every((r) => r.cert_num && r.issue_date > r.exam_time)).toBe(true);
    expect(all.filter((r) => r.exam_status !== ExamStatus.Passed).every((r) => r.cert_num === null && r.issue_date === '')).toBe(true);
    expect(new Set(passed.map((r) => r.cert_num)).size).toBe(passed.length);
    expect(new Set(all.map((r) => `${r.id_num}|${r.exam_time}`)).size).toBe(all.length);
    expect(new Set(all.map((r) => r.verify_token)).size).toBe(all.length);
    expect(all.some((r) => r.id_type !== 1)).toBe(true);
  });

  it('answers the public lookup for a seeded holder', async () => {
    const [holder] = (await records()).filter((r) => r.status === CertStatus.Normal && r.exam_status === ExamStatus.Passed);
    const found = await certCall<{ TotalCount: number }>(t, 'GetCertList', { Name: holder?.name ?? '', IdNum: holder?.id_num ?? '' }, '10.90.0.1');
    expect(found.Data.TotalCount).toBeGreaterThanOrEqual(1);
  });

  it('is the same on every run, verification tokens aside', () => {
    const now = Date.UTC(2025, 0, 1);
    const strip = (rows: ReturnType<typeof demoCertificates>) => rows.map(({ verify_token: _token, ...rest }) => rest);
    expect(strip(demoCertificates(createRandom(7), now))).toEqual(strip(demoCertificates(createRandom(7), now)));
  });
});

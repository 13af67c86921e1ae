import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WorkdayKind, formatCst } from '@portal/shared';
import { createTestApp, engines, type TestApp } from '../../../test/harness.js';
import { addWorkingDays, loadWorkCalendar, workingDaysBetween } from './service.js';

describe.each(engines)('working days over the stored calendar on %s', (engine) => {
  let t: TestApp;
  const database = () => t.app.services.database;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(() => t.close());

  it('ships 2026 as announced and the statutory days of 2027', async () => {
    const days = await database().db.selectFrom('work_calendar_days').select(['day', 'kind', 'name']).orderBy('day').execute();
    expect(days.filter((d) => d.day.startsWith('2026'))).toHaveLength(39);
    expect(days.filter((d) => d.day.startsWith('2027'))).toHaveLength(13);
    expect(days.find((d) => d.day === '2026-02-16')).toEqual({ day: '2026-02-16', kind: WorkdayKind.Rest, name: '春节' });
    expect(days.find((d) => d.day === '2026-10-10')).toEqual({ day: '2026-10-10', kind: WorkdayKind.Work, name: '国庆节调休上班' });
  });

  it('reckons deadlines and elapsed working days across holidays, 班 days and years', async () => {
    expect(await addWorkingDays(database(), '2026-02-12 10:00:00', 5)).toBe('2026-02-26 23:59:59');
    expect(await addWorkingDays(database(), '2026-09-30 16:00:00', 5)).toBe('2026-10-13 23:59:59');
    expect(await addWorkingDays(database(), '2026-12-30 15:00:00', 2)).toBe('2027-01-04 23:59:59');
    // 250 working days: the first stretch read falls short of 2027's end and is read again, longer.
    const late = await addWorkingDays(database(), '2026-01-01 00:00:00', 250);
    expect(await workingDaysBetween(database(), '2026-01-01 00:00:00', late)).toBe(250);
    expect(await workingDaysBetween(database(), '2025-12-31 10:00:00', '2026-12-31 10:00:00')).toBe(248);
    expect(await workingDaysBetween(database(), '2026-10-13 09:00:00', '2026-09-30 09:00:00')).toBe(-5);
  });

  it('follows what staff store, and reads past a stretch of rest days longer than the first read', async () => {
    const at = formatCst(Date.now());
    const rest = Array.from({ length: 90 }, (_, i) => new Date(Date.UTC(2031, 0, 1 + i)).toISOString().slice(0, 10));
    await database()
      .db.insertInto('work_calendar_days')
      .values(rest.map((day) => ({ day, kind: WorkdayKind.Rest, name: '测试休假', created_at: at, updated_at: at })))
      .execute();
    // 2031-04-01 is a Tuesday: the first working day after ninety days off.
    expect(await addWorkingDays(database(), '2030-12-31 09:00:00', 1)).toBe('2031-04-01 23:59:59');
    expect((await loadWorkCalendar(database(), '2031-01-01', '2031-01-31')).kinds.size).toBe(31);
  });

  it('refuses a malformed time or count before reading anything', async () => {
    await expect(addWorkingDays(database(), '2026-13-01 00:00:00', 5)).rejects.toThrow(RangeError);
    await expect(addWorkingDays(database(), '2026-03-02 00:00:00', 0)).rejects.toThrow(RangeError);
    await expect(workingDaysBetween(database(), '2026-03-02', 'soon')).rejects.toThrow(RangeError);
  });
});

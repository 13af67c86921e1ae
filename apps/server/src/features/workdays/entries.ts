import { formatCst, isWorkdayKind, workdayKindNames, workdayMessages, type SaveWorkdayBody, type WorkdayDto } from '@portal/shared';
import type { Database } from '../../db/connection.js';
import { isUniqueViolation } from '../../db/unique-violation.js';
import { badRequest, notFound } from '../../http/envelope.js';

/**
 * The calendar's entries as staff keep them (系统管理 → 工作日历): one per day, 休 or 班, named.
 * What the entries mean for deadlines is calendar.ts.
 */

export interface WorkdayEntry {
  id: number;
  day: string;
  kind: number;
  name: string;
  createdAt: string;
  updatedAt: string;
}

const columns = ['id', 'day', 'kind', 'name', 'created_at', 'updated_at'] as const;

type Row = { id: number; day: string; kind: number; name: string; created_at: string; updated_at: string };

const toEntry = (r: Row): WorkdayEntry => ({ id: r.id, day: r.day, kind: r.kind, name: r.name, createdAt: r.created_at, updatedAt: r.updated_at });

const kindName = (kind: number) => (isWorkdayKind(kind) ? workdayKindNames[kind] : '');

export const toWorkdayDto = (e: WorkdayEntry): WorkdayDto => ({
  Id: e.id,
  Date: e.day,
  Kind: e.kind,
  KindName: kindName(e.kind),
  Name: e.name,
  CreateTime: e.createdAt,
  UpdateTime: e.updatedAt,
});

/** For the audit log: 2026-10-01 休 国庆节. */
export const describeWorkday = (e: { day: string; kind: number; name: string }) => `${e.day} ${kindName(e.kind)} ${e.name}`;

/** The entries of one year, by date. */
export async function listWorkdays({ db }: Database, year: number): Promise<WorkdayEntry[]> {
  const rows = await db
    .selectFrom('work_calendar_days')
    .select(columns)
    .where('day', '>=', `${year}-01-01`)
    .where('day', '<=', `${year}-12-31`)
    .orderBy('day')
    .execute();
  return rows.map(toEntry);
}

export async function findWorkday({ db }: Database, id: number): Promise<WorkdayEntry | undefined> {
  const row = await db.selectFrom('work_calendar_days').select(columns).where('id', '=', id).executeTakeFirst();
  return row && toEntry(row);
}

/**
 * Sets a day (Id 0) or changes an entry. A day holds one entry: a second for the same day, or
 * an entry moved onto a day that has one, is refused by the table's unique index, which also
 * settles two staff setting one day at once.
 */
export async function saveWorkday({ db }: Database, body: SaveWorkdayBody, now: number): Promise<WorkdayEntry> {
  const at = formatCst(now);
  const values = { day: body.Date, kind: body.Kind, name: body.Name };
  try {
    if (body.Id === 0) {
      return toEntry(
        await db
          .insertInto('work_calendar_days')
          .values({ ...values, created_at: at, updated_at: at })
          .returning(columns)
          .executeTakeFirstOrThrow(),
      );
    }
    const row = await db
      .updateTable('work_calendar_days')
      .set({ ...values, updated_at: at })
      .where('id', '=', body.Id)
      .returning(columns)
      .executeTakeFirst();
    if (!row) throw notFound(workdayMessages.notFound);
    return toEntry(row);
  } catch (error) {
    if (isUniqueViolation(error)) throw badRequest(workdayMessages.duplicate(body.Date));
    throw error;
  }
}

/** Clears a day: it follows the week again. */
export async function deleteWorkday({ db }: Database, id: number): Promise<WorkdayEntry> {
  const row = await db.deleteFrom('work_calendar_days').where('id', '=', id).returning(columns).executeTakeFirst();
  if (!row) throw notFound(workdayMessages.notFound);
  return toEntry(row);
}

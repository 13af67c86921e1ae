import {
  formatCst,
  isMemorialScope,
  memorialMessages,
  memorialScopeNames,
  type MemorialDayDto,
  type MemorialDayListQuery,
  type MemorialScopeValue,
  type PagingQuery,
  type SaveMemorialDayBody,
} from '@portal/shared';
import type { Database } from '../../db/connection.js';
import { contentChanged } from '../../cache/generations.js';
import { notFound } from '../../http/envelope.js';
import { pageWindow } from '../../http/paging.js';
import { Memo } from '../../cache/memo.js';

/**
 * 哀悼日 (系统管理 → 哀悼日, issue 33): China dates, both ends included, on which the public
 * site (scope 2) or its home page (scope 1) is drawn in grey from the first byte. The page
 * serving asks memorialToday on every request; the back office edits the records here.
 */

export interface MemorialDay {
  id: number;
  startDate: string;
  endDate: string;
  scope: number;
  note: string;
  createdAt: string;
  updatedAt: string;
}

const columns = ['id', 'start_date', 'end_date', 'scope', 'note', 'created_at', 'updated_at'] as const;

type Row = { id: number; start_date: string; end_date: string; scope: number; note: string; created_at: string; updated_at: string };

const toMemorialDay = (r: Row): MemorialDay => ({
  id: r.id,
  startDate: r.start_date,
  endDate: r.end_date,
  scope: r.scope,
  note: r.note,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
});

export const toMemorialDayDto = (d: MemorialDay): MemorialDayDto => ({
  Id: d.id,
  StartDate: d.startDate,
  EndDate: d.endDate,
  Scope: d.scope,
  ScopeName: isMemorialScope(d.scope) ? memorialScopeNames[d.scope] : '',
  Note: d.note,
  CreateTime: d.createdAt,
  UpdateTime: d.updatedAt,
});

/** A short description for the audit log: 2024-04-04 or 2024-04-04～2024-04-06, then the scope. */
export const describeMemorialDay = (d: { startDate: string; endDate: string; scope: number }): string =>
  `${d.startDate === d.endDate ? d.startDate : `${d.startDate}～${d.endDate}`} ${isMemorialScope(d.scope) ? memorialScopeNames[d.scope] : ''}`.trim();

interface ActiveRanges {
  /** The China date the rows were read on: they are the ranges ending that day or later. */
  from: string;
  ranges: { start: string; end: string; scope: MemorialScopeValue }[];
}

/**
 * The ranges that have not ended, kept in memory: dropped by any write to 哀悼日 here or on
 * another instance (area 'site'), never by time. Today's answer is worked out from them on
 * every call, so the site turns grey and back at midnight without a write.
 */
const active = new Memo<ActiveRanges>({ maxEntries: 1, areas: ['site'] });

async function loadActive({ db }: Database, from: string): Promise<ActiveRanges> {
  const rows = await db.selectFrom('memorial_days').select(['start_date', 'end_date', 'scope']).where('end_date', '>=', from).execute();
  return { from, ranges: rows.flatMap((r) => (isMemorialScope(r.scope) ? [{ start: r.start_date, end: r.end_date, scope: r.scope }] : [])) };
}

/**
 * The widest scope of any memorial range containing today's China date (2 the whole public
 * site beats 1 the home page), 0 when there is none. Runs on every page request.
 */
export async function memorialToday(database: Database, now: number): Promise<MemorialScopeValue | 0> {
  const today = formatCst(now).slice(0, 10);
  let kept = await active.get(database, 'active', () => loadActive(database, today));
  // A clock set back before the rows were read (a corrected system clock, a test's clock): the
  // rows kept may lack ranges that ended in between, so read again.
  if (today < kept.from) {
    active.clear(database);
    kept = await active.get(database, 'active', () => loadActive(database, today));
  }
  let widest: MemorialScopeValue | 0 = 0;
  for (const r of kept.ranges) if (r.start <= today && today <= r.end && r.scope > widest) widest = r.scope;
  return widest;
}

export type MemorialDayFilter = Omit<MemorialDayListQuery, keyof PagingQuery>;

/** One page of the records, the latest first. */
export async function listMemorialDays({ db }: Database, filter: MemorialDayFilter, paging: PagingQuery): Promise<{ items: MemorialDay[]; total: number }> {
  const { year, date } = filter;
  const matching = db
    .selectFrom('memorial_days')
    .$if(year !== undefined, (q) => q.where('start_date', '<=', `${year}-12-31`).where('end_date', '>=', `${year}-01-01`))
    .$if(date !== undefined, (q) => q.where('start_date', '<=', date ?? '').where('end_date', '>=', date ?? ''));
  const { limit, offset } = pageWindow(paging);
  const [rows, { total }] = await Promise.all([
    matching.select(columns).orderBy('start_date', 'desc').orderBy('id', 'desc').limit(limit).offset(offset).execute(),
    matching.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { items: rows.map(toMemorialDay), total: Number(total) };
}

/** One record; undefined when there is none. */
export async function findMemorialDay({ db }: Database, id: number): Promise<MemorialDay | undefined> {
  const row = await db.selectFrom('memorial_days').select(columns).where('id', '=', id).executeTakeFirst();
  return row && toMemorialDay(row);
}

/** Adds (Id 0) or changes a record; cached pages and every instance forget the old answer. */
export async function saveMemorialDay(database: Database, body: SaveMemorialDayBody, now: number): Promise<MemorialDay> {
  const at = formatCst(now);
  const values = { start_date: body.StartDate, end_date: body.EndDate, scope: body.Scope, note: body.Note };
  let row: Row | undefined;
  if (body.Id > 0) {
    row = await database.db
      .updateTable('memorial_days')
      .set({ ...values, updated_at: at })
      .where('id', '=', body.Id)
      .returning(columns)
      .executeTakeFirst();
    if (!row) throw notFound(memorialMessages.notFound);
  } else {
    row = await database.db
      .insertInto('memorial_days')
      .values({ ...values, created_at: at, updated_at: at })
      .returning(columns)
      .executeTakeFirstOrThrow();
  }
  contentChanged(database, 'site');
  return toMemorialDay(row);
}

export async function deleteMemorialDay(database: Database, id: number): Promise<MemorialDay> {
  const row = await database.db.deleteFrom('memorial_days').where('id', '=', id).returning(columns).executeTakeFirst();
  if (!row) throw notFound(memorialMessages.notFound);
  contentChanged(database, 'site');
  return toMemorialDay(row);
}

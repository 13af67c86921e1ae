import { cstDate, parseCst, type VisitStatisticsQuery } from '@portal/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/connection.js';
import type { DB } from '../../db/schema.js';
import { flushHits } from './hits.js';
import { daysOf, previousOf, rangeOf, type DayRange } from './ranges.js';
import { referrerKindNames, type ReferrerKind } from './referrers.js';
import { rollUpDay } from './rollup.js';
import { deviceNames, type Device } from './visitors.js';

/**
 * 访问统计 for a range of days, read from the rolled-up tables only (rollup.ts): a year over ten
 * million hits is a few thousand rows a dimension. Today's figures are as fresh as the last
 * roll-up, at most `freshMs` old: older, this process's waiting hits are written and today is
 * rolled up again before answering.
 */

export interface Figures {
  views: number;
  visitors: number;
  botViews: number;
}

export interface Row {
  key: string;
  name: string;
  views: number;
  visitors: number;
}

export interface KeywordRow {
  keyword: string;
  searches: number;
  results: number;
}

export interface VisitStatistics {
  range: DayRange;
  previousRange: DayRange;
  total: Figures;
  previous: Figures;
  trend: { label: string; views: number; visitors: number }[];
  hours: { hour: number; views: number }[];
  pages: Row[];
  articles: Row[];
  menus: Row[];
  referrers: (Row & { kind: string })[];
  keywords: KeywordRow[];
  emptyKeywords: KeywordRow[];
  devices: Row[];
  browsers: Row[];
  provinces: Row[];
  bots: Row[];
  updatedAt: string;
}

/** Rows of a ranked table answered: enough for a report, few enough to read. */
const TOP = 50;

export async function visitStatistics(database: Database, query: VisitStatisticsQuery, now: number, freshMs: number): Promise<VisitStatistics> {
  const range = rangeOf(query, now);
  if (range.end === cstDate(now)) await freshen(database, now, freshMs);
  const { db } = database;
  const previousRange = previousOf(range);
  const ranked = (dim: string) => rankedRows(db, dim, range);
  const [total, previous, trend, hours, pages, articles, menus, referrers, keywords, emptyKeywords, devices, browsers, provinces, bots, updatedAt] =
    await Promise.all([
      figures(db, range),
      figures(db, previousRange),
      trendOf(db, range),
      hoursOf(db, range),
      ranked('page'),
      ranked('article').then((rows) =>
        named(rows, (ids) => db.selectFrom('news').select(['id', 'title as name']).where('id', 'in', ids).execute(), '已删除的文章'),
      ),
      ranked('menu').then((rows) => named(rows, (ids) => db.selectFrom('menus').select(['id', 'name']).where('id', 'in', ids).execute(), '已删除的栏目')),
      ranked('referrer').then((rows) => rows.map(referrerRow)),
      keywordRows(db, range, false),
      keywordRows(db, range, true),
      ranked('device').then((rows) => rows.map((r) => ({ ...r, name: deviceNames[r.key as Device] ?? r.key }))),
      ranked('browser'),
      ranked('province'),
      ranked('bot'),
      lastRolled(db),
    ]);
  return {
    range,
    previousRange,
    total,
    previous,
    trend,
    hours,
    pages,
    articles,
    menus,
    referrers,
    keywords,
    emptyKeywords,
    devices,
    browsers,
    provinces,
    bots,
    updatedAt,
  };
}

/** Today rolled up again when its last roll-up (by any instance) is older than `freshMs`. */
async function freshen(database: Database, now: number, freshMs: number): Promise<void> {
  const today = cstDate(now);
  const last = await database.db.selectFrom('stat_rollups').select('rolled_at').where('day', '=', today).executeTakeFirst();
  if (last && parseCst(last.rolled_at) > now - freshMs) return;
  await flushHits(database);
  await rollUpDay(database, today, now);
}

async function figures(db: Kysely<DB>, range: DayRange): Promise<Figures> {
  const [people, robots] = await Promise.all([
    db
      .selectFrom('stat_daily')
      .select((eb) => [eb.fn.sum<number>('views').as('views'), eb.fn.sum<number>('visitors').as('visitors')])
      .where('dim', '=', 'all')
      .where('day', '>=', range.start)
      .where('day', '<=', range.end)
      .executeTakeFirst(),
    db
      .selectFrom('stat_hourly')
      .select((eb) => eb.fn.sum<number>('bot_views').as('bots'))
      .where('day', '>=', range.start)
      .where('day', '<=', range.end)
      .executeTakeFirst(),
  ]);
  return { views: Number(people?.views ?? 0), visitors: Number(people?.visitors ?? 0), botViews: Number(robots?.bots ?? 0) };
}

/** Per hour of a single day, per day of a longer range; days and hours without a hit are zeros. */
async function trendOf(db: Kysely<DB>, range: DayRange): Promise<VisitStatistics['trend']> {
  if (range.start === range.end) {
    const rows = await db.selectFrom('stat_hourly').select(['hour', 'views', 'visitors']).where('day', '=', range.start).execute();
    const byHour = new Map(rows.map((r) => [Number(r.hour), r]));
    return Array.from({ length: 24 }, (_, hour) => ({
      label: `${String(hour).padStart(2, '0')}:00`,
      views: Number(byHour.get(hour)?.views ?? 0),
      visitors: Number(byHour.get(hour)?.visitors ?? 0),
    }));
  }
  const rows = await db
    .selectFrom('stat_daily')
    .select(['day', 'views', 'visitors'])
    .where('dim', '=', 'all')
    .where('day', '>=', range.start)
    .where('day', '<=', range.end)
    .execute();
  const byDay = new Map(rows.map((r) => [r.day, r]));
  return daysOf(range).map((day) => ({ label: day, views: Number(byDay.get(day)?.views ?? 0), visitors: Number(byDay.get(day)?.visitors ?? 0) }));
}

async function hoursOf(db: Kysely<DB>, range: DayRange): Promise<VisitStatistics['hours']> {
  const rows = await db
    .selectFrom('stat_hourly')
    .select((eb) => ['hour', eb.fn.sum<number>('views').as('views')])
    .where('day', '>=', range.start)
    .where('day', '<=', range.end)
    .groupBy('hour')
    .execute();
  const byHour = new Map(rows.map((r) => [Number(r.hour), Number(r.views)]));
  return Array.from({ length: 24 }, (_, hour) => ({ hour, views: byHour.get(hour) ?? 0 }));
}

async function rankedRows(db: Kysely<DB>, dim: string, range: DayRange): Promise<Row[]> {
  const rows = await db
    .selectFrom('stat_daily')
    .select((eb) => ['key', eb.fn.sum<number>('views').as('views'), eb.fn.sum<number>('visitors').as('visitors')])
    .where('dim', '=', dim)
    .where('day', '>=', range.start)
    .where('day', '<=', range.end)
    .groupBy('key')
    .orderBy('views', 'desc')
    .orderBy('key')
    .limit(TOP)
    .execute();
  return rows.map((r) => ({ key: r.key, name: r.key, views: Number(r.views), visitors: Number(r.visitors) }));
}

/** The keywords searched, most first; `empty`: those whose searches all found nothing. */
async function keywordRows(db: Kysely<DB>, range: DayRange, empty: boolean): Promise<KeywordRow[]> {
  let query = db
    .selectFrom('stat_daily')
    .select((eb) => ['key', eb.fn.sum<number>('views').as('searches'), eb.fn.max('results').as('results')])
    .where('dim', '=', 'keyword')
    .where('day', '>=', range.start)
    .where('day', '<=', range.end)
    .groupBy('key');
  if (empty) query = query.having((eb) => eb.fn.max('results'), '=', 0);
  const rows = await query.orderBy('searches', 'desc').orderBy('key').limit(TOP).execute();
  return rows.map((r) => ({ keyword: r.key, searches: Number(r.searches), results: Number(r.results) }));
}

/**
 * Rows named by what their keys (ids) stand for now: `read` answers the names of the ids it is
 * given; a row whose id it does not answer is `gone`.
 */
async function named(rows: Row[], read: (ids: number[]) => Promise<{ id: number; name: string }[]>, gone: string): Promise<Row[]> {
  const ids = rows.map((r) => Number(r.key)).filter((id) => Number.isInteger(id) && id > 0);
  const known = new Map(ids.length === 0 ? [] : (await read(ids)).map((n) => [String(n.id), n.name]));
  return rows.map((r) => ({ ...r, name: known.get(r.key) ?? gone }));
}

/** Stored as kind:name; shown as the kind's Chinese name and the engine or site. */
function referrerRow(row: Row): Row & { kind: string } {
  const at = row.key.indexOf(':');
  const kind = row.key.slice(0, at) as ReferrerKind;
  const name = row.key.slice(at + 1);
  const kindName = referrerKindNames[kind] ?? kind;
  return { ...row, kind: kindName, name: name || kindName };
}

async function lastRolled(db: Kysely<DB>): Promise<string> {
  const row = await db
    .selectFrom('stat_rollups')
    .select((eb) => eb.fn.max('rolled_at').as('at'))
    .executeTakeFirst();
  return row?.at ?? '';
}

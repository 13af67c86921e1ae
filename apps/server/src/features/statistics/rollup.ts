import { addDays, cstDate, formatCst } from '@portal/shared';
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '../../db/connection.js';
import { longRead } from '../../db/long-reads.js';
import type { DB } from '../../db/schema.js';
import { discardOldSalts } from './salts.js';

/**
 * The raw hits of a day rolled up into what the dashboard reads: per hour (stat_hourly) and per
 * day and dimension (stat_daily). The grouping is the database's (GROUP BY, count distinct), not
 * a scan in Node; it is read off the event loop (db/long-reads.ts: grouping a busy day's hundreds
 * of thousands of rows takes seconds), then the day's rows are replaced in one short transaction.
 * A day is always rolled up as a whole from its raw hits, so rolling is repeatable and the
 * figures equal the raw counts. Visitors are distinct hashes of one day; a range's visitors are
 * the sum of its days' (salts.ts).
 */

/** The dimensions of stat_daily: the key each groups people's hits by. */
const DIMENSIONS: Record<string, RawBuilder<unknown>> = {
  all: sql`''`,
  page: sql`path`,
  article: sql`cast(article_id as varchar(12))`,
  // An article's menu as its address said it, else the one it is in now.
  menu: sql`cast(case when menu_id > 0 then menu_id else coalesce((select n.menu_id from news n where n.id = stat_hits.article_id), 0) end as varchar(12))`,
  referrer: sql`referrer_kind || ':' || referrer_name`,
  device: sql`device`,
  browser: sql`browser`,
  province: sql`province`,
};

/** Only hits of a kind have these; the others' rows would all be one empty key. */
const ONLY: Record<string, RawBuilder<unknown>> = {
  article: sql`and article_id > 0`,
  menu: sql`and (menu_id > 0 or article_id > 0)`,
};

/** A day's minutes after midnight before it is rolled up for good: hits of its last seconds are still being written. */
const SETTLE_MS = 10 * 60_000;
const ROWS_PER_STATEMENT = 500;

interface Aggregate {
  dim: string;
  key: string;
  views: number | string;
  visitors: number | string;
  results: number | string;
}

interface HourFigures {
  hour: number;
  views: number | string;
  visitors: number | string;
  bot_views: number | string;
}

/** Every dimension's groups of the day in one statement (each grouped by the key's column of a derived table: PostgreSQL refuses a constant, all's, in GROUP BY). */
function aggregatesOf(day: string): RawBuilder<Aggregate> {
  const people = Object.entries(DIMENSIONS).map(
    ([dim, key]) => sql`select ${sql.lit(dim)} as dim, k as key, count(*) as views, count(distinct visitor) as visitors, 0 as results
      from (select visitor, ${key} as k from stat_hits where day = ${day} and bot = '' ${ONLY[dim] ?? sql``}) h group by k`,
  );
  // A keyword's results: the most any of its searches found (-1 when none was known).
  const keywords = sql`select 'keyword' as dim, keyword as key, count(*) as views, count(distinct visitor) as visitors, max(results) as results
    from stat_hits where day = ${day} and bot = '' and keyword <> '' group by keyword`;
  const robots = sql`select 'bot' as dim, bot as key, count(*) as views, count(distinct visitor) as visitors, 0 as results
    from stat_hits where day = ${day} and bot <> '' group by bot`;
  return sql<Aggregate>`${sql.join([...people, keywords, robots], sql` union all `)}`;
}

const hoursOf = (day: string) =>
  sql<HourFigures>`select hour, sum(case when bot = '' then 1 else 0 end) as views, count(distinct case when bot = '' then visitor end) as visitors,
    sum(case when bot = '' then 0 else 1 end) as bot_views from stat_hits where day = ${day} group by hour`;

export async function rollUpDay(database: Database, day: string, now: number): Promise<void> {
  const { db } = database;
  const final = now >= Date.parse(`${addDays(day, 1)}T00:00:00+08:00`) + SETTLE_MS;
  const aggregates = await longRead(database, aggregatesOf(day).compile(db));
  const hours = await longRead(database, hoursOf(day).compile(db));
  const rolledAt = formatCst(now);
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('stat_daily').where('day', '=', day).execute();
    await trx.deleteFrom('stat_hourly').where('day', '=', day).execute();
    const rows = aggregates.map((a) => ({ dim: a.dim, day, key: a.key, views: Number(a.views), visitors: Number(a.visitors), results: Number(a.results) }));
    for (let i = 0; i < rows.length; i += ROWS_PER_STATEMENT)
      await trx
        .insertInto('stat_daily')
        .values(rows.slice(i, i + ROWS_PER_STATEMENT))
        .execute();
    if (hours.length > 0)
      await trx
        .insertInto('stat_hourly')
        .values(hours.map((h) => ({ day, hour: Number(h.hour), views: Number(h.views), visitors: Number(h.visitors), bot_views: Number(h.bot_views) })))
        .execute();
    await trx
      .insertInto('stat_rollups')
      .values({ day, rolled_at: rolledAt, final: final ? 1 : 0 })
      .onConflict((oc) => oc.column('day').doUpdateSet({ rolled_at: rolledAt, final: final ? 1 : 0 }))
      .execute();
  });
}

/**
 * The statistics' round (job.ts): today rolled up; every earlier day of the raw hits' window
 * not yet rolled up for good, rolled (a server that was down over midnight catches up); the
 * salts of past days discarded once their day is final; raw hits past `rawDays` deleted.
 */
export async function statisticsRound(database: Database, now: number, rawDays: number): Promise<void> {
  const { db } = database;
  const today = cstDate(now);
  const oldest = addDays(today, -rawDays);
  const finals = await finalDays(db, oldest);
  for (let day = oldest; day < today; day = addDays(day, 1)) if (!finals.has(day)) await rollUpDay(database, day, now);
  await rollUpDay(database, today, now);
  const yesterdayFinal = finals.has(addDays(today, -1)) || now >= Date.parse(`${today}T00:00:00+08:00`) + SETTLE_MS;
  await discardOldSalts(db, yesterdayFinal ? today : addDays(today, -1));
  await db.deleteFrom('stat_hits').where('day', '<', oldest).execute();
}

async function finalDays(db: Kysely<DB>, from: string): Promise<Set<string>> {
  const rows = await db.selectFrom('stat_rollups').select('day').where('final', '=', 1).where('day', '>=', from).execute();
  return new Set(rows.map((r) => r.day));
}

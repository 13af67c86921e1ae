import { addDays, cstDate, formatCst } from '@portal/shared';
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { DB } from '../../db/schema.js';
import { discardOldSalts } from './salts.js';

/**
 * The raw hits of a day rolled up into what the dashboard reads: per hour (stat_hourly) and per
 * day and dimension (stat_daily). Each is one INSERT … SELECT … GROUP BY run by the database, not
 * a scan in Node; a day is rolled again from its raw hits as a whole (its rows replaced in one
 * transaction), so rolling is repeatable and the figures always equal the raw counts. Visitors
 * are distinct hashes of one day; a range's visitors are the sum of its days' (salts.ts).
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

export async function rollUpDay(db: Kysely<DB>, day: string, now: number): Promise<void> {
  const final = now >= Date.parse(`${addDays(day, 1)}T00:00:00+08:00`) + SETTLE_MS;
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('stat_daily').where('day', '=', day).execute();
    await trx.deleteFrom('stat_hourly').where('day', '=', day).execute();
    await sql`insert into stat_hourly (day, hour, views, visitors, bot_views)
      select day, hour, sum(case when bot = '' then 1 else 0 end), count(distinct case when bot = '' then visitor end), sum(case when bot = '' then 0 else 1 end)
      from stat_hits where day = ${day} group by day, hour`.execute(trx);
    // Grouped by the key's column of a derived table: PostgreSQL refuses a constant (all's) in GROUP BY.
    for (const [dim, key] of Object.entries(DIMENSIONS))
      await sql`insert into stat_daily (dim, day, key, views, visitors, results)
        select ${dim}, day, k, count(*), count(distinct visitor), 0
        from (select day, visitor, ${key} as k from stat_hits where day = ${day} and bot = '' ${ONLY[dim] ?? sql``}) h group by day, k`.execute(trx);
    // A keyword's results: the most any of its searches found (-1 when none was known).
    await sql`insert into stat_daily (dim, day, key, views, visitors, results)
      select 'keyword', day, keyword, count(*), count(distinct visitor), max(results)
      from stat_hits where day = ${day} and bot = '' and keyword <> '' group by day, keyword`.execute(trx);
    await sql`insert into stat_daily (dim, day, key, views, visitors, results)
      select 'bot', day, bot, count(*), count(distinct visitor), 0
      from stat_hits where day = ${day} and bot <> '' group by day, bot`.execute(trx);
    await trx
      .insertInto('stat_rollups')
      .values({ day, rolled_at: formatCst(now), final: final ? 1 : 0 })
      .onConflict((oc) => oc.column('day').doUpdateSet({ rolled_at: formatCst(now), final: final ? 1 : 0 }))
      .execute();
  });
}

/**
 * The statistics' round (job.ts): today rolled up; every earlier day of the raw hits' window
 * not yet rolled up for good, rolled (a server that was down over midnight catches up); the
 * salts of past days discarded once their day is final; raw hits past `rawDays` deleted.
 */
export async function statisticsRound(db: Kysely<DB>, now: number, rawDays: number): Promise<void> {
  const today = cstDate(now);
  const oldest = addDays(today, -rawDays);
  const finals = new Set((await db.selectFrom('stat_rollups').select('day').where('final', '=', 1).where('day', '>=', oldest).execute()).map((r) => r.day));
  for (let day = oldest; day < today; day = addDays(day, 1)) if (!finals.has(day)) await rollUpDay(db, day, now);
  await rollUpDay(db, today, now);
  const yesterdayFinal = finals.has(addDays(today, -1)) || now >= Date.parse(`${today}T00:00:00+08:00`) + SETTLE_MS;
  await discardOldSalts(db, yesterdayFinal ? today : addDays(today, -1));
  await db.deleteFrom('stat_hits').where('day', '<', oldest).execute();
}

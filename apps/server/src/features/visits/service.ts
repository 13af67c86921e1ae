import type { Kysely } from 'kysely';
import type { Database } from '../../db/connection.js';
import type { DB } from '../../db/schema.js';

/**
 * The site's 访问量 (spec §7 CountWebCount) is people's page views per CST day: the page views
 * 访问统计 counts (features/statistics) are added here as they are written, in the same
 * transaction, so the counter and the statistics are one count; robots are not in it. Days from
 * before 访问统计 existed keep what the old counter (a call per page load) had counted.
 */
export async function addVisits(db: Kysely<DB>, perDay: ReadonlyMap<string, number>): Promise<void> {
  for (const [day, count] of perDay) {
    // One statement on both engines, so two processes writing the first views of a day cannot collide.
    await db
      .insertInto('visit_counts')
      .values({ day, count })
      .onConflict((oc) => oc.column('day').doUpdateSet((eb) => ({ count: eb('visit_counts.count', '+', count) })))
      .execute();
  }
}

export async function totalVisits({ db }: Database): Promise<number> {
  const { total } = await db
    .selectFrom('visit_counts')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('count'), eb.lit(0)).as('total'))
    .executeTakeFirstOrThrow();
  return total;
}

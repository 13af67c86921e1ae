import type { Kysely } from 'kysely';
import { notNullDefault } from './helpers.js';
import type { EngineMigration } from './index.js';

/**
 * 打开跟踪 of mailings (features/mailings/opens.ts): whether a mailing went out with it on (the
 * setting when it was sent, 0 for every earlier one), and when each recipient's mail was first
 * opened ('' never seen, or not tracked).
 */
export const mailOpens: EngineMigration = () => ({
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('mailings').addColumn('track_opens', 'integer', notNullDefault(0)).execute();
    await db.schema.alterTable('mailing_recipients').addColumn('opened_at', 'varchar(19)', notNullDefault('')).execute();
  },
});

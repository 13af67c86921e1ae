import type { Kysely } from 'kysely';
import { notNullDefault } from './helpers.js';
import type { EngineMigration } from './index.js';

/**
 * Returned mail of mailings (features/mailings/bounces.ts). A mail of the outbox may carry its
 * own envelope sender, the VERP-tagged bounce address of its mailing recipient, so returned mail
 * names the recipient; '' sends from MAIL_FROM as before. A mailing recipient whose mail came
 * back as a hard bounce keeps when, and the returning server's status and diagnostic.
 */
export const mailBounces: EngineMigration = () => ({
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('mail_outbox').addColumn('envelope_from', 'varchar(200)', notNullDefault('')).execute();
    // '' not bounced; the first bounce recorded stays.
    await db.schema.alterTable('mailing_recipients').addColumn('bounced_at', 'varchar(19)', notNullDefault('')).execute();
    await db.schema.alterTable('mailing_recipients').addColumn('bounce_reason', 'varchar(500)', notNullDefault('')).execute();
  },
});

import type { Kysely } from 'kysely';
import { notNullDefault } from './helpers.js';
import type { EngineMigration } from './index.js';

/**
 * Files sent with an e-mail of the outbox (features/mail/outbox.ts): an activity's
 * calendar file (.ics) with the sign-up confirmation or the cancellation. Kept in the row as a
 * JSON array of { filename, contentType, content } (text), so a mail sent after a restart or
 * a retry carries the same file as when it was queued.
 */
export const mailAttachments: EngineMigration = () => ({
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('mail_outbox').addColumn('attachments', 'text', notNullDefault('[]')).execute();
  },
});

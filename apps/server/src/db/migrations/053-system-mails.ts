import type { Kysely } from 'kysely';
import type { EngineMigration } from './index.js';

/**
 * 系统邮件 (features/mail/system-mails.ts): staff's edit of an automatic mail, one row per
 * mail code. A mail without a row is sent with its shipped default, so a release that improves a
 * default reaches every site that never edited it, and 恢复默认 is deleting the row.
 */
export const systemMails: EngineMigration = () => ({
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('system_mails')
      // SystemMailCode (contribution-approved, renewal-before…).
      .addColumn('code', 'varchar(40)', (c) => c.primaryKey())
      .addColumn('subject', 'varchar(150)', (c) => c.notNull())
      // Plain text with {{变量}}, as sent.
      .addColumn('body', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'varchar(19)', (c) => c.notNull())
      .execute();
  },
});

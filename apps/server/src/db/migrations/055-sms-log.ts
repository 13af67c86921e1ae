import type { Kysely } from 'kysely';
import type { EngineMigration } from './index.js';
import { withId } from './helpers.js';

/**
 * 短信 (features/sms): one row per message handed to the SMS provider, what it carried and what
 * the provider answered. The settings (signature, switch) live in site_settings.
 */
export const smsLog: EngineMigration = (engine) => ({
  async up(db: Kysely<unknown>) {
    await withId(engine, db.schema.createTable('sms_log'))
      .addColumn('phone', 'varchar(20)', (c) => c.notNull())
      .addColumn('sign_name', 'varchar(20)', (c) => c.notNull())
      .addColumn('template_code', 'varchar(50)', (c) => c.notNull())
      // JSON object of variable → value, as sent.
      .addColumn('variables', 'text', (c) => c.notNull())
      .addColumn('provider', 'varchar(50)', (c) => c.notNull())
      // sent (accepted by the provider), failed.
      .addColumn('state', 'varchar(10)', (c) => c.notNull())
      // The provider's message id, or its refusal.
      .addColumn('answer', 'varchar(500)', (c) => c.notNull())
      // Who or what sent it, e.g. 测试发送（admin）.
      .addColumn('source', 'varchar(100)', (c) => c.notNull())
      .addColumn('created_at', 'varchar(19)', (c) => c.notNull())
      .execute();
  },
});

import type { Kysely } from 'kysely';
import type { EngineMigration } from './index.js';
import { withId } from './helpers.js';

/**
 * 隐私与授权 (features/privacy/consents.ts): one row per submission that collected personal data
 * under a ticked 我已阅读并同意, naming the policy version then current (privacy_policies.version),
 * so what was accepted can be shown as it was. A member withdraws a consent; the row stays,
 * dated, as the record of both.
 */
export const privacyConsents: EngineMigration = (engine) => ({
  async up(db: Kysely<unknown>) {
    await withId(engine, db.schema.createTable('privacy_consents'))
      // application, proposal, contribution, message, form, signUp (@portal/shared consentSubjects).
      .addColumn('subject', 'varchar(20)', (c) => c.notNull())
      // The submission's row: the applicant's member, the proposal, the article, the message, the response, the sign-up.
      .addColumn('subject_id', 'integer', (c) => c.notNull())
      // The member who gave it (signed in, or the applicant); null for a visitor.
      .addColumn('member_id', 'integer')
      .addColumn('policy_version', 'integer', (c) => c.notNull())
      .addColumn('accepted_at', 'varchar(19)', (c) => c.notNull())
      // China time of withdrawal; '' while in force.
      .addColumn('withdrawn_at', 'varchar(19)', (c) => c.notNull().defaultTo(''))
      .execute();
    await db.schema.createIndex('privacy_consents_member').on('privacy_consents').columns(['member_id', 'id']).execute();
    await db.schema.createIndex('privacy_consents_subject').on('privacy_consents').columns(['subject', 'subject_id']).execute();
  },
});

import type { Kysely } from 'kysely';
import { notNullDefault } from './helpers.js';
import type { EngineMigration } from './index.js';

/**
 * When a recovery code was used (features/system/two-factor/service.ts): a used code was
 * deleted, so a second try with it read as a wrong code; kept and marked, it is told apart
 * (该恢复码已使用过) and the unused ones can be counted. '' while unused.
 */
export const recoveryCodeUse: EngineMigration = () => ({
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('admin_recovery_codes').addColumn('used_at', 'varchar(19)', notNullDefault('')).execute();
  },
});

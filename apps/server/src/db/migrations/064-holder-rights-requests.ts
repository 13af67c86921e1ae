import type { Kysely } from 'kysely';
import type { EngineMigration } from './index.js';

/**
 * 个人信息权利请求 of certificate holders and exam candidates (features/rights/holder.ts): they
 * have no account, so their request names the certificate record through which they proved who
 * they are (member_id 0); a member's request keeps holder_cert_id 0.
 */
export const holderRightsRequests: EngineMigration = () => ({
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('rights_requests')
      .addColumn('holder_cert_id', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema.createIndex('rights_requests_holder').on('rights_requests').columns(['holder_cert_id', 'id']).execute();
  },
});

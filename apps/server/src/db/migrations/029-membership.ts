import type { Kysely } from 'kysely';
import type { EngineMigration } from './index.js';
import { notNullDefault, withId } from './helpers.js';

/**
 * The membership cycle (features/membership): terms per member level, each member's standing,
 * dues payments with their receipts, renewal reminders sent once per member and term, and the
 * member's own choices for the electronic card and the public member directory.
 */
export const membership: EngineMigration = (engine) => ({
  async up(db: Kysely<unknown>) {
    // One row per level of type list 2 that has terms; a level without a row has the defaults
    // (features/members/level-terms.ts), so levels made before this release keep working.
    await db.schema
      .createTable('member_level_terms')
      .addColumn('level_id', 'integer', (c) => c.primaryKey())
      .addColumn('annual_fee_fen', 'integer', notNullDefault(0))
      // 'year' | 'calendar'
      .addColumn('term', 'varchar(16)', notNullDefault('year'))
      .addColumn('grace_days', 'integer', notNullDefault(30))
      .addColumn('needs_approval', 'integer', notNullDefault(1))
      .addColumn('updated_at', 'varchar(19)', (c) => c.notNull())
      .execute();

    // 1 有效, 2 宽限期, 3 已过期, 4 已停用 (MembershipState); the daily job keeps it current.
    await db.schema.alterTable('members').addColumn('membership_state', 'integer', notNullDefault(1)).execute();
    await db.schema.alterTable('members').addColumn('card_revoked_at', 'varchar(19)', notNullDefault('')).execute();
    await db.schema.alterTable('members').addColumn('card_revoke_reason', 'varchar(200)', notNullDefault('')).execute();
    // 会员名录: listed only when the member opts in; contact fields only those named here (comma list).
    await db.schema.alterTable('members').addColumn('directory_listed', 'integer', notNullDefault(0)).execute();
    await db.schema.alterTable('members').addColumn('directory_contacts', 'varchar(100)', notNullDefault('')).execute();
    await db.schema.alterTable('members').addColumn('website', 'varchar(200)', notNullDefault('')).execute();
    await db.schema.alterTable('members').addColumn('region', 'varchar(50)', notNullDefault('')).execute();
    // The list's 会籍状态 filter and the directory read by state.
    await db.schema.createIndex('members_membership_state').on('members').columns(['membership_state', 'id']).execute();

    // A financial record: kept when anything else changes; a mistake is voided, never deleted.
    await withId(engine, db.schema.createTable('member_payments'))
      .addColumn('receipt_no', 'varchar(32)', (c) => c.notNull().unique())
      .addColumn('member_id', 'integer', (c) => c.notNull().references('members.id'))
      // The level and its name when paid: the receipt says what was paid for even after a rename.
      .addColumn('level_id', 'integer', (c) => c.notNull())
      .addColumn('level_name', 'varchar(100)', notNullDefault(''))
      .addColumn('amount_fen', 'integer', (c) => c.notNull())
      .addColumn('paid_on', 'varchar(10)', (c) => c.notNull())
      .addColumn('payer', 'varchar(100)', (c) => c.notNull())
      .addColumn('method', 'varchar(16)', (c) => c.notNull())
      .addColumn('voucher_path', 'varchar(500)', notNullDefault(''))
      .addColumn('note', 'varchar(500)', notNullDefault(''))
      .addColumn('term_from', 'varchar(10)', notNullDefault(''))
      .addColumn('term_to', 'varchar(10)', notNullDefault(''))
      // The member's 有效期至 before this payment: voiding the latest payment puts it back.
      .addColumn('expire_before', 'varchar(10)', notNullDefault(''))
      // What an online provider's callback fills: 'offline' for what staff record.
      .addColumn('provider', 'varchar(32)', notNullDefault('offline'))
      .addColumn('transaction_id', 'varchar(64)', notNullDefault(''))
      // 'paid' | 'pending' | 'void'
      .addColumn('status', 'varchar(16)', notNullDefault('paid'))
      .addColumn('void_reason', 'varchar(500)', notNullDefault(''))
      .addColumn('admin_id', 'integer')
      .addColumn('admin_account', 'varchar(64)', notNullDefault(''))
      .addColumn('created_at', 'varchar(19)', (c) => c.notNull())
      .addColumn('updated_at', 'varchar(19)', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('member_payments_time').on('member_payments').columns(['paid_on', 'id']).execute();
    await db.schema.createIndex('member_payments_member').on('member_payments').columns(['member_id', 'id']).execute();

    // Each reminder once per member, term end and kind: the unique key makes it so across instances.
    await withId(engine, db.schema.createTable('membership_reminders'))
      .addColumn('member_id', 'integer', (c) => c.notNull().references('members.id').onDelete('cascade'))
      .addColumn('term_end', 'varchar(10)', (c) => c.notNull())
      .addColumn('kind', 'varchar(16)', (c) => c.notNull())
      .addColumn('recipient', 'varchar(100)', notNullDefault(''))
      // The queued e-mail (mail_outbox.id); null when none could be sent (no SMTP_URL, no address).
      .addColumn('mail_id', 'integer')
      .addColumn('created_at', 'varchar(19)', (c) => c.notNull())
      .addUniqueConstraint('membership_reminders_once', ['member_id', 'term_end', 'kind'])
      .execute();
  },
});

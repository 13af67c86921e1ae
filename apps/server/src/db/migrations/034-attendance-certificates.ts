import type { Kysely } from 'kysely';
import { notNullDefault, withId } from './helpers.js';
import type { EngineMigration } from './index.js';

/**
 * Attendance certificates (features/attendance-certificates): a 培训证明 or 参会证明 for a member
 * checked in at an activity. One per member and activity (the unique key makes issuing again
 * harmless); revoked and restored by status, never deleted, so its place in the revocation
 * status list (status_index, given with its first credential) keeps meaning the same record.
 */
export const attendanceCertificates: EngineMigration = (engine) => ({
  async up(db: Kysely<unknown>) {
    await withId(engine, db.schema.createTable('attendance_certificates'))
      .addColumn('activity_id', 'integer', (c) => c.notNull())
      .addColumn('member_id', 'integer', (c) => c.notNull())
      // 'training' (培训证明) or 'attendance' (参会证明), as the activity was marked when issued.
      .addColumn('kind', 'varchar(16)', (c) => c.notNull())
      .addColumn('cert_no', 'varchar(32)', (c) => c.notNull().unique())
      .addColumn('verify_token', 'varchar(64)', (c) => c.notNull().unique())
      // 0 正常, 1 已撤销.
      .addColumn('status', 'integer', notNullDefault(0))
      .addColumn('issued_at', 'varchar(19)', (c) => c.notNull())
      .addColumn('issued_by', 'varchar(64)', (c) => c.notNull())
      .addColumn('revoked_at', 'varchar(19)', notNullDefault(''))
      .addColumn('status_index', 'integer', (c) => c.unique())
      .addUniqueConstraint('attendance_certificates_activity_member', ['activity_id', 'member_id'])
      .execute();
    await db.schema.createIndex('attendance_certificates_member').on('attendance_certificates').column('member_id').execute();
  },
});

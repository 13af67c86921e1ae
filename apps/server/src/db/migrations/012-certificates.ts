import { sql, type Kysely } from 'kysely';
import { notNullDefault, withId } from './helpers.js';
import type { EngineMigration } from './index.js';

/**
 * Certificates and exam results (features/certificates): one row per exam result, and the
 * public lookup's per-address budget.
 *
 * A record belongs to a member company by name (company = members.member_name), matched when
 * read, so there is no member column to keep in step with renames and later admissions.
 */
export const certificates: EngineMigration = (engine) => ({
  async up(db: Kysely<unknown>) {
    await withId(engine, db.schema.createTable('certificates'))
      .addColumn('name', 'varchar(50)', (c) => c.notNull())
      // 1 居民身份证 (checked with GB 11643), 2 passport, 3 and 4 permits (IdType in @portal/shared).
      .addColumn('id_type', 'integer', notNullDefault(1))
      // Normalised: no spaces, letters upper-case, so lookups compare it as it is.
      .addColumn('id_num', 'varchar(20)', (c) => c.notNull())
      .addColumn('company', 'varchar(100)', notNullDefault(''))
      .addColumn('exam_time', 'varchar(10)', (c) => c.notNull())
      // 0 absent, 1 passed, 2 failed.
      .addColumn('exam_status', 'integer', (c) => c.notNull())
      // NULL without a certificate, so that uniqueness binds only real numbers.
      .addColumn('cert_num', 'varchar(50)')
      .addColumn('issue_date', 'varchar(10)', notNullDefault(''))
      .addColumn('remarks', 'varchar(200)', notNullDefault(''))
      // -1 deleted (kept for the audit trail), 0 hidden on the site, 1 normal.
      .addColumn('status', 'integer', notNullDefault(1))
      // What the certificate's QR code carries: random, never derived from the record.
      .addColumn('verify_token', 'varchar(64)', (c) => c.notNull().unique())
      .addColumn('created_at', 'varchar(19)', (c) => c.notNull())
      .addColumn('updated_at', 'varchar(19)', (c) => c.notNull())
      .execute();

    // A certificate number and one result per candidate and exam day are unique among the
    // records not deleted: a deleted mistake can be entered again correctly.
    const live = sql<boolean>`status <> -1`;
    await db.schema.createIndex('certificates_cert_num').unique().on('certificates').column('cert_num').where(live).execute();
    await db.schema.createIndex('certificates_result').unique().on('certificates').columns(['id_num', 'exam_time']).where(live).execute();
    // The public lookup: an exact name with an ID number or with a certificate number.
    await db.schema.createIndex('certificates_name_id').on('certificates').columns(['name', 'id_num']).execute();
    await db.schema.createIndex('certificates_name_cert').on('certificates').columns(['name', 'cert_num']).execute();
    // A member company's certificates, and the back office's newest-exam-first lists.
    await db.schema.createIndex('certificates_company').on('certificates').columns(['company', 'exam_time']).execute();
    await db.schema.createIndex('certificates_exam_time').on('certificates').columns(['exam_time', 'id']).execute();

    // One row per public lookup (GetCertList, DownCert) for the per-address limit, counted in
    // the database so that every instance agrees; rows older than the window are swept.
    await withId(engine, db.schema.createTable('cert_lookups'))
      .addColumn('ip', 'varchar(64)', (c) => c.notNull())
      .addColumn('created_at', 'varchar(19)', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('cert_lookups_ip').on('cert_lookups').columns(['ip', 'created_at']).execute();
    await db.schema.createIndex('cert_lookups_time').on('cert_lookups').column('created_at').execute();
  },
});

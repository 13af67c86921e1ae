import { expressionBuilder, type Kysely } from 'kysely';
import { attendanceCertMessages, formatCst } from '@portal/shared';
import type { DB } from '../../db/schema.js';
import { notFound } from '../../http/envelope.js';
import type { StatusFamily } from '../credentials/status-list.js';

/**
 * Attendance certificates: a 培训证明 for each member checked in at an activity marked as
 * training (activities.is_training), a 参会证明 for one checked in at any other. Both kinds make
 * sense to an association: training hours count for professional credit, and attendance at a
 * conference is asked for by employers too; the kind is fixed when the certificate is issued.
 * One per member and activity (a unique key), so issuing again gives only the newly checked in.
 * Never deleted: revoked and restored by status, so its revocation list bit keeps its meaning.
 */

type Db = Kysely<DB>;

export type AttendanceKind = 'training' | 'attendance';
export const kindNames: Record<AttendanceKind, string> = { training: '培训证明', attendance: '参会证明' };
export const AttendanceStatus = { Valid: 0, Revoked: 1 } as const;

/** Where a certificate's QR code leads: /attendance/verify/<token>. */
export const ATTENDANCE_VERIFY_PATH = '/attendance/verify';

/** A certificate with what it certifies. */
export interface AttendanceCert {
  id: number;
  activityId: number;
  memberId: number;
  kind: AttendanceKind;
  certNo: string;
  verifyToken: string;
  revoked: boolean;
  issuedAt: string;
  issuedBy: string;
  revokedAt: string;
  company: string;
  title: string;
  place: string;
  startTime: string;
  endTime: string;
  checkedInAt: string;
}

const selectCerts = (db: Db) =>
  db
    .selectFrom('attendance_certificates as c')
    .innerJoin('activities as a', 'a.id', 'c.activity_id')
    .innerJoin('members as m', 'm.id', 'c.member_id')
    .leftJoin('activity_notices as n', (j) => j.onRef('n.activity_id', '=', 'c.activity_id').onRef('n.member_id', '=', 'c.member_id'))
    .select([
      'c.id',
      'c.activity_id',
      'c.member_id',
      'c.kind',
      'c.cert_no',
      'c.verify_token',
      'c.status',
      'c.issued_at',
      'c.issued_by',
      'c.revoked_at',
      'm.member_name',
      'a.title',
      'a.place',
      'a.start_time',
      'a.end_time',
      'n.checked_in_at',
    ]);

type Row = Awaited<ReturnType<ReturnType<typeof selectCerts>['executeTakeFirstOrThrow']>>;

const toCert = (r: Row): AttendanceCert => ({
  id: r.id,
  activityId: r.activity_id,
  memberId: r.member_id,
  kind: r.kind === 'training' ? 'training' : 'attendance',
  certNo: r.cert_no,
  verifyToken: r.verify_token,
  revoked: r.status === AttendanceStatus.Revoked,
  issuedAt: r.issued_at,
  issuedBy: r.issued_by,
  revokedAt: r.revoked_at,
  company: r.member_name,
  title: r.title,
  place: r.place,
  startTime: r.start_time,
  endTime: r.end_time,
  checkedInAt: r.checked_in_at ?? '',
});

/** GetActivityCertificateList: an activity's certificates, by number. */
export async function activityCertificates(
  db: Db,
  activityId: number,
  page: { pageindex: number; pagesize: number },
): Promise<{ items: AttendanceCert[]; total: number }> {
  const { count } = await db
    .selectFrom('attendance_certificates')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('activity_id', '=', activityId)
    .executeTakeFirstOrThrow();
  const rows = await selectCerts(db)
    .where('c.activity_id', '=', activityId)
    .orderBy('c.cert_no')
    .limit(page.pagesize)
    .offset((page.pageindex - 1) * page.pagesize)
    .execute();
  return { items: rows.map(toCert), total: Number(count) };
}

/** A member's certificates, the latest activity first (revoked ones too: the member sees that). */
export async function memberCertificates(db: Db, memberId: number): Promise<AttendanceCert[]> {
  const rows = await selectCerts(db).where('c.member_id', '=', memberId).orderBy('a.start_time', 'desc').orderBy('c.id', 'desc').execute();
  return rows.map(toCert);
}

export async function certificateById(db: Db, id: number): Promise<AttendanceCert> {
  const row = await selectCerts(db).where('c.id', '=', id).executeTakeFirst();
  if (!row) throw notFound(attendanceCertMessages.notFound);
  return toCert(row);
}

export async function certificateByToken(db: Db, token: string): Promise<AttendanceCert | undefined> {
  if (!/^[A-Za-z0-9_-]{16,64}$/.test(token)) return undefined;
  const row = await selectCerts(db).where('c.verify_token', '=', token).executeTakeFirst();
  return row && toCert(row);
}

/** RevokeActivityCertificate: revoke or restore; answers the certificate for the audit log. */
export async function setRevoked(db: Db, id: number, revoke: boolean, now: number): Promise<AttendanceCert> {
  const cert = await certificateById(db, id);
  await db
    .updateTable('attendance_certificates')
    .set(revoke ? { status: AttendanceStatus.Revoked, revoked_at: formatCst(now) } : { status: AttendanceStatus.Valid, revoked_at: '' })
    .where('id', '=', id)
    .execute();
  return cert;
}

/** The attendance certificates' revocation lists: a certificate stands while it is not revoked. */
const certs = expressionBuilder<DB, 'attendance_certificates'>();
export const attendanceStatus: StatusFamily = {
  name: 'attendance-certificates',
  table: 'attendance_certificates',
  column: 'status_index',
  standing: certs('status', '=', AttendanceStatus.Valid),
};

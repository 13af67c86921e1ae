import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { activityMessages, attendanceCertMessages, formatCst, memberNo } from '@portal/shared';
import type { DB } from '../../db/schema.js';
import { badRequest, notFound } from '../../http/envelope.js';
import type { MailContext } from '../mail/context.js';
import { enqueueMails } from '../mail/outbox.js';
import { activityLetter, activityPath, activityTimeLine } from '../activities/mail.js';
import { ATTENDANCE_VERIFY_PATH, kindNames, type AttendanceKind } from './records.js';

type Db = Kysely<DB>;

/** The certificate number: the activity and the member (HD + 6 + 6 digits), the same whoever issues it first. */
const certNo = (activityId: number, memberId: number) => `HD${String(activityId).padStart(6, '0')}${memberNo(memberId).slice(2)}`;

/** What IssueActivityCertificates did: the activity's title, how many were issued, held already, and mailed. */
export interface Issued {
  title: string;
  issued: number;
  kept: number;
  mailed: number;
}

/** A certificate just issued: to whom, under which number, and its verification token. */
interface NewCertificate {
  member_id: number;
  cert_no: string;
  verify_token: string;
}

/**
 * IssueActivityCertificates: a certificate for every member checked in at the activity who has
 * none yet, once the activity has ended (a certificate says the member took part in it; before its
 * end that is not yet so). One insert that skips what exists (ON CONFLICT DO NOTHING), so two staff
 * issuing at once give each member one; in the same transaction the members issued to are told
 * (tellIssued). Answers how many were issued, how many had one already, and how many were mailed.
 */
export async function issueCertificates(db: Db, activityId: number, admin: string, now: number, mail: MailContext | null): Promise<Issued> {
  const activity = await db.selectFrom('activities').select(['title', 'is_training', 'end_time']).where('id', '=', activityId).executeTakeFirst();
  if (!activity) throw notFound(activityMessages.notFound);
  const issuedAt = formatCst(now);
  if (issuedAt < activity.end_time) throw badRequest(attendanceCertMessages.notEnded(activity.end_time));
  const checkedIn = await db
    .selectFrom('activity_notices')
    .select('member_id')
    .where('activity_id', '=', activityId)
    .where('checked_in_at', '!=', '')
    .execute();
  if (checkedIn.length === 0) throw badRequest(attendanceCertMessages.noneCheckedIn);
  const kind: AttendanceKind = activity.is_training ? 'training' : 'attendance';
  return db.transaction().execute(async (trx) => {
    const inserted = await trx
      .insertInto('attendance_certificates')
      .values(
        checkedIn.map(({ member_id }) => ({
          activity_id: activityId,
          member_id,
          kind,
          cert_no: certNo(activityId, member_id),
          verify_token: randomBytes(24).toString('base64url'),
          issued_at: issuedAt,
          issued_by: admin,
        })),
      )
      .onConflict((oc) => oc.doNothing())
      .returning(['member_id', 'cert_no', 'verify_token'])
      .execute();
    const mailed = await tellIssued(trx, activityId, kind, inserted, mail, now);
    return { title: activity.title, issued: inserted.length, kept: checkedIn.length - inserted.length, mailed };
  });
}

/**
 * Tells the members a certificate was just issued to: their notice of the activity becomes unread
 * again (the header's 活动通知 count, the activity marked 未读 in the member area, where its page
 * shows the certificate), and, with SMTP configured (`mail` not null), each member with an address
 * is e-mailed the certificate's number, the activity's page and the verification page. Answers how
 * many mails were queued, so the caller wakes the outbox once the transaction has committed.
 */
async function tellIssued(trx: Db, activityId: number, kind: AttendanceKind, issued: readonly NewCertificate[], mail: MailContext | null, now: number) {
  if (issued.length === 0) return 0;
  const memberIds = issued.map((c) => c.member_id);
  await trx.updateTable('activity_notices').set({ read_at: '' }).where('activity_id', '=', activityId).where('member_id', 'in', memberIds).execute();
  if (!mail) return 0;
  const rows = await trx
    .selectFrom('members as m')
    .innerJoin('activities as a', (j) => j.on('a.id', '=', activityId))
    .select(['m.id', 'm.email', 'm.member_name', 'a.title', 'a.start_time', 'a.end_time'])
    .where('m.id', 'in', memberIds)
    .where('m.email', '!=', '')
    .execute();
  const byMember = new Map(issued.map((c) => [c.member_id, c]));
  const name = kindNames[kind];
  const mails = rows.map((r) => {
    const cert = byMember.get(r.id)!;
    const body = activityLetter(mail, r.member_name, [
      `${mail.siteName}已为贵单位颁发活动「${r.title}」的${name}。`,
      '',
      activityTimeLine(r),
      `证明编号：${cert.cert_no}`,
      '',
      `查看与下载：${mail.baseUrl}${activityPath(activityId)}`,
      `证明核验：${mail.baseUrl}${ATTENDANCE_VERIFY_PATH}/${cert.verify_token}`,
    ]);
    return { recipient: r.email, subject: `【${name}】${r.title}`, body };
  });
  await enqueueMails(trx, mails, now);
  return mails.length;
}

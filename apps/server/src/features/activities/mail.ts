import { noPass, type CheckInPassMail } from './check-in-mail.js';
import type { OutgoingMail } from '../mail/outbox.js';
import type { MailContext } from '../mail/context.js';
import { fillSystemMail, type SystemMailText } from '../mail/system-mails.js';

/** The member-area page of one activity: the e-mail's link. */
export const activityPath = (id: number) => `/member/activity/${id}`;

export interface MailedActivity {
  email: string;
  member_name: string;
  activity_id: number;
  title: string;
  place: string;
  start_time: string;
  end_time: string;
  sign_up_deadline: string;
}

/** An activity's time as its e-mails write it, to the minute: `2024-06-20 09:00 至 2024-06-20 17:00`. */
const activityTime = (a: { start_time: string; end_time: string }) => `${a.start_time.slice(0, 16)} 至 ${a.end_time.slice(0, 16)}`;

/** The same as a line of a letter. */
export const activityTimeLine = (a: { start_time: string; end_time: string }) => `活动时间：${activityTime(a)}`;

/** An activity e-mail's plain text: the member addressed, what there is to say, and the site's closing. */
export const activityLetter = (context: MailContext, memberName: string, lines: readonly string[]) =>
  [`${memberName}：`, '', ...lines, '', `（本邮件由系统自动发送，请勿直接回复。）`, context.siteName].join('\n');

/**
 * The notice e-mail: plain text with the title, time, place, deadline and the link to sign up;
 * to a member already signed up (a reminder), their check-in code and QR too. The words are
 * 系统邮件 activity-notice's (`text`, read once for a batch: features/mail/system-mails.ts).
 */
export function activityMail(context: MailContext, text: SystemMailText, a: MailedActivity, pass: CheckInPassMail = noPass): OutgoingMail {
  const { subject, body } = fillSystemMail(text, {
    会员名称: a.member_name,
    活动名称: a.title,
    活动时间: activityTime(a),
    活动地点: a.place,
    报名截止: a.sign_up_deadline.slice(0, 16),
    签到信息: pass.lines.map((line) => `${line}\n`).join(''),
    活动链接: `${context.baseUrl}${activityPath(a.activity_id)}`,
    网站名称: context.siteName,
  });
  return { recipient: a.email, subject, body, attachments: pass.attachments };
}

export interface OfferedActivity extends Omit<MailedActivity, 'sign_up_deadline'> {
  /** The place is held until then. */
  offer_until: string;
}

/** A waiting member promoted (waitlist.ts): a place is held for them until offer_until, to confirm on the activity's page. */
export function offerMail(context: MailContext, a: OfferedActivity): OutgoingMail {
  const body = activityLetter(context, a.member_name, [
    `您候补的活动「${a.title}」有了空余名额，已为您保留。`,
    `请于 ${a.offer_until.slice(0, 16)} 前确认参加，逾期名额将顺延给下一位候补会员。`,
    '',
    activityTimeLine(a),
    `活动地点：${a.place}`,
    '',
    `确认参加：${context.baseUrl}${activityPath(a.activity_id)}`,
  ]);
  return { recipient: a.email, subject: `【候补成功】${a.title}`, body };
}

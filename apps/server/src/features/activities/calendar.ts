import type { Kysely } from 'kysely';
import { activityMessages, ActivityStatus, calendarFileName, formatCst } from '@portal/shared';
import { stripHtml } from '../../content/plain-text.js';
import type { Database } from '../../db/connection.js';
import type { DB } from '../../db/schema.js';
import { notFound } from '../../http/envelope.js';
import { checkInPassMail } from './check-in-mail.js';
import { activityLetter, activityPath, activityTimeLine } from './mail.js';
import type { SiteContext } from '../mail/context.js';
import { enqueueMails, nudgeOutbox, type MailAttachment, type OutgoingMail } from '../mail/outbox.js';

/**
 * An activity as a calendar file (iCalendar, RFC 5545), for members to put in their calendars:
 * downloaded from the activity's page, attached to the sign-up confirmation, and, when a
 * published activity is deleted, attached to the cancellation sent to those signed up.
 *
 * One event per activity, its UID fixed (activity-<id>@<site host>), so a calendar that
 * imports a later file updates the same entry: SEQUENCE is the activity's revision, which
 * every save of an announced activity raises; a cancellation is METHOD:CANCEL with
 * STATUS:CANCELLED one revision further. Times are the activity's own, China Standard Time,
 * written with TZID=Asia/Shanghai and that zone's definition in the file.
 */

type Db = Kysely<DB>;

/** What the calendar file shows of an activity. */
export interface CalendarActivity {
  id: number;
  title: string;
  /** Sanitised rich text; the file carries its words. */
  description: string;
  place: string;
  start_time: string;
  end_time: string;
  revision: number;
}

/** The columns of CalendarActivity, from activities aliased `a`. */
export const calendarColumns = ['a.id', 'a.title', 'a.description', 'a.place', 'a.start_time', 'a.end_time', 'a.revision'] as const;

export const CALENDAR_TYPE = 'text/calendar; charset=utf-8';

const TZID = 'Asia/Shanghai';

/** Asia/Shanghai has kept UTC+8 without daylight saving since 1991: one standard rule covers every activity. */
const timeZone = [
  'BEGIN:VTIMEZONE',
  `TZID:${TZID}`,
  'BEGIN:STANDARD',
  'DTSTART:19700101T000000',
  'TZOFFSETFROM:+0800',
  'TZOFFSETTO:+0800',
  'TZNAME:CST',
  'END:STANDARD',
  'END:VTIMEZONE',
];

/** Longer descriptions are cut: the page (URL) has the rest, and every confirmation e-mail keeps a copy. */
const DESCRIPTION_MAX = 2000;

/** TEXT values (RFC 5545 §3.3.11): backslash, semicolon and comma escaped, line breaks as \n, no other control characters. */
const escapeText = (text: string) =>
  text
    .replace(/[\\;,]/g, (c) => `\\${c}`)
    .replace(/\r\n|\r|\n/g, '\\n')
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, '');

/** A parameter value (CN=…), quoted: it may hold ':' ';' ',' but never a double quote or a control character. */
const paramValue = (text: string) => `"${text.replace(/["\p{Cc}]/gu, '')}"`;

/** A CST time of ours (yyyy-MM-dd HH:mm:ss) as a local DATE-TIME (20240620T090000). */
const localDateTime = (cst: string) => cst.replace(/[-:]/g, '').replace(' ', 'T');

/** An instant as a UTC DATE-TIME (20240601T020000Z). */
const utcDateTime = (ms: number) =>
  new Date(ms)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

/**
 * A content line folded (RFC 5545 §3.1): no line longer than 75 octets, continued on the next
 * after CRLF and a space; split between characters, never inside a UTF-8 sequence.
 */
export function foldLine(line: string): string {
  const parts: string[] = [];
  let part = '';
  let octets = 0;
  // The first line holds 75 octets; each continuation 74 after its leading space.
  let room = 75;
  for (const char of line) {
    const size = Buffer.byteLength(char);
    if (octets + size > room) {
      parts.push(part);
      part = '';
      octets = 0;
      room = 74;
    }
    part += char;
    octets += size;
  }
  parts.push(part);
  return parts.join('\r\n ');
}

/** The words of the activity's description, cut to DESCRIPTION_MAX, with the page's address under them. */
function descriptionOf(a: CalendarActivity, url: string): string {
  const text = stripHtml(a.description);
  const words = text.length > DESCRIPTION_MAX ? `${text.slice(0, DESCRIPTION_MAX)}…` : text;
  return [words, `活动详情：${url}`].filter(Boolean).join('\n\n');
}

/**
 * The calendar file of one activity: published (METHOD:PUBLISH) or, `cancelled`, its
 * cancellation. `now` is the file's DTSTAMP.
 */
export function activityCalendar(site: SiteContext, a: CalendarActivity, { now, cancelled = false }: { now: number; cancelled?: boolean }): string {
  const url = `${site.baseUrl}${activityPath(a.id)}`;
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:-//${escapeText(site.siteName)}//活动//ZH`,
    'CALSCALE:GREGORIAN',
    `METHOD:${cancelled ? 'CANCEL' : 'PUBLISH'}`,
    ...timeZone,
    'BEGIN:VEVENT',
    `UID:activity-${a.id}@${new URL(site.baseUrl).hostname}`,
    `DTSTAMP:${utcDateTime(now)}`,
    // A cancellation comes after the last revision members may hold.
    `SEQUENCE:${a.revision + (cancelled ? 1 : 0)}`,
    `DTSTART;TZID=${TZID}:${localDateTime(a.start_time)}`,
    // An activity that ends as it starts has no DTEND (RFC 5545 wants DTEND later than DTSTART).
    ...(a.end_time > a.start_time ? [`DTEND;TZID=${TZID}:${localDateTime(a.end_time)}`] : []),
    `SUMMARY:${escapeText(a.title)}`,
    `LOCATION:${escapeText(a.place)}`,
    `DESCRIPTION:${escapeText(descriptionOf(a, url))}`,
    `URL:${url}`,
    ...(site.siteEmail ? [`ORGANIZER;CN=${paramValue(site.siteName)}:mailto:${site.siteEmail}`] : []),
    `STATUS:${cancelled ? 'CANCELLED' : 'CONFIRMED'}`,
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return `${lines.map(foldLine).join('\r\n')}\r\n`;
}

/** The calendar file as an e-mail attachment; the method tells mail programs what to do with it. */
const calendarAttachment = (site: SiteContext, a: CalendarActivity, now: number, cancelled: boolean): MailAttachment => ({
  filename: calendarFileName(a.title),
  contentType: `${CALENDAR_TYPE}; method=${cancelled ? 'CANCEL' : 'PUBLISH'}`,
  content: activityCalendar(site, a, { now, cancelled }),
});

/** The activity a member may put in their calendar: one of their notices, published or closed (as GetMyActivity). */
export async function memberCalendarActivity(db: Db, memberId: number, id: number): Promise<CalendarActivity> {
  const row = await db
    .selectFrom('activity_notices as n')
    .innerJoin('activities as a', 'a.id', 'n.activity_id')
    .select(calendarColumns)
    .where('n.member_id', '=', memberId)
    .where('a.id', '=', id)
    .where('a.status', '!=', ActivityStatus.Draft)
    .executeTakeFirst();
  if (!row) throw notFound(activityMessages.notFound);
  return row;
}

/** Any activity, a draft too, for the back office. */
export async function staffCalendarActivity(db: Db, id: number): Promise<CalendarActivity> {
  const row = await db.selectFrom('activities as a').select(calendarColumns).where('a.id', '=', id).executeTakeFirst();
  if (!row) throw notFound(activityMessages.notFound);
  return row;
}

/**
 * The sign-up confirmation: queued (with SMTP configured and an address) right after the
 * sign-up, carrying the calendar file as it stands then; it becomes the notice's latest e-mail,
 * whose delivery the back office sees. Without mail, nothing.
 */
export async function mailSignUpConfirmation(database: Database, memberId: number, activityId: number, mail: SiteContext | null, now: number): Promise<void> {
  if (!mail) return;
  const queued = await database.db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('activity_notices as n')
      .innerJoin('activities as a', 'a.id', 'n.activity_id')
      .innerJoin('members as m', 'm.id', 'n.member_id')
      .select([...calendarColumns, 'n.id as notice_id', 'n.signed_up_at', 'n.check_in_token', 'n.check_in_code', 'm.email', 'm.member_name'])
      .where('n.member_id', '=', memberId)
      .where('n.activity_id', '=', activityId)
      .where('n.signed_up_at', '!=', '')
      .where('m.email', '!=', '')
      .executeTakeFirst();
    if (!row) return false;
    const pass = await checkInPassMail(row);
    const body = activityLetter(mail, row.member_name, [
      `您已成功报名活动「${row.title}」。`,
      '',
      activityTimeLine(row),
      `活动地点：${row.place}`,
      '',
      ...pass.lines,
      '附件是本活动的日历文件（.ics），打开即可加入您的日历；活动如有变更，请在活动页面重新下载。',
      `查看详情或取消报名：${mail.baseUrl}${activityPath(row.id)}`,
    ]);
    const attachments = [calendarAttachment(mail, row, now, false), ...pass.attachments];
    const [mailId] = await enqueueMails(trx, [{ recipient: row.email, subject: `【报名成功】${row.title}`, body, attachments }], now);
    await trx
      .updateTable('activity_notices')
      .set({ mail_id: mailId ?? null })
      .where('id', '=', row.notice_id)
      .execute();
    return true;
  });
  if (queued) nudgeOutbox(database);
}

/**
 * The cancellations of activities about to be deleted (read in the deleting transaction,
 * before the rows go): one e-mail with METHOD:CANCEL to each member signed up, with an
 * address, for every announced activity that has not ended. A draft was never in anyone's
 * calendar; an ended activity is only being tidied away.
 */
export async function cancellationMails(trx: Db, ids: number[], mail: SiteContext, now: number): Promise<OutgoingMail[]> {
  const rows = await trx
    .selectFrom('activity_notices as n')
    .innerJoin('activities as a', 'a.id', 'n.activity_id')
    .innerJoin('members as m', 'm.id', 'n.member_id')
    .select([...calendarColumns, 'm.email', 'm.member_name'])
    .where('a.id', 'in', ids)
    .where('a.status', '!=', ActivityStatus.Draft)
    .where('a.end_time', '>', formatCst(now))
    .where('n.signed_up_at', '!=', '')
    .where('m.email', '!=', '')
    .orderBy('n.id')
    .execute();
  return rows.map((row) => ({
    recipient: row.email,
    subject: `【活动取消】${row.title}`,
    body: activityLetter(mail, row.member_name, [
      `很抱歉，您报名的活动「${row.title}」已取消。`,
      '',
      activityTimeLine(row),
      `活动地点：${row.place}`,
      '',
      '附件是取消通知的日历文件（.ics），打开即可从您的日历中移除该活动。',
    ]),
    attachments: [calendarAttachment(mail, row, now, true)],
  }));
}

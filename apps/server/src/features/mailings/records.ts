import { sql, type Kysely } from 'kysely';
import { mailingSegment, type MailingCategory } from '@portal/shared';
import type { DB } from '../../db/schema.js';
import { fillVariables } from '../mail/merge-text.js';
import type { MergeValues } from './merge-fields.js';
import { mergeValues } from './merge-values.js';
import { pageWindow } from '../../http/paging.js';

/**
 * What a mailing did, read from its recipients and their outbox rows: a recipient is waiting
 * (not yet handed to the outbox), queued (in it, not sent yet, no failure), sent, or failed (its
 * last attempt failed: retried later or given up), with the mail server's answer; or bounced
 * (its mail came back as a hard bounce, bounces.ts), with the report's status and diagnostic,
 * whatever the outbox row says: the bounce is the later news.
 */

export type RecipientState = 'waiting' | 'queued' | 'sent' | 'failed' | 'site' | 'bounced';
export const recipientStateNames: Record<RecipientState, string> = {
  waiting: '待发送',
  queued: '发送中',
  sent: '已发送',
  failed: '发送失败',
  site: '仅站内信',
  bounced: '退信',
};

/** `state` is the outbox row's: none for a recipient handed with nothing to mail (reached by the site only). */
function stateOf(r: { handed_at: string; bounced_at: string; state: string | null }): RecipientState {
  if (r.bounced_at !== '') return 'bounced';
  if (r.handed_at === '') return 'waiting';
  if (r.state === null) return 'site';
  return r.state === 'sent' || r.state === 'failed' ? r.state : 'queued';
}

/** Whether a time column is set, as a value to group by: counting needs only that. */
const isSet = (column: 'r.handed_at' | 'r.bounced_at' | 'r.opened_at') => sql<string>`case when ${sql.ref(column)} = '' then '' else 'x' end`;

export interface MailingCounts {
  recipients: number;
  waiting: number;
  queued: number;
  sent: number;
  failed: number;
  site: number;
  bounced: number;
  /** Opened at least once (打开跟踪, opens.ts), whatever the state. */
  opened: number;
}

export async function mailingCounts(db: Kysely<DB>, mailingIds: readonly number[]): Promise<Map<number, MailingCounts>> {
  const counts = new Map<number, MailingCounts>(
    mailingIds.map((id) => [id, { recipients: 0, waiting: 0, queued: 0, sent: 0, failed: 0, site: 0, bounced: 0, opened: 0 }]),
  );
  if (mailingIds.length === 0) return counts;
  const rows = await db
    .selectFrom('mailing_recipients as r')
    .leftJoin('mail_outbox as o', 'o.id', 'r.mail_id')
    .select([
      'r.mailing_id',
      isSet('r.handed_at').as('handed_at'),
      isSet('r.bounced_at').as('bounced_at'),
      isSet('r.opened_at').as('opened_at'),
      'o.state',
      (eb) => eb.fn.countAll<number>().as('n'),
    ])
    .where('r.mailing_id', 'in', mailingIds)
    .groupBy(['r.mailing_id', isSet('r.handed_at'), isSet('r.bounced_at'), isSet('r.opened_at'), 'o.state'])
    .execute();
  for (const row of rows) {
    const c = counts.get(row.mailing_id)!;
    const n = Number(row.n);
    c.recipients += n;
    c[stateOf(row)] += n;
    if (row.opened_at !== '') c.opened += n;
  }
  return counts;
}

/** What went wrong for one recipient: a bounce's status and diagnostic, else the mail server's answer of a failure. */
function errorOf(r: { bounced_at: string; bounce_reason: string; state: string | null; last_error: string | null }): string {
  if (r.bounced_at !== '') return r.bounce_reason;
  return r.state === 'sent' ? '' : (r.last_error ?? '');
}

export interface RecipientRow {
  memberId: number;
  memberName: string;
  email: string;
  state: RecipientState;
  /** The mail server's answer of a failure, or a bounce's status and diagnostic. */
  error: string;
  sentAt: string;
  /** When first opened ('' not seen, or not tracked). */
  openedAt: string;
}

export async function mailingRecipients(db: Kysely<DB>, mailingId: number, paging: { pageindex: number; pagesize: number }) {
  const base = db.selectFrom('mailing_recipients as r').where('r.mailing_id', '=', mailingId);
  const { limit, offset } = pageWindow(paging);
  const [rows, total] = await Promise.all([
    base
      .innerJoin('members as m', 'm.id', 'r.member_id')
      .leftJoin('mail_outbox as o', 'o.id', 'r.mail_id')
      .select([
        'r.member_id',
        'm.member_name',
        'r.email',
        'r.handed_at',
        'r.bounced_at',
        'r.bounce_reason',
        'r.opened_at',
        'o.state',
        'o.last_error',
        'o.sent_at',
      ])
      .orderBy('r.id')
      .limit(limit)
      .offset(offset)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  const list: RecipientRow[] = rows.map((r) => ({
    memberId: r.member_id,
    memberName: r.member_name,
    email: r.email,
    state: stateOf(r),
    error: errorOf(r),
    sentAt: r.sent_at ?? '',
    openedAt: r.opened_at,
  }));
  return { list, total: Number(total.n) };
}

/**
 * What one member was sent, newest first, each subject with the member's variables filled (as
 * their mail said it, with their values as they are now: the mail itself is not kept).
 */
export async function memberMailings(db: Kysely<DB>, memberId: number, paging: { pageindex: number; pagesize: number }, now: number) {
  const base = db.selectFrom('mailing_recipients as r').where('r.member_id', '=', memberId);
  const { limit, offset } = pageWindow(paging);
  const [rows, total] = await Promise.all([
    base
      .innerJoin('mailings as g', 'g.id', 'r.mailing_id')
      .leftJoin('mail_outbox as o', 'o.id', 'r.mail_id')
      .select([
        'g.id',
        'g.subject',
        'g.category',
        'g.segment',
        'g.base_url',
        'r.handed_at',
        'r.bounced_at',
        'r.bounce_reason',
        'o.state',
        'o.last_error',
        'o.sent_at',
      ])
      .orderBy('r.mailing_id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  // The member's values depend on the mailing only through its category, activity and address:
  // read once for each such context on the page, not once a row.
  const valuesOf = new Map<string, Promise<MergeValues | undefined>>();
  const list = [];
  for (const r of rows) {
    const context = { baseUrl: r.base_url, category: r.category as MailingCategory, activityId: mailingSegment.parse(JSON.parse(r.segment)).ActivityId };
    const key = `${context.category}|${context.activityId}|${context.baseUrl}`;
    if (!valuesOf.has(key))
      valuesOf.set(
        key,
        mergeValues(db, [memberId], context, now).then((merged) => merged.get(memberId)?.values),
      );
    const values = await valuesOf.get(key)!;
    const subject = values ? fillVariables(r.subject, values) : r.subject;
    list.push({ mailingId: r.id, subject, category: r.category, state: stateOf(r), error: errorOf(r), sentAt: r.sent_at ?? '' });
  }
  return { list, total: Number(total.n) };
}

import type { Kysely } from 'kysely';
import { inboxCategories } from '@portal/shared';
import { chunksOf } from '../../db/chunks.js';
import type { DB } from '../../db/schema.js';
import { sanitizeRichText } from '../../content/sanitize.js';

/**
 * What other features call to put messages in members' inboxes and to learn how they were read
 * (the mailings feature: a mailing delivers one message per recipient, and its report counts
 * the reads). Delivery runs in the caller's transaction, so a mailing rolled back leaves no
 * message behind.
 */

export interface InboxDelivery {
  memberId: number;
  title: string;
  /** Rich text from the back office's editor; sanitised here, whoever sends it. */
  html: string;
  /** One of inboxCategories. */
  category: string;
  /** The mailing that sends it, null for none. */
  mailingId: number | null;
}

/** Rows per insert: 6 values each keeps a statement well under either engine's variable limit. */
const DELIVERY_CHUNK = 500;

const knownCategory = (category: string) => (inboxCategories as readonly string[]).includes(category);

/** Delivers one message per item, unread, at `at` (CST `yyyy-MM-dd HH:mm:ss`). */
export async function deliverToInbox(trx: Kysely<DB>, items: InboxDelivery[], at: string): Promise<void> {
  const unknown = items.find((item) => !knownCategory(item.category));
  // A caller's mistake, not a member's: the categories are fixed (inboxCategories).
  if (unknown) throw new Error(`inbox: unknown category ${JSON.stringify(unknown.category)}`);
  // A mailing sends the same html to everyone: sanitise each distinct body once.
  const clean = new Map<string, string>();
  const sanitised = (html: string) => {
    let safe = clean.get(html);
    if (safe === undefined) {
      safe = sanitizeRichText(html);
      clean.set(html, safe);
    }
    return safe;
  };
  for (const part of chunksOf(items, DELIVERY_CHUNK)) {
    await trx
      .insertInto('inbox_messages')
      .values(
        part.map((item) => ({
          member_id: item.memberId,
          title: item.title,
          html: sanitised(item.html),
          category: item.category,
          mailing_id: item.mailingId,
          created_at: at,
        })),
      )
      .execute();
  }
}

/** Per mailing: how many messages it delivered and how many of them were read. Mailings that delivered none are absent. */
export async function inboxReadCounts(db: Kysely<DB>, mailingIds: number[]): Promise<Map<number, { delivered: number; read: number }>> {
  const counts = new Map<number, { delivered: number; read: number }>();
  for (const part of chunksOf([...new Set(mailingIds)], DELIVERY_CHUNK)) {
    const rows = await db
      .selectFrom('inbox_messages')
      .select((eb) => [
        'mailing_id',
        eb.fn.countAll<number>().as('delivered'),
        eb.fn.sum<number>(eb.case().when('read_at', '<>', '').then(1).else(0).end()).as('read'),
      ])
      .where('mailing_id', 'in', part)
      .groupBy('mailing_id')
      .execute();
    for (const r of rows) counts.set(Number(r.mailing_id), { delivered: Number(r.delivered), read: Number(r.read) });
  }
  return counts;
}

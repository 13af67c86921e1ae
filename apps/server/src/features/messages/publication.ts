import type { Kysely } from 'kysely';
import { contentChanged } from '../../cache/generations.js';
import type { Database } from '../../db/connection.js';
import { MessageState, messageBoardMessages, type PagingQuery } from '@portal/shared';
import type { DB } from '../../db/schema.js';
import { containing } from '../../db/like.js';
import { notFound } from '../../http/envelope.js';
import { pageWindow } from '../../http/paging.js';

/**
 * The published questions and answers (GetPublicMessageList, GetPublicMessage): answered
 * messages the asker let be published and staff published, with personal data removed: the
 * name as 张**, and no phone, e-mail or attachment; numbers and addresses in the texts that
 * look like a phone or an e-mail, and the asker's name, masked too (docs/messages.md, "Privacy").
 */

export interface PublishedMessage {
  id: number;
  categoryName: string;
  title: string;
  content: string;
  askerName: string;
  reply: string;
  departmentName: string;
  createdAt: string;
  repliedAt: string;
}

/**
 * A write changed what 在线留言 shows the public: an answer published or withdrawn, a category,
 * a department's name or what asking requires. Its kept pages and cached calls are drawn again
 * (cache/generations.ts, area `messages`), on every instance.
 */
export const publicBoardChanged = (database: Database) => contentChanged(database, 'messages');

/** 张三 → 张*, 欧阳娜娜 → 欧***; no name → 网友. */
export const maskName = (name: string) => (name ? `${[...name][0]}${'*'.repeat(Math.max(1, [...name].length - 1))}` : '网友');

const PHONE = /(?<!\d)(?:1[3-9]\d{9}|0\d{2,3}-?\d{7,8}|\d{7,8})(?!\d)/g;
const EMAIL = /[^\s@<>"']+@[^\s@<>"']+\.[A-Za-z]{2,}/g;

/** A text with phone numbers, e-mail addresses and the asker's full name (and contacts) masked. */
export function withoutPersonalData(text: string, asker: { name: string; phone: string; email: string }): string {
  let out = text;
  for (const exact of [asker.phone, asker.email].filter((v) => v.length > 0)) out = out.split(exact).join('***');
  if ([...asker.name].length > 1) out = out.split(asker.name).join(maskName(asker.name));
  return out.replace(EMAIL, '***').replace(PHONE, '***');
}

/** Whether a public title would show the asker's name, phone or e-mail (PublishMessage refuses it). */
export const showsPersonalData = (title: string, asker: { name: string; phone: string; email: string }) => withoutPersonalData(title, asker) !== title;

const published = (db: Kysely<DB>) =>
  db
    .selectFrom('messages as m')
    .innerJoin('message_categories as c', 'c.id', 'm.category_id')
    .leftJoin('message_departments as d', 'd.id', 'm.department_id')
    .where('m.published', '=', 1)
    .where('m.state', '=', MessageState.Answered);

const columns = [
  'm.id',
  'c.name as category_name',
  'm.public_title',
  'm.subject',
  'm.content',
  'm.asker_name',
  'm.phone',
  'm.email',
  'm.reply',
  'd.name as department_name',
  'm.created_at',
  'm.replied_at',
] as const;

interface Row {
  id: number;
  category_name: string;
  public_title: string;
  subject: string;
  content: string;
  asker_name: string;
  phone: string;
  email: string;
  reply: string;
  department_name: string | null;
  created_at: string;
  replied_at: string;
}

function toPublished(r: Row): PublishedMessage {
  const asker = { name: r.asker_name, phone: r.phone, email: r.email };
  const clean = (text: string) => withoutPersonalData(text, asker);
  return {
    id: r.id,
    categoryName: r.category_name,
    title: clean(r.public_title || r.subject),
    content: clean(r.content),
    askerName: maskName(asker.name),
    reply: clean(r.reply),
    departmentName: r.department_name ?? '',
    createdAt: r.created_at,
    repliedAt: r.replied_at,
  };
}

/** GetPublicMessageList: newest answers first, by a keyword in the question or the answer. */
export async function publishedMessages(db: Kysely<DB>, q: PagingQuery & { key?: string }): Promise<{ items: PublishedMessage[]; total: number }> {
  const { key } = q;
  const matching = published(db).$if(!!key, (qb) =>
    qb.where((eb) => eb.or([containing('m.public_title', key!), containing('m.subject', key!), containing('m.content', key!), containing('m.reply', key!)])),
  );
  const { limit, offset } = pageWindow(q);
  const [rows, { total }] = await Promise.all([
    matching.select(columns).orderBy('m.replied_at', 'desc').orderBy('m.id', 'desc').limit(limit).offset(offset).execute(),
    matching.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { items: rows.map(toPublished), total: Number(total) };
}

/** One published message, or undefined when it is not (or no longer) published: its page's head. */
export async function findPublishedMessage(db: Kysely<DB>, id: number): Promise<PublishedMessage | undefined> {
  const row = await published(db).select(columns).where('m.id', '=', id).executeTakeFirst();
  return row && toPublished(row);
}

/** GetPublicMessage: one published message (404 when it is not, or no longer, published). */
export async function publishedMessage(db: Kysely<DB>, id: number): Promise<PublishedMessage> {
  const found = await findPublishedMessage(db, id);
  if (!found) throw notFound(messageBoardMessages.notFound);
  return found;
}

/** How many published answers the sitemap lists, each at its own page. */
export async function countPublishedMessages(db: Kysely<DB>): Promise<number> {
  const { n } = await published(db)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(n);
}

/** A window of the published answers by id (stable between requests), with their last change: the sitemap's entries. */
export function publishedMessageStamps(db: Kysely<DB>, offset: number, limit: number): Promise<{ id: number; updated_at: string }[]> {
  return published(db).select(['m.id', 'm.updated_at']).orderBy('m.id').limit(limit).offset(offset).execute();
}

import type { Kysely, Selectable } from 'kysely';
import {
  formatCst,
  mailingMessages,
  mailingSegment,
  type MailingCategory,
  type MailingChannel,
  type MailingSegment,
  type SaveMailingBody,
} from '@portal/shared';
import type { DB, MailingsTable } from '../../db/schema.js';
import { sanitizeRichText } from '../../content/sanitize.js';
import { badRequest, notFound } from '../../http/envelope.js';
import { pageWindow } from '../../http/paging.js';
import { checkVariables } from './merge-fields.js';
import { templateById } from './templates.js';

/** A mailing as stored, its segment and channels read. */
export interface Mailing extends Omit<Selectable<MailingsTable>, 'segment' | 'channels' | 'category'> {
  category: MailingCategory;
  segment: MailingSegment;
  channels: MailingChannel[];
}

const read = (row: Selectable<MailingsTable>): Mailing => ({
  ...row,
  category: row.category as MailingCategory,
  segment: mailingSegment.parse(JSON.parse(row.segment)),
  channels: row.channels.split(',') as MailingChannel[],
});

export async function mailingById(db: Kysely<DB>, id: number): Promise<Mailing> {
  const row = await db.selectFrom('mailings').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound(mailingMessages.mailingNotFound);
  return read(row);
}

export async function listMailings(db: Kysely<DB>, q: { pageindex: number; pagesize: number; category?: string | undefined }) {
  const base = db.selectFrom('mailings').$if(!!q.category, (s) => s.where('category', '=', q.category!));
  const { limit, offset } = pageWindow(q);
  const [rows, total] = await Promise.all([
    base.selectAll().orderBy('id', 'desc').limit(limit).offset(offset).execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows: rows.map(read), total: Number(total.n) };
}

/**
 * SaveMailing: a draft. A template given fills what Subject and Body leave blank; the body is
 * sanitised and its variables checked as a template's are. Only a draft may change: once sent or
 * scheduled its recipients are (or will be) fixed. Answers the id.
 */
export async function saveMailing(db: Kysely<DB>, b: SaveMailingBody, by: string, now: number): Promise<number> {
  const template = b.TemplateId ? await templateById(db, b.TemplateId) : undefined;
  const subject = b.Subject || template?.subject || '';
  const body = sanitizeRichText(b.Body || template?.body || '');
  if (!subject) throw badRequest(mailingMessages.subjectRequired);
  if (!body) throw badRequest(mailingMessages.bodyRequired);
  checkVariables(subject, body);
  const at = formatCst(now);
  const fields = {
    category: b.Category,
    template_id: b.TemplateId,
    subject,
    body,
    segment: JSON.stringify(b.Segment),
    channels: [...new Set(b.Channels)].join(','),
    updated_at: at,
  };
  if (b.MailingId === 0) {
    const row = await db
      .insertInto('mailings')
      .values({ ...fields, state: 'draft', created_by: by, created_at: at })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }
  const current = await mailingById(db, b.MailingId);
  if (current.state !== 'draft') throw badRequest(mailingMessages.notEditable);
  await db.updateTable('mailings').set(fields).where('id', '=', b.MailingId).where('state', '=', 'draft').execute();
  return b.MailingId;
}

import type { Kysely, Selectable } from 'kysely';
import { formatCst, mailingMessages, type SaveMailTemplateBody } from '@portal/shared';
import type { DB, MailTemplatesTable } from '../../db/schema.js';
import { sanitizeRichText } from '../../content/sanitize.js';
import { pageWindow } from '../../http/paging.js';
import { notFound } from '../../http/envelope.js';
import { checkVariables } from './merge-fields.js';

export type MailTemplate = Selectable<MailTemplatesTable>;

export async function templateById(db: Kysely<DB>, id: number): Promise<MailTemplate> {
  const t = await db.selectFrom('mail_templates').selectAll().where('id', '=', id).executeTakeFirst();
  if (!t) throw notFound(mailingMessages.templateNotFound);
  return t;
}

export async function listTemplates(db: Kysely<DB>, q: { pageindex: number; pagesize: number; category?: string | undefined }) {
  const base = db.selectFrom('mail_templates').$if(!!q.category, (s) => s.where('category', '=', q.category!));
  const { limit, offset } = pageWindow(q);
  const [rows, total] = await Promise.all([
    base.selectAll().orderBy('id', 'desc').limit(limit).offset(offset).execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.n) };
}

/** SaveMailTemplate: the body sanitised (as replies are), then every {{变量}} checked; answers the id. */
export async function saveTemplate(db: Kysely<DB>, b: SaveMailTemplateBody, now: number): Promise<number> {
  const body = sanitizeRichText(b.Body);
  checkVariables(b.Subject, body);
  const at = formatCst(now);
  const fields = { name: b.Name, category: b.Category, subject: b.Subject, body, updated_at: at };
  if (b.TemplateId === 0) {
    const row = await db
      .insertInto('mail_templates')
      .values({ ...fields, created_at: at })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }
  const done = await db.updateTable('mail_templates').set(fields).where('id', '=', b.TemplateId).executeTakeFirst();
  if (done.numUpdatedRows === 0n) throw notFound(mailingMessages.templateNotFound);
  return b.TemplateId;
}

export async function deleteTemplate(db: Kysely<DB>, id: number): Promise<MailTemplate> {
  const t = await templateById(db, id);
  await db.deleteFrom('mail_templates').where('id', '=', id).execute();
  return t;
}

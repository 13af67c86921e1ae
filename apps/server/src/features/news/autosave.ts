import { formatCst, messages } from '@portal/shared';
import type { Database } from '../../db/connection.js';
import { notFound } from '../../http/envelope.js';

/**
 * The article editor's autosaves (自动保存): a draft copy of the form an admin has open, so that
 * a closed browser or a lost connection loses nothing. One per admin and article (0: a new
 * article), replaced by each autosave, deleted by the real save; an admin only ever reads
 * their own. The form is kept as the client sent it (JSON; the body unsanitised): it is only
 * shown back in that admin's editor, and becomes an article through SaveNews like any form.
 */

export interface Autosave {
  newsId: number;
  form: string;
  savedAt: string;
}

/** Keeps the form as the admin's autosave of the article, replacing the one before. */
export async function saveAutosave({ db }: Database, adminId: number, newsId: number, form: string, now: number): Promise<string> {
  if (newsId > 0 && !(await db.selectFrom('news').select('id').where('id', '=', newsId).executeTakeFirst())) throw notFound(messages.articleNotFound);
  const savedAt = formatCst(now);
  await db
    .insertInto('news_autosaves')
    .values({ admin_id: adminId, news_id: newsId, form, saved_at: savedAt })
    .onConflict((oc) => oc.columns(['admin_id', 'news_id']).doUpdateSet({ form, saved_at: savedAt }))
    .execute();
  return savedAt;
}

/**
 * The admin's autosave of the article, when it is worth offering: newer than the article's
 * last change (an autosave older than a later save, by anyone, would bring back stale text).
 */
export async function readAutosave({ db }: Database, adminId: number, newsId: number): Promise<Autosave | null> {
  const row = await db
    .selectFrom('news_autosaves as a')
    .leftJoin('news as n', 'n.id', 'a.news_id')
    .select(['a.form', 'a.saved_at', 'n.updated_at'])
    .where('a.admin_id', '=', adminId)
    .where('a.news_id', '=', newsId)
    .executeTakeFirst();
  if (!row) return null;
  if (newsId > 0 && (row.updated_at === null || row.saved_at <= row.updated_at)) return null;
  return { newsId, form: row.form, savedAt: row.saved_at };
}

/** Drops the admin's autosave of the article (丢弃, or the real save made it needless). */
export async function deleteAutosave({ db }: Database, adminId: number, newsId: number): Promise<void> {
  await db.deleteFrom('news_autosaves').where('admin_id', '=', adminId).where('news_id', '=', newsId).execute();
}

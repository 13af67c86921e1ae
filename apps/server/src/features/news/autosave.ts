import { formatCst, messages } from '@portal/shared';
import type { Database } from '../../db/connection.js';
import { notFound } from '../../http/envelope.js';
import type { AdminPrincipal } from '../system/auth/access.js';

/**
 * The article editor's autosaves (自动保存): a draft copy of the form a caller has open, so that
 * a closed browser or a lost connection loses nothing. One per caller and article (0: a new
 * article), replaced by each autosave, deleted by the real save; a caller only ever reads
 * their own. The caller is an admin, or an API token: every token acts as admin id 0, so a
 * token's copies are kept under its own id (migration 037), never shared with other tokens.
 * The form is kept as the client sent it (JSON; the body unsanitised): it is only shown back
 * in that caller's editor, and becomes an article through SaveNews like any form.
 */

export interface Autosave {
  newsId: number;
  form: string;
  savedAt: string;
}

/** Whose copy: the row's owner columns for a caller. */
const ownerOf = (caller: AdminPrincipal) => ({ admin_id: caller.adminId, api_token_id: caller.apiTokenId ?? 0 });

/** Keeps the form as the caller's autosave of the article, replacing the one before. */
export async function saveAutosave({ db }: Database, caller: AdminPrincipal, newsId: number, form: string, now: number): Promise<string> {
  if (newsId > 0 && !(await db.selectFrom('news').select('id').where('id', '=', newsId).executeTakeFirst())) throw notFound(messages.articleNotFound);
  const savedAt = formatCst(now);
  await db
    .insertInto('news_autosaves')
    .values({ ...ownerOf(caller), news_id: newsId, form, saved_at: savedAt })
    .onConflict((oc) => oc.columns(['admin_id', 'api_token_id', 'news_id']).doUpdateSet({ form, saved_at: savedAt }))
    .execute();
  return savedAt;
}

/**
 * The caller's autosave of the article, when it is worth offering: newer than the article's
 * last change (an autosave older than a later save, by anyone, would bring back stale text).
 */
export async function readAutosave({ db }: Database, caller: AdminPrincipal, newsId: number): Promise<Autosave | null> {
  const owner = ownerOf(caller);
  const row = await db
    .selectFrom('news_autosaves as a')
    .leftJoin('news as n', 'n.id', 'a.news_id')
    .select(['a.form', 'a.saved_at', 'n.updated_at'])
    .where('a.admin_id', '=', owner.admin_id)
    .where('a.api_token_id', '=', owner.api_token_id)
    .where('a.news_id', '=', newsId)
    .executeTakeFirst();
  if (!row) return null;
  if (newsId > 0 && (row.updated_at === null || row.saved_at <= row.updated_at)) return null;
  return { newsId, form: row.form, savedAt: row.saved_at };
}

/** Drops the caller's autosave of the article (丢弃, or the real save made it needless). */
export async function deleteAutosave({ db }: Database, caller: AdminPrincipal, newsId: number): Promise<void> {
  const owner = ownerOf(caller);
  await db
    .deleteFrom('news_autosaves')
    .where('admin_id', '=', owner.admin_id)
    .where('api_token_id', '=', owner.api_token_id)
    .where('news_id', '=', newsId)
    .execute();
}

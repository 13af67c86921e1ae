import type { Kysely } from 'kysely';
import { formatCst, messages } from '@portal/shared';
import { expiringTokens } from '../../db/expiring-tokens.js';
import type { DB } from '../../db/schema.js';
import { notFound } from '../../http/envelope.js';

/**
 * Preview links: `/info?NewsId=<id>&preview=<token>` shows an article that is not public (a
 * draft, 待发布, under review, rejected, closed) as the public page would, to whoever holds the
 * link until it expires: editors make one in 文章管理 and may send it to a reviewer who has no
 * back-office account. The token is one of db/expiring-tokens.ts, under the site's key for
 * previews: nothing is stored per link, and a link cannot be widened to another article or a
 * later time without the key.
 *
 * Each link signs the article's preview generation (news.preview_generation). Raising it ends
 * every link of the article made before: 收回预览链接 does, and so does every take-down (a
 * trigger, migration 035), so an article taken off the site is not still read whole through a
 * link sent out while it was in the works. A deleted article's links open nothing: its id is
 * never given again.
 */

/** How long a link works unless asked otherwise, and the most it may be asked for. */
export const PREVIEW_HOURS = { default: 72, max: 30 * 24 } as const;

const previewTokens = expiringTokens('article-preview');

export interface PreviewLink {
  token: string;
  /** When it stops working, China time. */
  expiresAt: string;
}

/** The article's preview generation; undefined when there is no such article. */
async function generationOf(db: Kysely<DB>, newsId: number): Promise<number | undefined> {
  const row = await db.selectFrom('news').select('preview_generation').where('id', '=', newsId).executeTakeFirst();
  return row?.preview_generation;
}

/** A link to article `newsId` that works for `hours` (文章不存在或已删除 when there is none). */
export async function makePreviewLink(db: Kysely<DB>, newsId: number, hours: number, now: number): Promise<PreviewLink> {
  const generation = await generationOf(db, newsId);
  if (generation === undefined) throw notFound(messages.articleNotFound);
  const expires = Math.floor(now / 1000) + hours * 3600;
  const token = await previewTokens.make(db, { id: newsId, expires }, now, generation);
  return { token, expiresAt: formatCst(expires * 1000) };
}

/** Whether `token` opens article `newsId` now. */
export async function opensPreview(db: Kysely<DB>, token: string, newsId: number, now: number): Promise<boolean> {
  const generation = await generationOf(db, newsId);
  if (generation === undefined) return false;
  const claim = await previewTokens.read(db, token, now, generation);
  return claim?.id === newsId && claim.expires * 1000 > now;
}

/** 收回预览链接: ends every link of article `newsId` made so far; answers its title for the audit log. */
export async function revokePreviewLinks(db: Kysely<DB>, newsId: number): Promise<string> {
  const row = await db
    .updateTable('news')
    .set((eb) => ({ preview_generation: eb('preview_generation', '+', 1) }))
    .where('id', '=', newsId)
    .returning('title')
    .executeTakeFirst();
  if (!row) throw notFound(messages.articleNotFound);
  return row.title;
}

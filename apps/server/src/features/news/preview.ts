import type { Kysely } from 'kysely';
import { formatCst } from '@portal/shared';
import { expiringTokens } from '../../db/expiring-tokens.js';
import type { DB } from '../../db/schema.js';

/**
 * Preview links: `/info?NewsId=<id>&preview=<token>` shows an article that is not public (a
 * draft, 待发布, under review, rejected, closed) as the public page would, to whoever holds the
 * link until it expires: staff make one in 文章管理 and may send it to a reviewer who has no
 * back-office account. The token is one of db/expiring-tokens.ts, under the site's key for
 * previews: nothing is stored per link, and a link cannot be widened to another article or a
 * later time without the key.
 */

/** How long a link works unless asked otherwise, and the most it may be asked for. */
export const PREVIEW_HOURS = { default: 72, max: 30 * 24 } as const;

const previewTokens = expiringTokens('article-preview');

export interface PreviewLink {
  token: string;
  /** When it stops working, China time. */
  expiresAt: string;
}

/** A link to article `newsId` that works for `hours`. */
export async function makePreviewLink(db: Kysely<DB>, newsId: number, hours: number, now: number): Promise<PreviewLink> {
  const expires = Math.floor(now / 1000) + hours * 3600;
  const token = await previewTokens.make(db, { id: newsId, expires }, now);
  return { token, expiresAt: formatCst(expires * 1000) };
}

/** Whether `token` opens article `newsId` now. */
export async function opensPreview(db: Kysely<DB>, token: string, newsId: number, now: number): Promise<boolean> {
  const claim = await previewTokens.read(db, token, now);
  return claim?.id === newsId && claim.expires * 1000 > now;
}

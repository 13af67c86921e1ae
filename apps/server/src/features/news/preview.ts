import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import { formatCst } from '@portal/shared';
import type { DB } from '../../db/schema.js';
import { siteSecret } from '../../db/site-secret.js';

/**
 * Preview links: `/info?NewsId=<id>&preview=<token>` shows an article that is not public (a
 * draft, 待发布, under review, rejected, closed) as the public page would, to whoever holds the
 * link until it expires: staff make one in 文章管理 and may send it to a reviewer who has no
 * back-office account. The token is `<id>.<expiry>.<signature>`: the expiry in seconds since the
 * epoch, the signature an HMAC-SHA256 of both under the site's own key (kept in the database,
 * so every instance checks what any instance made). Nothing is stored per link; a link cannot
 * be widened to another article or a later time without the key.
 */

/** How long a link works unless asked otherwise, and the most it may be asked for. */
export const PREVIEW_HOURS = { default: 72, max: 30 * 24 } as const;

/** The key, read once per database handle (created by the first instance that needs it). */
const previewKey = siteSecret('article-preview');

const signature = (key: Buffer, newsId: number, expires: number) => createHmac('sha256', key).update(`article-preview:${newsId}:${expires}`).digest('base64url');

export interface PreviewLink {
  token: string;
  /** When it stops working, China time. */
  expiresAt: string;
}

/** A link to article `newsId` that works for `hours`. */
export async function makePreviewLink(db: Kysely<DB>, newsId: number, hours: number, now: number): Promise<PreviewLink> {
  const expires = Math.floor(now / 1000) + hours * 3600;
  const token = `${newsId}.${expires}.${signature(await previewKey(db, now), newsId, expires)}`;
  return { token, expiresAt: formatCst(expires * 1000) };
}

/** Whether `token` opens article `newsId` now. */
export async function opensPreview(db: Kysely<DB>, token: string, newsId: number, now: number): Promise<boolean> {
  const match = /^(\d{1,10})\.(\d{1,12})\.([\w-]{43})$/.exec(token);
  if (!match || Number(match[1]) !== newsId) return false;
  const expires = Number(match[2]);
  if (expires * 1000 <= now) return false;
  const expected = Buffer.from(signature(await previewKey(db, now), newsId, expires));
  const given = Buffer.from(match[3]!);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

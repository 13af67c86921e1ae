import type { Kysely } from 'kysely';
import { formatCst } from '@portal/shared';
import { expiringTokens } from '../../db/expiring-tokens.js';
import type { DB } from '../../db/schema.js';
import { readSettings, writeSettings } from '../site/settings.js';

/**
 * 打开跟踪: whether a member opened a mailing's mail, told by the mail's one-pixel picture being
 * fetched. Off unless the office turns it on (发送设置, site_settings mailings.trackOpens), because
 * it records a member's reading; the privacy policy must say so while it is on
 * (docs/mailings.md, "Opens"). A mailing keeps the setting it went out with (mailings.track_opens):
 * switching it later changes nothing for a mailing already sent, its waiting mail included, and
 * the records say which mailings counted opens.
 *
 * The picture's address carries the mailing recipient's id signed under the site's key
 * `mailing-open`, so nobody can mark another member's mail opened. Mail clients that block
 * pictures, and those that fetch every picture on arrival, make the count a lower or upper bound:
 * 发送记录 says 已打开（估算）.
 */

export const OPEN_PATH = '/api/XfWebApi/MailOpened';
const LIFETIME_S = 366 * 24 * 3600;
const tokens = expiringTokens('mailing-open');

/** A transparent 1×1 GIF: what the picture's address answers, whatever the token. */
export const PIXEL_GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

export async function trackingOn(db: Kysely<DB>): Promise<boolean> {
  return (await readSettings(db, ['mailings.trackOpens']))['mailings.trackOpens'] === '1';
}

export async function saveTracking(db: Kysely<DB>, on: boolean | undefined, now: number): Promise<boolean> {
  if (on !== undefined) await writeSettings(db, { 'mailings.trackOpens': on ? '1' : '0' }, now);
  return trackingOn(db);
}

/** The picture a tracked mail's HTML ends with, for one mailing recipient. */
export async function openPixel(db: Kysely<DB>, baseUrl: string, recipientId: number, now: number): Promise<string> {
  const token = await tokens.make(db, { id: recipientId, expires: Math.floor(now / 1000) + LIFETIME_S }, now);
  return `<img src="${baseUrl}${OPEN_PATH}?t=${encodeURIComponent(token)}" width="1" height="1" alt="" style="display:block;border:0">`;
}

/** The picture was fetched: its recipient's mail is opened, the first time kept. A token the site did not make, or an expired one, marks nothing. */
export async function recordOpen(db: Kysely<DB>, token: string, now: number): Promise<void> {
  const claim = await tokens.read(db, token, now);
  if (!claim || claim.expires * 1000 < now) return;
  await db
    .updateTable('mailing_recipients')
    .set({ opened_at: formatCst(now) })
    .where('id', '=', claim.id)
    .where('opened_at', '=', '')
    .execute();
}

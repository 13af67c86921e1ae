import type { Kysely } from 'kysely';
import { mailingCategories, mailingCategoryNames, mailingMessages, sitePages, type MailingCategory } from '@portal/shared';
import { expiringTokens } from '../../db/expiring-tokens.js';
import type { DB } from '../../db/schema.js';
import { badRequest } from '../../http/envelope.js';
import { savePreferences } from './preferences.js';

/**
 * The unsubscribe link of a mailing mail: `<category>.<member>.<expiry>.<signature>`, the member's
 * token signed under the site's key of that category (db/expiring-tokens.ts, site_secrets), so a
 * token for one category or member cannot be turned into another's. It works for two years: a
 * member may open an old mail. Nothing is stored per token.
 *
 * A mail carries it at two addresses. The one a person clicks (the body's 退订, the text's footer,
 * the 退订链接 variable) is the web app's page /unsubscribe, which says what it unsubscribes from
 * and does it when confirmed; the API's answers JSON, which a member must never land on. The
 * List-Unsubscribe header names the API's, where mail clients post the one click (RFC 8058).
 */

export const UNSUBSCRIBE_PATH = '/api/XfWebApi/Unsubscribe';
const LIFETIME_S = 2 * 366 * 24 * 3600;

const tokensOf = Object.fromEntries(mailingCategories.map((c) => [c, expiringTokens(`mailing-unsubscribe:${c}`)])) as Record<
  MailingCategory,
  ReturnType<typeof expiringTokens>
>;

export async function unsubscribeToken(db: Kysely<DB>, memberId: number, category: MailingCategory, now: number): Promise<string> {
  return `${category}.${await tokensOf[category].make(db, { id: memberId, expires: Math.floor(now / 1000) + LIFETIME_S }, now)}`;
}

/** The page a member opens from the mail: it names the category and unsubscribes once confirmed. */
export const unsubscribePageUrl = (baseUrl: string, token: string) => `${baseUrl}${sitePages.unsubscribe.path}?t=${encodeURIComponent(token)}`;

/** The one-click address (RFC 8058) mail clients post to, named by the List-Unsubscribe header alone. */
export const oneClickUnsubscribeUrl = (baseUrl: string, token: string) => `${baseUrl}${UNSUBSCRIBE_PATH}?t=${encodeURIComponent(token)}`;

/** The member and category a token names; 退订链接无效 for a token the site did not make, or an expired one. */
export async function readUnsubscribeToken(db: Kysely<DB>, token: string, now: number): Promise<{ memberId: number; category: MailingCategory }> {
  const dot = token.indexOf('.');
  const category = mailingCategories.find((c) => c === token.slice(0, dot));
  const claim = category ? await tokensOf[category].read(db, token.slice(dot + 1), now) : undefined;
  if (!category || !claim || claim.expires * 1000 < now) throw badRequest(mailingMessages.unsubscribeInvalid);
  return { memberId: claim.id, category };
}

/** The one-click unsubscribe (RFC 8058): the member opts out of the token's category. */
export async function unsubscribe(db: Kysely<DB>, token: string, now: number): Promise<{ category: MailingCategory; name: string }> {
  const { memberId, category } = await readUnsubscribeToken(db, token, now);
  await savePreferences(db, memberId, { [category]: false }, 'unsubscribe', now);
  return { category, name: mailingCategoryNames[category] };
}

import type { Kysely } from 'kysely';
import { formatCst, mailingCategories, type MailingCategory } from '@portal/shared';
import type { DB } from '../../db/schema.js';

/**
 * A member's preferences: every category is received unless the member opted out of it, by the
 * mail's unsubscribe link or in the member area. Only opt-outs are stored (mail_opt_outs), so a
 * category added later reaches everyone until they say otherwise.
 */

export type Preferences = Record<MailingCategory, boolean>;

export async function preferencesOf(db: Kysely<DB>, memberId: number): Promise<Preferences> {
  const out = new Set((await db.selectFrom('mail_opt_outs').select('category').where('member_id', '=', memberId).execute()).map((r) => r.category));
  return Object.fromEntries(mailingCategories.map((c) => [c, !out.has(c)])) as Preferences;
}

/** Opts out of (false) or back into (true) the categories named; the others keep their value. */
export async function savePreferences(
  db: Kysely<DB>,
  memberId: number,
  changes: Partial<Preferences>,
  source: 'unsubscribe' | 'preferences',
  now: number,
): Promise<Preferences> {
  for (const category of mailingCategories) {
    const receive = changes[category];
    if (receive === true) await db.deleteFrom('mail_opt_outs').where('member_id', '=', memberId).where('category', '=', category).execute();
    if (receive === false)
      await db
        .insertInto('mail_opt_outs')
        .values({ member_id: memberId, category, source, created_at: formatCst(now) })
        .onConflict((oc) => oc.columns(['member_id', 'category']).doNothing())
        .execute();
  }
  return preferencesOf(db, memberId);
}

import type { Kysely } from 'kysely';
import { mailingCategoryNames } from '@portal/shared';
import { chunksOf } from '../../db/chunks.js';
import type { DB } from '../../db/schema.js';
import { deliverToInbox } from '../inbox/deliver.js';
import { render } from './merge-fields.js';
import { mergeValues } from './merge-values.js';
import type { Mailing } from './mailings.js';

/** Members rendered per part: mergeValues reads them with an `in (…)` list. */
const PART = 500;

/**
 * The 站内信 channel: every recipient gets the mailing in their inbox at once, with their own
 * values, in the transaction that writes the recipients (a mailing rolled back leaves no message,
 * and one sent once delivers once). No throttle: nothing leaves the site.
 */
export async function deliverToSite(trx: Kysely<DB>, m: Mailing, baseUrl: string, at: string, now: number): Promise<void> {
  const members = (await trx.selectFrom('mailing_recipients').select('member_id').where('mailing_id', '=', m.id).orderBy('id').execute()).map(
    (r) => r.member_id,
  );
  const context = { baseUrl, category: m.category, activityId: m.segment.ActivityId };
  for (const part of chunksOf(members, PART)) {
    const values = await mergeValues(trx, part, context, now);
    const items = part.map((memberId) => {
      const rendered = render(m.subject, m.body, values.get(memberId)!.values);
      return { memberId, title: rendered.subject, html: rendered.html, category: mailingCategoryNames[m.category], mailingId: m.id };
    });
    await deliverToInbox(trx, items, at);
  }
}

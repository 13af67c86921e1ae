import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { MailContext } from '../mail/context.js';
import { enqueueMails } from '../mail/outbox.js';
import { composeSystemMail } from '../mail/system-mails.js';

/** The member area's list of one's own contributions: the e-mail's link. */
const MY_CONTRIBUTIONS_PATH = '/contribute';

/** The outcome the member is told: published, or rejected with the reviewer's reason. */
export type ContributionOutcome = { approved: true } | { approved: false; reason: string };

/**
 * Queues, in the decision's transaction, the e-mail telling the contributing member the final
 * outcome of their contribution (published, or rejected with the reason they also see in 我的投稿).
 * Only with SMTP configured (`mail` not null) and when the member has an address; steps of a
 * review chain before the last are not mailed, since for the member it is still 审核中.
 * Answers whether a mail was queued, so the caller can wake the outbox once it has committed.
 */
export async function queueContributionDecisionMail(
  trx: Kysely<DB>,
  newsId: number,
  outcome: ContributionOutcome,
  mail: MailContext | null,
  now: number,
): Promise<boolean> {
  if (!mail) return false;
  const row = await trx
    .selectFrom('news as n')
    .innerJoin('members as m', 'm.id', 'n.member_id')
    .select(['n.title', 'm.email', 'm.member_name'])
    .where('n.id', '=', newsId)
    .where('m.email', '!=', '')
    .executeTakeFirst();
  if (!row) return false;
  // The text is 系统邮件's, as staff left it (features/mail/system-mails.ts).
  const { subject, body } = await composeSystemMail(trx, outcome.approved ? 'contribution-approved' : 'contribution-rejected', {
    会员名称: row.member_name,
    文章标题: row.title,
    驳回原因: outcome.approved ? '' : outcome.reason,
    投稿链接: `${mail.baseUrl}${MY_CONTRIBUTIONS_PATH}`,
    网站名称: mail.siteName,
  });
  await enqueueMails(trx, [{ recipient: row.email, subject, body }], now);
  return true;
}

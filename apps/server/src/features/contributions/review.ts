import type { Kysely } from 'kysely';
import {
  ArticleStatus,
  contributionMessages,
  formatCst,
  messages,
  ReviewDecision,
  RevisionKind,
  type AuditContributionBody,
  type ContributionListQuery,
  type PagingQuery,
} from '@portal/shared';
import type { Database } from '../../db/connection.js';
import type { DB } from '../../db/schema.js';
import { cleanArticleBody } from '../../content/sanitize.js';
import { badRequest, notFound } from '../../http/envelope.js';
import { pageWindow } from '../../http/paging.js';
import { articleFields, nextVersion, recordRevision } from '../articles/revisions.js';
import { articleReach, articlesChanged } from '../articles/reach.js';
import { nudgeOutbox } from '../mail/outbox.js';
import { decideStep, type DecideContext } from '../review/decide.js';
import { pendingReview, refreshReviewedVersion } from '../review/submit.js';
import type { AdminPrincipal } from '../system/auth/access.js';
import { containing } from '../../db/like.js';
import { queueContributionDecisionMail } from '../review/decision-mail.js';

/**
 * The back office's review of contributions (投稿审核): a queue, the article with its history,
 * and the decision. Approval publishes (status 1, publish time now); rejection needs a reason
 * the member is shown (status 2, ProcessItemName). A reviewer may correct the title or body
 * first; the correction is recorded in the history like the decision.
 */

/** 投稿审核's filters, as GetContributionList parses them. */
export type ContributionFilter = Omit<ContributionListQuery, keyof PagingQuery>;

export interface Contribution {
  id: number;
  title: string;
  menuId: number;
  menuName: string;
  memberId: number;
  memberName: string;
  account: string;
  status: number;
  processItemName: string;
  imageUrl: string;
  submittedAt: string;
  content: string;
}

const contributionQuery = (db: Kysely<DB>) =>
  db
    .selectFrom('news as n')
    .innerJoin('members as mb', 'mb.id', 'n.member_id')
    .leftJoin('menus as m', 'm.id', 'n.menu_id')
    .select([
      'n.id',
      'n.title',
      'n.menu_id',
      'm.name as menu_name',
      'mb.id as member_id',
      'mb.member_name',
      'mb.account',
      'n.status',
      'n.process_item_name',
      'n.image_url',
      'n.updated_at',
    ]);

type ContributionRow = Awaited<ReturnType<ReturnType<typeof contributionQuery>['executeTakeFirstOrThrow']>>;

const toContribution = (r: ContributionRow, content: string): Contribution => ({
  id: r.id,
  title: r.title,
  menuId: r.menu_id,
  menuName: r.menu_name ?? '',
  memberId: r.member_id,
  memberName: r.member_name,
  account: r.account,
  status: r.status,
  processItemName: r.process_item_name,
  imageUrl: r.image_url,
  submittedAt: r.updated_at,
  content,
});

/** One page of contributions matching the filter, most recently submitted or decided first. */
export async function listContributions({ db }: Database, filter: ContributionFilter, paging: PagingQuery): Promise<{ items: Contribution[]; total: number }> {
  const matching = contributionQuery(db)
    .$if(filter.status !== undefined, (q) => q.where('n.status', '=', filter.status ?? 0))
    .$if(filter.menuid !== undefined, (q) => q.where('n.menu_id', '=', filter.menuid ?? 0))
    .$if(!!filter.key, (q) => q.where((eb) => eb.or([containing('n.title', filter.key ?? ''), containing('mb.member_name', filter.key ?? '')])))
    .$if(filter.start !== undefined, (q) => q.where('n.updated_at', '>=', `${filter.start} 00:00:00`))
    .$if(filter.end !== undefined, (q) => q.where('n.updated_at', '<=', `${filter.end} 23:59:59`));
  const { limit, offset } = pageWindow(paging);
  const [rows, { total }] = await Promise.all([
    // The bodies come along: the queue marks sensitive words in the text too.
    matching.select('n.content').orderBy('n.updated_at', 'desc').orderBy('n.id', 'desc').limit(limit).offset(offset).execute(),
    matching
      .clearSelect()
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .executeTakeFirstOrThrow(),
  ]);
  return { items: rows.map((r) => toContribution(r, r.content)), total };
}

/** A contribution with its body. */
export async function readContribution({ db }: Database, id: number): Promise<Contribution> {
  const row = await contributionQuery(db).select('n.content').where('n.id', '=', id).executeTakeFirst();
  if (!row) throw notFound(contributionMessages.notContribution);
  return toContribution(row, row.content);
}

export interface ReviewEntry {
  decision: number;
  reason: string;
  adminAccount: string;
  createdAt: string;
}

/** The history of a contribution, oldest first. */
export async function reviewHistory(db: Kysely<DB>, newsId: number): Promise<ReviewEntry[]> {
  const rows = await db
    .selectFrom('contribution_reviews')
    .select(['decision', 'reason', 'admin_account', 'created_at'])
    .where('news_id', '=', newsId)
    .orderBy('id')
    .execute();
  return rows.map((r) => ({ decision: r.decision, reason: r.reason, adminAccount: r.admin_account, createdAt: r.created_at }));
}

/**
 * AuditContribution: corrects (optionally), then approves or rejects a contribution under
 * review, in one transaction. Two reviewers deciding at once: the second finds it decided.
 * A correction keeps a revision of the article as decided (features/articles/revisions.ts).
 * In a menu with a review chain the decision is that of the chain's current step, under its
 * rules (features/review/decide.ts): the article stays 审核中 until the last step approves.
 */
export async function decideContribution(
  database: Database,
  body: AuditContributionBody,
  reviewer: AdminPrincipal,
  context: DecideContext,
): Promise<{ id: number; title: string }> {
  const { now, revisionsKept } = context;
  const at = formatCst(now);
  const corrected = body.NewContent === undefined ? undefined : cleanArticleBody(body.NewContent);
  // Where it showed before the decision: an approval publishes it or applies an edit (features/articles/reach.ts).
  const reach = await articleReach(database, [body.NewsId]);
  const result = await database.db.transaction().execute(async (trx) => {
    const current = await trx.selectFrom('news').select(['member_id', 'status', 'title', 'content']).where('id', '=', body.NewsId).executeTakeFirst();
    if (!current) throw notFound(messages.articleNotFound);
    if (current.member_id === null) throw badRequest(contributionMessages.notContribution);
    if (current.status !== ArticleStatus.UnderReview) throw badRequest(contributionMessages.notUnderReview);
    const record = (decision: number, reason: string) =>
      trx
        .insertInto('contribution_reviews')
        .values({
          news_id: body.NewsId,
          member_id: current.member_id ?? 0,
          decision,
          reason,
          admin_id: reviewer.adminId,
          admin_account: reviewer.account,
          created_at: at,
        })
        .execute();

    const changes = correctionOf(current, body.Title, corrected);
    const before = changes.fixed.length > 0 ? await articleFields(trx, body.NewsId) : undefined;
    const review = await pendingReview(trx, body.NewsId);
    if (changes.fixed.length > 0) {
      // In a chain the step may not be the last, so the correction is a version of its own.
      await trx
        .updateTable('news')
        .set(review ? { ...changes.values, ...nextVersion } : changes.values)
        .where('id', '=', body.NewsId)
        .execute();
      await record(ReviewDecision.Corrected, `修改了${changes.fixed.join('、')}`);
    }
    if (review) {
      if (before) await refreshReviewedVersion(trx, review.id, body.NewsId);
      const verdict = { decision: body.Decision, opinion: body.Decision === ReviewDecision.Rejected ? body.Reason : '', overrideReason: body.OverrideReason };
      await decideStep(trx, review.id, verdict, reviewer, context);
    } else {
      const decided =
        body.Decision === ReviewDecision.Approved
          ? { status: ArticleStatus.Published, process_item_name: '', news_create_time: at, updated_at: at }
          : { status: ArticleStatus.Rejected, process_item_name: body.Reason, updated_at: at };
      // One version for the decision, correction included.
      const updated = await trx
        .updateTable('news')
        .set({ ...decided, ...nextVersion })
        .where('id', '=', body.NewsId)
        .where('status', '=', ArticleStatus.UnderReview)
        .executeTakeFirst();
      if (updated.numUpdatedRows === 0n) throw badRequest(contributionMessages.notUnderReview);
      await record(body.Decision, body.Decision === ReviewDecision.Rejected ? body.Reason : '');
      const outcome = body.Decision === ReviewDecision.Approved ? { approved: true as const } : { approved: false as const, reason: body.Reason };
      await queueContributionDecisionMail(trx, body.NewsId, outcome, context.mail, now);
    }
    if (before) {
      const editor = { adminId: reviewer.adminId, account: reviewer.account };
      await recordRevision(trx, { newsId: body.NewsId, kind: RevisionKind.Corrected, editor, before, at, kept: revisionsKept });
    }
    return { id: body.NewsId, title: changes.values.title ?? current.title };
  });
  await articlesChanged(database, reach, [body.NewsId]);
  if (context.mail) nudgeOutbox(database);
  return result;
}

/** What a reviewer's correction changes, and its name for the history. */
function correctionOf(
  current: { title: string; content: string },
  title: string | undefined,
  body: { content: string; bodyText: string } | undefined,
): { fixed: string[]; values: { title?: string; content?: string; body_text?: string } } {
  const fixed: string[] = [];
  const values: { title?: string; content?: string; body_text?: string } = {};
  if (title && title !== current.title) {
    fixed.push('标题');
    values.title = title;
  }
  if (body && body.content !== current.content) {
    fixed.push('正文');
    values.content = body.content;
    values.body_text = body.bodyText;
  }
  return { fixed, values };
}

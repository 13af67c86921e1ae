import {
  ArticleStatus,
  contentMessages,
  contributionMessages,
  formatCst,
  messages,
  ReviewKind,
  reviewMessages,
  ReviewState,
  RevisionKind,
} from '@portal/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/connection.js';
import type { DB } from '../../db/schema.js';
import { badRequest, notFound } from '../../http/envelope.js';
import { chainedMenuIds, reviewChain, type ReviewChain } from '../review/flows.js';
import { articleAsReviewed, submitReview, withdrawReviews } from '../review/submit.js';
import { inContributionReview, isPublic } from './admin-service.js';
import { storedStatus, takeDownProblem } from '../articles/status.js';
import { articleReach, articlesChanged } from '../articles/reach.js';
import { articleFields, nextVersion, recordRevision, type ArticleFields, type RevisionEditor } from '../articles/revisions.js';

/**
 * 文章管理's bulk actions: 批量发布, 批量下线 and 移动到栏目. Each is one transaction over all the
 * selected articles. 批量下线 and 移动到栏目 are all or nothing: an id that is gone, or an article
 * the action may not take, refuses the whole request and nothing is written. 批量发布 publishes
 * what it may and names the rest with their reasons (docs/decisions.md, "批量发布 publishes what
 * it may"). An article the action would not change (publishing one already 正常, moving one into
 * its own menu) is left alone; every changed one gets a new version and a revision, as a save
 * from the editor would.
 */

export interface BulkContext {
  now: number;
  editor: RevisionEditor;
  /** NEWS_REVISIONS_KEPT. */
  revisionsKept: number;
}

/** An article 批量发布 left as it was, and why. */
export interface SkippedArticle {
  id: number;
  title: string;
  reason: string;
}

export interface BulkResult {
  changed: number;
  /** PublishNews: of the changed, how many wait for their publish time (待发布). */
  scheduled: number;
  /** MoveNews: published articles whose move waits in the target menu's review chain (not counted in changed). */
  submitted: number;
  /** PublishNews: the articles left as they were, with their reasons. */
  skipped: SkippedArticle[];
}

/** An article as a bulk action reads it: its revision fields, who contributed it, and whether a review of it is pending. */
type Current = ArticleFields & { version: number; id: number; member_id: number | null; inReview: boolean };

type Values = Partial<Pick<ArticleFields, 'status' | 'menu_id'>>;

interface BulkAction {
  /** What one article becomes, or undefined when the action leaves it as it is. */
  change: (article: Current, at: string) => Values | undefined;
  /** May refuse the whole selection before anything is written. */
  check?: (articles: Current[], at: string) => void;
  /**
   * Why one article is left as it is while the others go ahead (undefined: it may be changed). An
   * action with it takes what it can: an id that is gone is skipped too, instead of refusing all.
   */
  skip?: (article: Current, at: string) => string | undefined;
  /**
   * The review chain a change must pass instead of being written, for an article it applies to: the
   * live article stays as it is and the change waits as an edit (修改待审) until the chain's last step.
   */
  reviewedBy?: (article: Current) => ReviewChain | undefined;
}

/** Applies the action to every article of `ids` in one transaction, with its revision, or submits it for review. */
async function bulkChange(database: Database, ids: readonly number[], context: BulkContext, action: BulkAction): Promise<BulkResult> {
  const at = formatCst(context.now);
  // Where the selection showed before: what it leaves is announced with where it goes (features/articles/reach.ts).
  const reach = await articleReach(database, ids);
  const result = await database.db.transaction().execute(async (trx) => {
    const { articles, missing } = await readAll(trx, ids);
    if (missing.length > 0 && !action.skip) throw notFound(messages.articleNotFound);
    action.check?.(articles, at);
    const skipped: SkippedArticle[] = missing.map((id) => ({ id, title: '', reason: messages.articleNotFound }));
    const changed: number[] = [];
    let scheduled = 0;
    let submitted = 0;
    for (const before of articles) {
      const reason = action.skip?.(before, at);
      if (reason) {
        skipped.push({ id: before.id, title: before.title, reason });
        continue;
      }
      const values = action.change(before, at);
      if (!values) continue;
      const chain = action.reviewedBy?.(before);
      if (chain) {
        const fields = { ...(await articleAsReviewed(trx, before.id)), ...values };
        await submitReview(trx, { newsId: before.id, kind: ReviewKind.Edit, steps: chain.steps, author: context.editor, fields, at });
        submitted += 1;
        continue;
      }
      await trx
        .updateTable('news')
        .set({ ...values, updated_at: at, ...nextVersion })
        .where('id', '=', before.id)
        .execute();
      await recordRevision(trx, { newsId: before.id, kind: RevisionKind.Edited, editor: context.editor, before, at, kept: context.revisionsKept });
      // Taken down on purpose: a review still waiting must not publish it again when approved.
      if (values.status === ArticleStatus.Closed) await withdrawReviews(trx, [before.id], at);
      changed.push(before.id);
      if (values.status === ArticleStatus.Scheduled) scheduled += 1;
    }
    return { changed, scheduled, submitted, skipped };
  });
  if (result.changed.length > 0) await articlesChanged(database, reach, result.changed);
  return { ...result, changed: result.changed.length };
}

/** Every article of `ids` as it stands, and the ids no article has. */
async function readAll(trx: Kysely<DB>, ids: readonly number[]): Promise<{ articles: Current[]; missing: number[] }> {
  const unique = [...new Set(ids)];
  const [owners, pending] = await Promise.all([
    trx.selectFrom('news').select(['id', 'member_id']).where('id', 'in', unique).execute(),
    trx.selectFrom('news_reviews').select('news_id').where('news_id', 'in', unique).where('state', '=', ReviewState.Pending).execute(),
  ]);
  const memberOf = new Map(owners.map((r) => [r.id, r.member_id]));
  const reviewed = new Set(pending.map((r) => r.news_id));
  const articles: Current[] = [];
  const missing: number[] = [];
  for (const id of unique) {
    const article = await articleFields(trx, id);
    if (article) articles.push({ ...article, id, member_id: memberOf.get(id) ?? null, inReview: reviewed.has(id) });
    else missing.push(id);
  }
  return { articles, missing };
}

/** Refuses the selection when any article is a contribution still in its review (投稿审核 decides those). */
function refuseContributionsInReview(articles: readonly Current[]): void {
  const count = articles.filter(inContributionReview).length;
  if (count > 0) throw badRequest(contributionMessages.bulkStillInReview(count));
}

/**
 * 批量发布: each article becomes 正常, or 待发布 while its publish time is to come (the rule of
 * saveArticle). Left as they are, each with its reason: articles in review (审核中, 审核不通过: their
 * review, or the author's resubmission, decides), articles not yet public in a menu with a review
 * chain (publishing them is submitting them, one by one from the editor), a take-down time
 * already past, and ids that are gone.
 */
export async function publishArticles(database: Database, ids: readonly number[], context: BulkContext): Promise<BulkResult> {
  const chained = await chainedMenuIds(database);
  const { publishSkipped } = contentMessages;
  return bulkChange(database, ids, context, {
    change: (article, at) => {
      const status = storedStatus(ArticleStatus.Published, article.news_create_time, at);
      return status === article.status ? undefined : { status };
    },
    skip: (article, at) => {
      if (article.status === ArticleStatus.UnderReview) return publishSkipped.underReview;
      if (article.status === ArticleStatus.Rejected) return publishSkipped.rejected;
      if (chained.has(article.menu_id) && !isPublic(article.status)) return publishSkipped.needsReview;
      const problem = takeDownProblem(article.offline_at, article.news_create_time, at, ArticleStatus.Published);
      return problem === contentMessages.offlineInPast ? publishSkipped.takeDownPassed : problem;
    },
  });
}

/**
 * 批量下线: each article becomes 停用. A contribution still in review is not taken out of it this
 * way: closed, it would be an editorial draft that 批量发布 could publish without its review.
 */
export function offlineArticles(database: Database, ids: readonly number[], context: BulkContext): Promise<BulkResult> {
  return bulkChange(database, ids, context, {
    change: (article) => (article.status === ArticleStatus.Closed ? undefined : { status: ArticleStatus.Closed }),
    check: refuseContributionsInReview,
  });
}

/**
 * 移动到栏目: each article moves to the menu; 栏目不存在 for a menu that is not there. Moving is an
 * edit of the target menu's content: a published (or 待发布) article moving into a menu with a
 * review chain stays where it is, live, and its move waits in that chain as an edit (修改待审),
 * so nothing appears in a reviewed menu without its review. Drafts move at once: publishing
 * them there later goes through the chain. Articles whose review is under way (审核中 new
 * articles and contributions, 审核不通过, or a pending edit) are refused: that review decides
 * where they stand, and approving it would publish or move them by what it was given.
 */
export async function moveArticles(database: Database, ids: readonly number[], menuId: number, context: BulkContext): Promise<BulkResult> {
  const menu = await database.db.selectFrom('menus').select('id').where('id', '=', menuId).executeTakeFirst();
  if (!menu) throw badRequest(messages.menuNotFound);
  const chain = await reviewChain(database, menuId);
  return bulkChange(database, ids, context, {
    change: (article) => (article.menu_id === menuId ? undefined : { menu_id: menuId }),
    check: (articles) => {
      const moving = articles.filter((a) => a.menu_id !== menuId);
      const held = moving.filter((a) => a.inReview || a.status === ArticleStatus.UnderReview || a.status === ArticleStatus.Rejected).length;
      if (held > 0) throw badRequest(reviewMessages.bulkMoveInReview(held));
    },
    reviewedBy: (article) => (chain && isPublic(article.status) ? chain : undefined),
  });
}

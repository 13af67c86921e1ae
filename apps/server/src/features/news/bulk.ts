import { ArticleStatus, contentMessages, formatCst, messages, reviewMessages, RevisionKind } from '@portal/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/connection.js';
import type { DB } from '../../db/schema.js';
import { badRequest, notFound } from '../../http/envelope.js';
import { chainedMenuIds } from '../review/flows.js';
import { withdrawReviews } from '../review/submit.js';
import { checkTakeDown, storedStatus } from './admin-service.js';
import { articleReach, articlesChanged } from './reach.js';
import { articleFields, nextVersion, recordRevision, type ArticleFields, type RevisionEditor } from './revisions.js';

/**
 * 文章管理's bulk actions: 批量发布, 批量下线 and 移动到栏目. Each is one transaction over all the
 * selected articles: an id that is gone, or an article the action may not take, refuses the
 * whole request and nothing is written. An article the action would not change (publishing
 * one already 正常, moving one into its own menu) is left alone; every changed one gets a new
 * version and a revision, as a save from the editor would.
 */

export interface BulkContext {
  now: number;
  editor: RevisionEditor;
  /** NEWS_REVISIONS_KEPT. */
  revisionsKept: number;
}

export interface BulkResult {
  changed: number;
  /** PublishNews: of the changed, how many wait for their publish time (待发布). */
  scheduled: number;
}

type Current = ArticleFields & { version: number; id: number };

/** What one article becomes, or undefined when the action leaves it as it is. */
type Change = (article: Current, at: string) => Partial<Pick<ArticleFields, 'status' | 'menu_id'>> | undefined;

/** Applies `change` to every article of `ids` in one transaction, with its revision; `check` may refuse the lot first. */
async function bulkChange(
  database: Database,
  ids: readonly number[],
  context: BulkContext,
  change: Change,
  check?: (articles: Current[], at: string) => void,
): Promise<BulkResult> {
  const at = formatCst(context.now);
  // Where the selection showed before: what it leaves is announced with where it goes (features/news/reach.ts).
  const reach = await articleReach(database, ids);
  const result = await database.db.transaction().execute(async (trx) => {
    const articles = await readAll(trx, ids);
    check?.(articles, at);
    const changed: number[] = [];
    let scheduled = 0;
    for (const before of articles) {
      const values = change(before, at);
      if (!values) continue;
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
    return { changed, scheduled };
  });
  if (result.changed.length > 0) await articlesChanged(database, reach, result.changed);
  return { changed: result.changed.length, scheduled: result.scheduled };
}

/** Every article of `ids` as it stands; 文章不存在或已删除 when any one is missing. */
async function readAll(trx: Kysely<DB>, ids: readonly number[]): Promise<Current[]> {
  const unique = [...new Set(ids)];
  const articles: Current[] = [];
  for (const id of unique) {
    const article = await articleFields(trx, id);
    if (!article) throw notFound(messages.articleNotFound);
    articles.push({ ...article, id });
  }
  return articles;
}

/**
 * 批量发布: each article becomes 正常, or 待发布 while its publish time is to come (the rule of
 * saveArticle). Contributions in review (审核中, 审核不通过) go through 投稿审核, and articles not yet
 * public in a menu with a review chain through that chain: one among the selection refuses the
 * whole request, naming how many; so does a take-down time already past.
 */
export async function publishArticles(database: Database, ids: readonly number[], context: BulkContext): Promise<BulkResult> {
  const chained = await chainedMenuIds(database);
  return bulkChange(
    database,
    ids,
    context,
    (article, at) => {
      const status = storedStatus(ArticleStatus.Published, article.news_create_time, at);
      return status === article.status ? undefined : { status };
    },
    (articles, at) => {
      const inReview = articles.filter((a) => a.status === ArticleStatus.UnderReview || a.status === ArticleStatus.Rejected).length;
      if (inReview > 0) throw badRequest(contentMessages.bulkPublishInReview(inReview));
      const needsReview = articles.filter((a) => chained.has(a.menu_id) && a.status !== ArticleStatus.Published && a.status !== ArticleStatus.Scheduled).length;
      if (needsReview > 0) throw badRequest(reviewMessages.bulkPublishNeedsReview(needsReview));
      for (const a of articles) checkTakeDown(a.offline_at, a.news_create_time, at, ArticleStatus.Published);
    },
  );
}

/** 批量下线: each article becomes 停用. */
export function offlineArticles(database: Database, ids: readonly number[], context: BulkContext): Promise<BulkResult> {
  return bulkChange(database, ids, context, (article) => (article.status === ArticleStatus.Closed ? undefined : { status: ArticleStatus.Closed }));
}

/** 移动到栏目: each article moves to the menu; 栏目不存在 for a menu that is not there. */
export async function moveArticles(database: Database, ids: readonly number[], menuId: number, context: BulkContext): Promise<BulkResult> {
  const menu = await database.db.selectFrom('menus').select('id').where('id', '=', menuId).executeTakeFirst();
  if (!menu) throw badRequest(messages.menuNotFound);
  return bulkChange(database, ids, context, (article) => (article.menu_id === menuId ? undefined : { menu_id: menuId }));
}

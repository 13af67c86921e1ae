import type { Kysely } from 'kysely';
import {
  ArticleStatus,
  contentMessages,
  contributionMessages,
  formatCst,
  messages,
  ReviewKind,
  reviewMessages,
  RevisionKind,
  type AdminNewsListQuery,
  type PagingQuery,
  type RestoreNewsRevisionBody,
  type SaveNewsBody,
} from '@portal/shared';
import type { Database } from '../../db/connection.js';
import type { DB } from '../../db/schema.js';
import { cleanArticleBody } from '../../content/sanitize.js';
import { storedAssetPath } from '../../http/assets.js';
import { badRequest, notFound } from '../../http/envelope.js';
import { pageWindow } from '../../http/paging.js';
import { freshMenuIndex, requireMenu } from '../menus/service.js';
import { descendantIds } from '../menus/tree.js';
import { reviewChain, type ReviewChain } from '../review/flows.js';
import { submitReview, withdrawReviews, withPendingEdit } from '../review/submit.js';
import { containing } from '../../db/like.js';
import { itemQuery, toItem, type NewsItem, type Page } from '../articles/items.js';
import { articleFields, conflict, nextVersion, recordRevision, restoringSave, type RevisionEditor } from '../articles/revisions.js';
import type { Article } from './service.js';
import { articleReach, articlesChanged } from '../articles/reach.js';
import { checkTakeDown, storedStatus } from '../articles/status.js';

/**
 * Back-office article management (文章管理): every article whatever its status, and the
 * writes. Bodies are sanitised before they are stored; every write drops the public caches
 * (totals, search results) so the site shows the change at once.
 */

/** GetNewsList's filters as the route parsed them (a menu stands for itself and every menu below it, hidden ones included). */
export type ArticleFilter = Omit<AdminNewsListQuery, keyof PagingQuery>;

export interface AdminNewsItem extends NewsItem {
  author: string;
  views: number;
  /** 定时下线 time; '' for none. */
  offlineAt: string;
  /** An edit waits in the review chain; the article still reads as published. */
  editPending: boolean;
}

/** One page of articles matching the filter, newest publish time first. */
export async function listArticles(database: Database, filter: ArticleFilter, paging: PagingQuery): Promise<Page<AdminNewsItem>> {
  const { db } = database;
  let menuIds: number[] | undefined;
  if (filter.menuid !== undefined) {
    const index = await freshMenuIndex(database);
    requireMenu(index, filter.menuid);
    menuIds = [filter.menuid, ...descendantIds(index, filter.menuid)];
  }
  const matching = db
    .selectFrom('news as n')
    .$if(!!filter.key, (q) => q.where(containing('n.title', filter.key ?? '')))
    .$if(menuIds !== undefined, (q) => q.where('n.menu_id', 'in', menuIds ?? []))
    .$if(filter.status !== undefined, (q) => q.where('n.status', '=', filter.status ?? 0))
    .$if(filter.istop !== undefined, (q) => q.where('n.is_top', '=', filter.istop ?? 0))
    .$if(filter.ismemberread !== undefined, (q) => q.where('n.is_member_read', '=', filter.ismemberread ?? 0))
    .$if(filter.start !== undefined, (q) => q.where('n.news_create_time', '>=', `${filter.start} 00:00:00`))
    .$if(filter.end !== undefined, (q) => q.where('n.news_create_time', '<=', `${filter.end} 23:59:59`));
  const { limit, offset } = pageWindow(paging);
  const [page, { total }] = await Promise.all([
    matching.select('n.id').orderBy('n.news_create_time', 'desc').orderBy('n.id', 'desc').limit(limit).offset(offset).execute(),
    matching.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
  ]);
  const ids = page.map((r) => r.id);
  if (ids.length === 0) return { items: [], total };
  const [rows, pending] = await Promise.all([
    itemQuery(db).select(['n.author', 'n.views', 'n.offline_at']).where('n.id', 'in', ids).execute(),
    withPendingEdit(db, ids),
  ]);
  const byId = new Map(rows.map((r) => [r.id, { ...toItem(r), author: r.author, views: r.views, offlineAt: r.offline_at, editPending: pending.has(r.id) }]));
  return { items: ids.flatMap((id) => byId.get(id) ?? []), total };
}

/** An article as the editor opens it: any status, the whole body, no view counted. */
export async function readArticleForEditing({ db }: Database, id: number): Promise<Article & { offlineAt: string; version: number }> {
  const row = await itemQuery(db).select(['n.content', 'n.author', 'n.views', 'n.offline_at', 'n.version']).where('n.id', '=', id).executeTakeFirst();
  if (!row) throw notFound(messages.articleNotFound);
  return { ...toItem(row), content: row.content, author: row.author, views: row.views, offlineAt: row.offline_at, version: row.version, neighbours: [] };
}

export interface SavedArticle {
  id: number;
  title: string;
  /** Saved 正常 with a publish time still to come: the time the server will publish it. */
  scheduledAt?: string;
  /** Submitted to its menu's review chain instead of published: as a new article (审核中) or as an edit waiting beside the live one. */
  review?: typeof ReviewKind.NewArticle | typeof ReviewKind.Edit;
  /** Saved as it stood, 审核不通过: corrected but not submitted again (only 正常 resubmits). */
  stillRejected?: true;
}

/** What SaveNews and RestoreNewsRevision say of a save: submitted for review, scheduled, or the usual 操作成功 (undefined). */
export function savedMessage(saved: SavedArticle): string | undefined {
  if (saved.review === ReviewKind.Edit) return reviewMessages.editSubmitted;
  if (saved.review === ReviewKind.NewArticle) return reviewMessages.submitted;
  if (saved.stillRejected) return reviewMessages.savedNotResubmitted;
  return saved.scheduledAt ? contentMessages.scheduled(saved.scheduledAt) : undefined;
}

export interface SaveContext {
  now: number;
  assetBaseUrl: string;
  editor: RevisionEditor;
  /** NEWS_REVISIONS_KEPT. */
  revisionsKept: number;
  /** A restore: the revision it brings back. */
  restoredFrom?: number;
  /** 校对's serious findings the editor confirmed saving with (the revision records them). */
  proofreadNote?: string;
}

/**
 * Creates (NewsId 0) or updates an article, and keeps the revision. The body is stored sanitised
 * with its plain text for search; a blank publish time means now for a new article and
 * "unchanged" for an edit. 正常 with a publish time still to come is kept as 待发布 until then
 * (schedule.ts publishes it); a past time is simply the article's date (old news entered late
 * are published at once). With a Version, an edit saves only over that version (Code 409 else).
 *
 * In a menu with a review chain (features/review/), asking to publish (正常, 待发布, or 审核中
 * again) submits instead: an article not yet public is stored as 审核中 with a review; an edit of
 * a public or scheduled article leaves the live article untouched and waits in the review
 * until its last step approves. Any save replaces the article's older pending review.
 */
export async function saveArticle(database: Database, body: SaveNewsBody, context: SaveContext): Promise<SavedArticle> {
  const { db } = database;
  const menu = await db.selectFrom('menus').select('id').where('id', '=', body.MenuId).executeTakeFirst();
  if (!menu) throw badRequest(messages.menuNotFound);
  const chain = await chainOfSave(database, body);
  const at = formatCst(context.now);
  const { content, bodyText } = cleanArticleBody(body.NewContent);
  const reach = await articleReach(database, body.NewsId > 0 ? [body.NewsId] : []);
  const saved = await db.transaction().execute(async (trx) => {
    const before = body.NewsId > 0 ? await articleFields(trx, body.NewsId) : undefined;
    if (body.NewsId > 0 && !before) throw notFound(messages.articleNotFound);
    if (before && (await contributionInReview(trx, body.NewsId))) throw badRequest(contributionMessages.stillInReview);
    if (before && body.Version !== undefined && body.Version !== before.version) throw await conflict(trx, body.NewsId, body, context.assetBaseUrl);
    const publishAt = body.NewsCreateTime || before?.news_create_time || at;
    const submits = chain !== undefined && submittingStatuses.has(body.Status);
    // Submitted, the article will be public once approved: its times are checked as for a published one.
    const status = storedStatus(submits ? ArticleStatus.Published : body.Status, publishAt, at);
    checkTakeDown(body.OfflineTime, publishAt, at, status);
    const values = {
      menu_id: body.MenuId,
      title: body.Title,
      content,
      body_text: bodyText,
      image_url: storedAssetPath(context.assetBaseUrl, body.ImageUrl),
      status,
      is_top: body.IsTop ? 1 : 0,
      is_member_read: body.IsMemberRead ? 1 : 0,
      author: body.Author,
      news_create_time: publishAt,
      offline_at: body.OfflineTime,
      updated_at: at,
    };
    const { updated_at: _updatedAt, ...fields } = values;
    const submission = (kind: ReviewKind, newsId: number) =>
      submitReview(trx, {
        newsId,
        kind,
        steps: chain?.steps ?? [],
        author: context.editor,
        fields: { ...fields, restored_from: context.restoredFrom ?? null },
        at,
      });
    if (submits && before && isPublic(before.status)) {
      // The live page keeps its text: the edit waits in the review, and approval applies it.
      await holdVersion(trx, body.NewsId, body.Version, () => conflict(trx, body.NewsId, body, context.assetBaseUrl));
      await submission(ReviewKind.Edit, body.NewsId);
      return { id: body.NewsId, title: body.Title, review: ReviewKind.Edit } as const;
    }
    const stored = submits ? { ...values, status: ArticleStatus.UnderReview } : values;
    let id: number;
    if (before) {
      id = body.NewsId;
      // The check above read the version; this UPDATE holds to it, so of two saves racing from
      // the same version only the first writes (PostgreSQL re-reads the row the first one locked).
      const updated = await trx
        .updateTable('news')
        .set({ ...stored, ...nextVersion })
        .where('id', '=', id)
        .$if(body.Version !== undefined, (q) => q.where('version', '=', body.Version ?? 0))
        .executeTakeFirst();
      if (updated.numUpdatedRows === 0n) throw await conflict(trx, id, body, context.assetBaseUrl);
    } else {
      const row = { ...stored, process_item_name: '', views: 0, created_at: at };
      ({ id } = await trx.insertInto('news').values(row).returning('id').executeTakeFirstOrThrow());
    }
    const kind = !before ? RevisionKind.Created : context.restoredFrom ? RevisionKind.Restored : RevisionKind.Edited;
    await recordRevision(trx, {
      newsId: id,
      kind,
      editor: context.editor,
      before,
      restoredFrom: context.restoredFrom,
      proofreadNote: context.proofreadNote,
      at,
      kept: context.revisionsKept,
    });
    if (submits) {
      await submission(ReviewKind.NewArticle, id);
      return { id, title: body.Title, review: ReviewKind.NewArticle } as const;
    }
    // Saved outside review (停用, 草稿, or a menu without a chain): what was waiting is replaced.
    await withdrawReviews(trx, [id], at);
    return {
      id,
      title: body.Title,
      ...(status === ArticleStatus.Scheduled ? { scheduledAt: publishAt } : {}),
      ...(status === ArticleStatus.Rejected ? { stillRejected: true as const } : {}),
    };
  });
  await articlesChanged(database, reach, [saved.id]);
  return saved;
}

/** The statuses a save asks for that mean "publish it": in a menu with a chain they submit it for review (审核中 again resubmits). */
const submittingStatuses: ReadonlySet<number> = new Set([ArticleStatus.Published, ArticleStatus.Scheduled, ArticleStatus.UnderReview]);

/** Public now, or on its way by the publishing clock: an edit of it waits beside it instead of replacing it. */
export const isPublic = (status: number) => status === ArticleStatus.Published || status === ArticleStatus.Scheduled;

/**
 * A member's contribution still in its review (审核中, or 审核不通过 waiting for the member): only
 * 投稿审核 (or the member's resubmission) moves it on. An editor who could save or close it in
 * 文章管理 could then publish it without that review and its sensitive-word check.
 */
export const inContributionReview = (article: { member_id: number | null; status: number }) =>
  article.member_id !== null && (article.status === ArticleStatus.UnderReview || article.status === ArticleStatus.Rejected);

/**
 * The chain a save goes through: its menu's, or, for an article moved out of a menu with a chain,
 * the chain it leaves (an article does not escape review by changing its menu in the same save).
 */
async function chainOfSave(database: Database, body: SaveNewsBody): Promise<ReviewChain | undefined> {
  const chain = await reviewChain(database, body.MenuId);
  if (chain || body.NewsId <= 0) return chain;
  const current = await database.db.selectFrom('news').select('menu_id').where('id', '=', body.NewsId).executeTakeFirst();
  return current && current.menu_id !== body.MenuId ? reviewChain(database, current.menu_id) : undefined;
}

/** Whether the article is a member's contribution still in its review (read inside the saving transaction). */
async function contributionInReview(trx: Kysely<DB>, id: number): Promise<boolean> {
  const row = await trx.selectFrom('news').select(['member_id', 'status']).where('id', '=', id).executeTakeFirst();
  return row !== undefined && inContributionReview(row);
}

/**
 * Locks the article's row for the rest of the transaction without changing it (the version
 * stays: the live article is not edited), and refuses a stale Version as a save would; of two
 * edits submitted at once, the second then finds and withdraws the first's review.
 */
async function holdVersion(trx: Kysely<DB>, id: number, version: number | undefined, stale: () => Promise<Error>): Promise<void> {
  const held = await trx
    .updateTable('news')
    .set((eb) => ({ version: eb.ref('version') }))
    .where('id', '=', id)
    .$if(version !== undefined, (q) => q.where('version', '=', version ?? 0))
    .executeTakeFirst();
  if (held.numUpdatedRows === 0n) throw await stale();
}

/**
 * Brings a revision back as a new save (and a new revision): its title, menu, cover, body,
 * author and flags; the article's status and publish and take-down times stay as they are, so
 * restoring an old draft neither unpublishes a live article nor revives a past take-down time.
 */
export async function restoreRevision(database: Database, body: RestoreNewsRevisionBody, context: Omit<SaveContext, 'restoredFrom'>): Promise<SavedArticle> {
  return saveArticle(database, await restoringSave(database.db, body), { ...context, restoredFrom: body.RevisionId });
}

/** Deletes articles, with their home placements, in one transaction, withdrawing their pending reviews; answers how many went. */
export async function deleteArticles(database: Database, ids: readonly number[], now: number): Promise<number> {
  const reach = await articleReach(database, ids);
  const deleted = await database.db.transaction().execute(async (trx) => {
    const found = await trx.selectFrom('news').select('id').where('id', 'in', ids).execute();
    if (found.length === 0) throw notFound(messages.articleNotFound);
    const existing = found.map((r) => r.id);
    await trx.deleteFrom('positions').where('news_id', 'in', existing).execute();
    // Nothing is left to approve; the records of their reviews stay.
    await withdrawReviews(trx, existing, formatCst(now));
    await trx.deleteFrom('news').where('id', 'in', existing).execute();
    return existing.length;
  });
  await articlesChanged(database, reach, ids);
  return deleted;
}

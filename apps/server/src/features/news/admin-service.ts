import { ArticleStatus, contentMessages, formatCst, messages, RevisionKind, type PagingQuery, type RestoreNewsRevisionBody, type SaveNewsBody } from '@portal/shared';
import type { Database } from '../../db/connection.js';
import { cleanArticleBody } from '../../content/sanitize.js';
import { storedAssetPath } from '../../http/assets.js';
import { badRequest, notFound } from '../../http/envelope.js';
import { pageWindow } from '../../http/paging.js';
import { freshMenuIndex, requireMenu } from '../menus/service.js';
import { descendantIds } from '../menus/tree.js';
import { containing } from '../system/like.js';
import { itemQuery, toItem, type NewsItem, type Page } from './items.js';
import { articleFields, conflict, nextVersion, recordRevision, restoringSave, type RevisionEditor } from './revisions.js';
import { invalidateNewsCaches, type Article } from './service.js';

/**
 * Back-office article management (文章管理): every article whatever its status, and the
 * writes. Bodies are sanitised before they are stored; every write drops the public caches
 * (totals, search results) so the site shows the change at once.
 */

export interface ArticleFilter {
  /** Part of the title. */
  key?: string;
  /** A menu: its articles and those of every menu below it, hidden menus included. */
  menuid?: number;
  status?: number;
  istop?: number;
  ismemberread?: number;
  /** First and last CST day of the publish time, both included. */
  start?: string;
  end?: string;
}

export interface AdminNewsItem extends NewsItem {
  author: string;
  views: number;
  /** 定时下线 time; '' for none. */
  offlineAt: string;
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
  const rows = await itemQuery(db).select(['n.author', 'n.views', 'n.offline_at']).where('n.id', 'in', ids).execute();
  const byId = new Map(rows.map((r) => [r.id, { ...toItem(r), author: r.author, views: r.views, offlineAt: r.offline_at }]));
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
}

export interface SaveContext {
  now: number;
  assetBaseUrl: string;
  editor: RevisionEditor;
  /** NEWS_REVISIONS_KEPT. */
  revisionsKept: number;
  /** A restore: the revision it brings back. */
  restoredFrom?: number;
}

/**
 * Creates (NewsId 0) or updates an article, and keeps the revision. The body is stored sanitised
 * with its plain text for search; a blank publish time means now for a new article and
 * "unchanged" for an edit. 正常 with a publish time still to come is kept as 待发布 until then
 * (schedule.ts publishes it); a past time is simply the article's date (old news entered late
 * are published at once). With a Version, an edit saves only over that version (Code 409 else).
 */
export async function saveArticle(database: Database, body: SaveNewsBody, context: SaveContext): Promise<SavedArticle> {
  const { db } = database;
  const menu = await db.selectFrom('menus').select('id').where('id', '=', body.MenuId).executeTakeFirst();
  if (!menu) throw badRequest(messages.menuNotFound);
  const at = formatCst(context.now);
  const { content, bodyText } = cleanArticleBody(body.NewContent);
  const saved = await db.transaction().execute(async (trx) => {
    const before = body.NewsId > 0 ? await articleFields(trx, body.NewsId) : undefined;
    if (body.NewsId > 0 && !before) throw notFound(messages.articleNotFound);
    if (before && body.Version !== undefined && body.Version !== before.version) throw await conflict(trx, body.NewsId, body, context.assetBaseUrl);
    const publishAt = body.NewsCreateTime || before?.news_create_time || at;
    const status = storedStatus(body.Status, publishAt, at);
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
    let id: number;
    if (before) {
      id = body.NewsId;
      // The check above read the version; this UPDATE holds to it, so of two saves racing from
      // the same version only the first writes (PostgreSQL re-reads the row the first one locked).
      const updated = await trx
        .updateTable('news')
        .set({ ...values, ...nextVersion })
        .where('id', '=', id)
        .$if(body.Version !== undefined, (q) => q.where('version', '=', body.Version ?? 0))
        .executeTakeFirst();
      if (updated.numUpdatedRows === 0n) throw await conflict(trx, id, body, context.assetBaseUrl);
    } else {
      const row = { ...values, process_item_name: '', views: 0, created_at: at };
      ({ id } = await trx.insertInto('news').values(row).returning('id').executeTakeFirstOrThrow());
    }
    const kind = !before ? RevisionKind.Created : context.restoredFrom ? RevisionKind.Restored : RevisionKind.Edited;
    await recordRevision(trx, { newsId: id, kind, editor: context.editor, before, restoredFrom: context.restoredFrom, at, kept: context.revisionsKept });
    return { id, title: body.Title, ...(status === ArticleStatus.Scheduled ? { scheduledAt: publishAt } : {}) };
  });
  invalidateNewsCaches(database);
  return saved;
}

/**
 * Brings a revision back as a new save (and a new revision): its title, menu, cover, body,
 * author and flags; the article's status and publish and take-down times stay as they are, so
 * restoring an old draft neither unpublishes a live article nor revives a past take-down time.
 */
export async function restoreRevision(database: Database, body: RestoreNewsRevisionBody, context: Omit<SaveContext, 'restoredFrom'>): Promise<SavedArticle> {
  return saveArticle(database, await restoringSave(database.db, body), { ...context, restoredFrom: body.RevisionId });
}

/** The status a save stores: asked 正常 (or 待发布), it is 待发布 while its publish time is to come. */
export function storedStatus(asked: number, publishAt: string, at: string): number {
  if (asked !== ArticleStatus.Published && asked !== ArticleStatus.Scheduled) return asked;
  return publishAt > at ? ArticleStatus.Scheduled : ArticleStatus.Published;
}

/** A take-down time comes after the publish time and, for an article that is or will be public, after now. */
export function checkTakeDown(offlineAt: string, publishAt: string, at: string, status: number): void {
  if (!offlineAt) return;
  const goesPublic = status === ArticleStatus.Published || status === ArticleStatus.Scheduled;
  if (goesPublic && offlineAt <= at) throw badRequest(contentMessages.offlineInPast);
  if (offlineAt <= publishAt) throw badRequest(contentMessages.offlineBeforePublish);
}

/** Deletes articles, with their home placements, in one transaction; answers how many went. */
export async function deleteArticles(database: Database, ids: readonly number[]): Promise<number> {
  const deleted = await database.db.transaction().execute(async (trx) => {
    const found = await trx.selectFrom('news').select('id').where('id', 'in', ids).execute();
    if (found.length === 0) throw notFound(messages.articleNotFound);
    const existing = found.map((r) => r.id);
    await trx.deleteFrom('positions').where('news_id', 'in', existing).execute();
    await trx.deleteFrom('news').where('id', 'in', existing).execute();
    return existing.length;
  });
  invalidateNewsCaches(database);
  return deleted;
}

import { sql, type Kysely } from 'kysely';
import {
  Code,
  contentMessages,
  formatCst,
  messages,
  newsConflictDto,
  revisionFieldNames,
  RevisionKind,
  type NewsConflictDto,
  type PagingQuery,
  type RestoreNewsRevisionBody,
  type SaveNewsBody,
} from '@portal/shared';
import type { Database } from '../../db/connection.js';
import type { DB, NewsRevisionsTable } from '../../db/schema.js';
import type { Services } from '../../http/app-types.js';
import { AppError, notFound } from '../../http/envelope.js';
import { pageWindow } from '../../http/paging.js';
import { schedulePeriodic } from '../../ops/periodic-job.js';
import { toNewsRevisionDto } from './revision-dto.js';

/**
 * Article revisions (历史版本) and optimistic concurrency. Every save of an article — the back
 * office's SaveNews, a member's contribution, a reviewer's correction, a restore — copies what
 * it stored into news_revisions, in the transaction of the save, with who made it and which
 * fields it changed. Every write to an article also raises news.version; a back-office save
 * that names the Version it was edited from is a conditional UPDATE (… AND version = ?), so of
 * two editors saving from the same copy exactly one wins and the other gets Code 409 with both
 * sides, instead of one silently undoing the other.
 *
 * Revisions outlive their article: a deleted article's history stays for the audit trail as
 * long as the audit log (AUDIT_RETENTION_DAYS), then the daily job below drops it. An
 * article's own history keeps the newest NEWS_REVISIONS_KEPT revisions (0: all), pruned on save.
 */

/** Raises an article's version: spread into the set() of every write to news. */
export const nextVersion = { version: sql<number>`version + 1` };

/** The article's columns a revision copies. */
const copied = ['menu_id', 'title', 'content', 'image_url', 'status', 'is_top', 'is_member_read', 'author', 'news_create_time', 'offline_at'] as const;
type Copied = (typeof copied)[number];
export type ArticleFields = Pick<NewsRevisionsTable, Copied>;

/** Each copied column under its name in a summary (标题、正文). */
const columnNames: Record<Copied, string> = {
  menu_id: revisionFieldNames.MenuId,
  title: revisionFieldNames.Title,
  content: revisionFieldNames.NewContent,
  image_url: revisionFieldNames.ImageUrl,
  status: revisionFieldNames.Status,
  is_top: revisionFieldNames.IsTop,
  is_member_read: revisionFieldNames.IsMemberRead,
  author: revisionFieldNames.Author,
  news_create_time: revisionFieldNames.NewsCreateTime,
  offline_at: revisionFieldNames.OfflineTime,
};

/** Who saved: an admin (or API token) of the back office, or the contributing member. */
export type RevisionEditor = { adminId: number; account: string } | { memberId: number; memberName: string };

/** An article's copied fields as they stand, read in the writing transaction before it writes. */
export async function articleFields(db: Kysely<DB>, newsId: number): Promise<(ArticleFields & { version: number }) | undefined> {
  return db
    .selectFrom('news')
    .select([...copied, 'version'])
    .where('id', '=', newsId)
    .executeTakeFirst();
}

export interface RevisionEntry {
  newsId: number;
  kind: RevisionKind;
  editor: RevisionEditor;
  /** The article before this save; none for a new article. */
  before?: ArticleFields;
  restoredFrom?: number;
  /** What 校对 found serious that the editor confirmed saving with. */
  proofreadNote?: string;
  at: string;
  /** NEWS_REVISIONS_KEPT: 0 keeps all. */
  kept: number;
}

/** Copies the article as the save left it (call inside the save's transaction, after its write). */
export async function recordRevision(trx: Kysely<DB>, entry: RevisionEntry): Promise<void> {
  const after = await articleFields(trx, entry.newsId);
  if (!after) throw notFound(messages.articleNotFound);
  const { version, ...fields } = after;
  const { editor } = entry;
  // Numbered among the article's revisions; the save holds the article's row, so two saves never take one number.
  const last = await trx
    .selectFrom('news_revisions')
    .select((eb) => eb.fn.max('number').as('number'))
    .where('news_id', '=', entry.newsId)
    .executeTakeFirst();
  const who =
    'adminId' in editor
      ? { admin_id: editor.adminId, admin_account: editor.account, member_id: null, member_name: '' }
      : { admin_id: null, admin_account: '', member_id: editor.memberId, member_name: editor.memberName };
  await trx
    .insertInto('news_revisions')
    .values({
      ...fields,
      ...who,
      news_id: entry.newsId,
      version,
      number: Number(last?.number ?? 0) + 1,
      kind: entry.kind,
      summary: entry.before ? changedFields(entry.before, fields) : '',
      restored_from: entry.restoredFrom ?? null,
      proofread_note: entry.proofreadNote ?? '',
      created_at: entry.at,
    })
    .execute();
  if (entry.kept > 0) await pruneRevisions(trx, entry.newsId, entry.kept);
}

/** The fields that differ, in their Chinese names joined with 、; 无改动 for a save that changed nothing. */
function changedFields(before: ArticleFields, after: ArticleFields): string {
  const changed = copied.filter((column) => before[column] !== after[column]).map((column) => columnNames[column]);
  return changed.length > 0 ? changed.join('、') : '无改动';
}

/** Keeps an article's newest `kept` revisions. */
async function pruneRevisions(trx: Kysely<DB>, newsId: number, kept: number): Promise<void> {
  const oldestKept = await trx
    .selectFrom('news_revisions')
    .select('id')
    .where('news_id', '=', newsId)
    .orderBy('id', 'desc')
    .limit(1)
    .offset(kept - 1)
    .executeTakeFirst();
  if (oldestKept) await trx.deleteFrom('news_revisions').where('news_id', '=', newsId).where('id', '<', oldestKept.id).execute();
}

const listed = [
  'r.id',
  'r.news_id',
  'r.version',
  'r.number',
  'r.kind',
  'r.summary',
  'r.restored_from',
  'r.proofread_note',
  'r.admin_id',
  'r.admin_account',
  'r.member_id',
  'r.member_name',
  'r.title',
  'r.created_at',
] as const;
export type RevisionListItem = Pick<
  NewsRevisionsTable,
  'news_id' | 'version' | 'kind' | 'summary' | 'restored_from' | 'admin_id' | 'admin_account' | 'member_id' | 'member_name' | 'title' | 'created_at'
> & { id: number; number: number; admin_name: string; proofread_note: string };

/** Revisions with the saving admin's name as it is now ('' for a member, an API token or an admin since deleted). */
const revisionRows = (db: Kysely<DB>) =>
  db
    .selectFrom('news_revisions as r')
    .leftJoin('admin_users as au', 'au.id', 'r.admin_id')
    .select((eb) => eb.fn.coalesce('au.full_name', sql<string>`''`).as('admin_name'));
export type Revision = RevisionListItem & ArticleFields & { menu_name: string };

/** An article's revisions, newest first, and its current version (0 once it is deleted) and title ('' then). */
export async function listRevisions(
  { db }: Database,
  newsId: number,
  paging: PagingQuery,
): Promise<{ items: RevisionListItem[]; total: number; version: number; title: string }> {
  const { limit, offset } = pageWindow(paging);
  const [items, { total }, article] = await Promise.all([
    revisionRows(db).select(listed).where('r.news_id', '=', newsId).orderBy('r.id', 'desc').limit(limit).offset(offset).execute(),
    db
      .selectFrom('news_revisions')
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .where('news_id', '=', newsId)
      .executeTakeFirstOrThrow(),
    db.selectFrom('news').select(['version', 'title']).where('id', '=', newsId).executeTakeFirst(),
  ]);
  return { items, total: Number(total), version: article?.version ?? 0, title: article?.title ?? '' };
}

/** One revision whole, with its menu's name as it is now ('' once the menu is gone). */
export async function readRevision(db: Kysely<DB>, id: number): Promise<Revision> {
  const row = await revisionRows(db)
    .leftJoin('menus as m', 'm.id', 'r.menu_id')
    .select([...listed, ...copied.map((c) => `r.${c}` as const), 'm.name as menu_name'])
    .where('r.id', '=', id)
    .executeTakeFirst();
  if (!row) throw notFound(contentMessages.revisionNotFound);
  return { ...row, menu_name: row.menu_name ?? '' };
}

/**
 * Code 409 文章已被他人修改, with the article as it now stands (in a revision's shape: its latest
 * revision's id, who and when, and the Version to save against) and what was sent.
 */
/** How the API document tells of conflict's answer, on the calls that may give it. */
export const conflictAnswer = { 409: { message: contentMessages.articleConflict, data: newsConflictDto } };

export async function conflict(db: Kysely<DB>, newsId: number, yours: NewsConflictDto['Yours'], assetBaseUrl: string): Promise<AppError> {
  const [article, latest] = await Promise.all([
    db
      .selectFrom('news as n')
      .leftJoin('menus as m', 'm.id', 'n.menu_id')
      .select([...copied.map((c) => `n.${c}` as const), 'n.version', 'n.updated_at', 'm.name as menu_name'])
      .where('n.id', '=', newsId)
      .executeTakeFirst(),
    revisionRows(db).select(listed).where('r.news_id', '=', newsId).orderBy('r.id', 'desc').limit(1).executeTakeFirst(),
  ]);
  if (!article) return notFound(messages.articleNotFound);
  const current: Revision = {
    id: 0,
    number: 0,
    admin_name: '',
    kind: RevisionKind.Edited,
    summary: '',
    restored_from: null,
    proofread_note: '',
    admin_id: null,
    admin_account: '',
    member_id: null,
    member_name: '',
    ...latest,
    ...article,
    // When it last changed: the publishing clock and review decisions write no revision.
    created_at: article.updated_at,
    news_id: newsId,
    menu_name: article.menu_name ?? '',
  };
  const data: NewsConflictDto = { Current: toNewsRevisionDto(current, assetBaseUrl), Yours: yours };
  return new AppError(Code.Conflict, contentMessages.articleConflict, data);
}

/** The SaveNews a restore makes: the revision's content, with the article's publishing (status and times) as it stands. */
export async function restoringSave(db: Kysely<DB>, body: RestoreNewsRevisionBody): Promise<SaveNewsBody> {
  const revision = await readRevision(db, body.RevisionId);
  const article = await db.selectFrom('news').select(['status', 'news_create_time', 'offline_at']).where('id', '=', revision.news_id).executeTakeFirst();
  if (!article) throw notFound(messages.articleNotFound);
  return {
    NewsId: revision.news_id,
    MenuId: revision.menu_id,
    Title: revision.title,
    NewContent: revision.content,
    ImageUrl: revision.image_url,
    IsTop: revision.is_top === 1,
    IsMemberRead: revision.is_member_read === 1,
    Author: revision.author,
    Status: article.status,
    NewsCreateTime: article.news_create_time,
    OfflineTime: article.offline_at,
    Version: body.Version,
    // A restore brings back what was saved before; 校对 stops SaveNews only (news/proofread-gate.ts).
    ProofreadConfirmed: false,
  };
}

const DAY_MS = 86_400_000;

/** Deletes the revisions of deleted articles older than the audit log's retention; answers how many went. */
export async function pruneDeletedArticleRevisions({ database, config, now }: Services): Promise<number> {
  const cutoff = formatCst(now() - config.auditRetentionDays * DAY_MS);
  const result = await database.db
    .deleteFrom('news_revisions')
    .where('created_at', '<', cutoff)
    .where(({ not, exists, selectFrom }) => not(exists(selectFrom('news').select('news.id').whereRef('news.id', '=', 'news_revisions.news_id'))))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Daily, as the audit log's retention (features/system/audit/retention.ts), in the worker that runs background jobs. */
export function scheduleRevisionRetention(services: Services, log: { error: (obj: object, msg: string) => void }): { stop: () => Promise<void> } {
  return schedulePeriodic('revision retention', () => pruneDeletedArticleRevisions(services), { firstMs: 6 * 60_000, everyMs: DAY_MS }, log);
}

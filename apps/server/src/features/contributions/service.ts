import type { Kysely } from 'kysely';
import {
  ArticleStatus,
  contributionMessages,
  formatCst,
  messages,
  ReviewDecision,
  ReviewKind,
  RevisionKind,
  uploadLimits,
  type PagingQuery,
  type SaveContributionBody,
} from '@portal/shared';
import type { Database } from '../../db/connection.js';
import { lockKey } from '../../db/key-lock.js';
import type { DB } from '../../db/schema.js';
import { cleanArticleBody } from '../../content/sanitize.js';
import { badRequest } from '../../http/envelope.js';
import { pageWindow } from '../../http/paging.js';
import type { Storage } from '../../storage/storage.js';
import { menuIndex } from '../menus/service.js';
import { articleFields, nextVersion, recordRevision } from '../articles/revisions.js';
import { articleReach, articlesChanged } from '../articles/reach.js';
import { reviewChain } from '../review/flows.js';
import { articleAsReviewed, submitReview } from '../review/submit.js';
import { extensionOf, matchesSignature, signatureLength } from '../uploads/checks.js';
import { recordConsent, type Consent } from '../privacy/consents.js';

/**
 * Contributions from the member's side (spec §2 投稿中心, §5, §7 GetMyNewsList / SaveNews): a
 * member writes an article that waits in status 3 审核中 until a reviewer decides (review.ts).
 * Nothing a member writes reaches the public site without that decision.
 */

/** Submissions (new or resubmitted) one member may make per hour: ample for an association's members, useless for a flood. */
export const SUBMISSIONS_PER_HOUR = 10;
/** The longest body, in characters of text: a long journal article is 10–20 thousand. */
export const BODY_MAX_CHARS = 50_000;

export interface MyArticle {
  id: number;
  title: string;
  menuId: number;
  menuName: string;
  status: number;
  processItemName: string;
  imageUrl: string;
  createdAt: string;
  newsCreateTime: string;
}

/** GetMyNewsList: the member's own articles, newest first (index news_member). */
export async function listMyArticles(db: Kysely<DB>, memberId: number, paging: PagingQuery): Promise<{ items: MyArticle[]; total: number }> {
  const { limit, offset } = pageWindow(paging);
  const [rows, { total }] = await Promise.all([
    db
      .selectFrom('news as n')
      .leftJoin('menus as m', 'm.id', 'n.menu_id')
      .select(['n.id', 'n.title', 'n.menu_id', 'm.name as menu_name', 'n.status', 'n.process_item_name', 'n.image_url', 'n.created_at', 'n.news_create_time'])
      .where('n.member_id', '=', memberId)
      .orderBy('n.created_at', 'desc')
      .orderBy('n.id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute(),
    db
      .selectFrom('news')
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .where('member_id', '=', memberId)
      .executeTakeFirstOrThrow(),
  ]);
  return {
    total,
    items: rows.map((r) => ({
      id: r.id,
      title: r.title,
      menuId: r.menu_id,
      menuName: r.menu_name ?? '',
      status: r.status,
      processItemName: r.process_item_name,
      imageUrl: r.image_url,
      createdAt: r.created_at,
      newsCreateTime: r.news_create_time,
    })),
  };
}

export interface ContributionMenu {
  id: number;
  name: string;
  parentName: string;
}

/** The menus that take contributions (栏目管理 setting) and that the public may read, for the dialog's selector. */
export async function contributionMenus(database: Database): Promise<ContributionMenu[]> {
  const { readable } = await menuIndex(database);
  const rows = await database.db
    .selectFrom('menus as m')
    .leftJoin('menus as p', 'p.id', 'm.parent_id')
    .select(['m.id', 'm.name', 'p.name as parent_name'])
    .where('m.accepts_contributions', '=', 1)
    .orderBy('m.sort_number')
    .orderBy('m.id')
    .execute();
  return rows.filter((r) => readable.has(r.id)).map((r) => ({ id: r.id, name: r.name, parentName: r.parent_name ?? '' }));
}

export interface Contributor {
  memberId: number;
  /** The company name, shown as the article's author. */
  memberName: string;
}

/**
 * SaveNews: a new contribution (NewsId 0), or the resubmission of the member's own rejected
 * one. Either way it goes to 审核中, the submission joins its history and the article keeps a
 * revision (features/articles/revisions.ts); in a menu with a review chain it also starts at the
 * chain's first step (features/review/). Every check comes before the one transaction that writes.
 */
export async function submitContribution(
  database: Database,
  storage: Storage,
  who: Contributor,
  body: SaveContributionBody,
  { now, revisionsKept, consent }: { now: number; revisionsKept: number; consent: Consent | null },
): Promise<{ id: number; title: string }> {
  const { db } = database;
  const menus = await contributionMenus(database);
  if (!menus.some((m) => m.id === body.MenuId)) throw badRequest(contributionMessages.menuClosed);
  if (body.ImageUrl) await checkCover(storage, body.ImageUrl);
  const { content, bodyText } = cleanArticleBody(body.NewContent);
  if ([...bodyText].length > BODY_MAX_CHARS) throw badRequest(contributionMessages.bodyTooLong(BODY_MAX_CHARS));

  const chain = await reviewChain(database, body.MenuId);
  const at = formatCst(now);
  const reach = await articleReach(database, body.NewsId > 0 ? [body.NewsId] : []);
  const id = await db.transaction().execute(async (trx) => {
    // The member's submissions take turns from here: the limit's count and the article's status are read after the previous one's commit.
    await lockKey(trx, database.engine, `contributions:${who.memberId}`);
    if (body.NewsId > 0) {
      const existing = await trx.selectFrom('news').select(['member_id', 'status']).where('id', '=', body.NewsId).executeTakeFirst();
      if (!existing || existing.member_id !== who.memberId) throw badRequest(contributionMessages.notYours);
      if (existing.status !== ArticleStatus.Rejected) throw badRequest(contributionMessages.notEditable);
    }
    await checkSubmissionRate(trx, who.memberId, now);
    const values = {
      menu_id: body.MenuId,
      title: body.Title,
      content,
      body_text: bodyText,
      image_url: body.ImageUrl,
      status: ArticleStatus.UnderReview,
      process_item_name: '',
      news_create_time: at,
      updated_at: at,
    };
    let newsId = body.NewsId;
    const before = newsId > 0 ? await articleFields(trx, newsId) : undefined;
    if (newsId > 0) {
      await trx
        .updateTable('news')
        .set({ ...values, ...nextVersion })
        .where('id', '=', newsId)
        .execute();
    } else {
      const row = { ...values, is_top: 0, is_member_read: 0, author: who.memberName, member_id: who.memberId, views: 0, created_at: at };
      ({ id: newsId } = await trx.insertInto('news').values(row).returning('id').executeTakeFirstOrThrow());
    }
    await trx
      .insertInto('contribution_reviews')
      .values({ news_id: newsId, member_id: who.memberId, decision: ReviewDecision.Submitted, reason: '', admin_id: null, admin_account: '', created_at: at })
      .execute();
    await recordRevision(trx, { newsId, kind: RevisionKind.Contributed, editor: who, before, at, kept: revisionsKept });
    await recordConsent(trx, consent, 'contribution', newsId, who.memberId);
    if (chain)
      await submitReview(trx, { newsId, kind: ReviewKind.Contribution, steps: chain.steps, author: who, fields: await articleAsReviewed(trx, newsId), at });
    return newsId;
  });
  // Announced as any article write: one leaving 审核不通过 for 审核中 changes nothing public, but its own answer tells its status.
  await articlesChanged(database, reach, [id]);
  return { id, title: body.Title };
}

/**
 * Refuses the submission past SUBMISSIONS_PER_HOUR within the last hour, counted in the writing
 * transaction once it holds the member (db/key-lock.ts): submissions arriving at once take turns.
 */
async function checkSubmissionRate(db: Kysely<DB>, memberId: number, now: number): Promise<void> {
  const { n } = await db
    .selectFrom('contribution_reviews')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('member_id', '=', memberId)
    .where('decision', '=', ReviewDecision.Submitted)
    .where('created_at', '>', formatCst(now - 60 * 60_000))
    .executeTakeFirstOrThrow();
  if (n >= SUBMISSIONS_PER_HOUR) throw badRequest(contributionMessages.tooMany(SUBMISSIONS_PER_HOUR));
}

/**
 * The cover must be a picture uploaded here: the file exists, is within the §5 limit, and its
 * content is the picture its extension says (it was checked on upload; this checks it is that file).
 */
async function checkCover(storage: Storage, stored: string): Promise<void> {
  const file = storage.owns(stored) ? await storage.stat(stored) : undefined;
  if (!file) throw badRequest(contributionMessages.coverMissing);
  if (file.size > uploadLimits.image) throw badRequest(messages.imageTooLarge);
  // Within the limit: read whole.
  const content = await storage.read(stored);
  if (!content) throw badRequest(contributionMessages.coverMissing);
  if (!matchesSignature(extensionOf(stored), content.subarray(0, signatureLength))) throw badRequest(messages.imageType);
}

import { z } from 'zod';
import { saveNewsBody } from '../schemas/content-admin.js';
import { restoreNewsRevisionBody, RevisionKind } from '../schemas/news-revisions.js';
import { codeOf } from './common.js';

/** Who saved a revision: an admin (AdminId, AdminAccount, AdminName: the admin's name as it is now) or a member (MemberId, MemberName, the company). */
const revisionAuthorShape = {
  AdminId: z.int().nullable(),
  AdminAccount: z.string(),
  /** '' for an API token, or an admin since deleted. */
  AdminName: z.string(),
  MemberId: z.int().nullable(),
  MemberName: z.string(),
};
export type RevisionAuthorDto = z.infer<z.ZodObject<typeof revisionAuthorShape>>;

/** A line of GetNewsRevisionList. */
const newsRevisionListItemShape = {
  ...revisionAuthorShape,
  RevisionId: z.int(),
  NewsId: z.int(),
  /** The article's version this save produced: every write raises it (the publishing clock and review decisions too), so it is not consecutive; RestoreNewsRevision and a save name it. */
  Version: z.int(),
  /** The revision's number among the article's revisions (1, 2, 3 …): what 历史版本 shows as 版本. */
  RevisionNo: z.int(),
  Kind: codeOf(RevisionKind),
  /** The fields the save changed, e.g. 标题、正文 ('' for a new article). */
  Summary: z.string(),
  /** A restore: the revision brought back. */
  RestoredFrom: z.int().nullable(),
  /** The serious findings of 校对 (wrong and sensitive words) the editor confirmed saving with; '' when none. */
  ProofreadNote: z.string(),
  Title: z.string(),
  CreateTime: z.string(),
};
export const newsRevisionListItemDto = z.object(newsRevisionListItemShape).meta({ id: 'NewsRevisionListItemDto' });
export type NewsRevisionListItemDto = z.infer<typeof newsRevisionListItemDto>;

/** GetNewsRevisionList: newest first, with the article's current Version (0 once deleted) for RestoreNewsRevision and its current Title ('' once deleted). */
export const newsRevisionListDto = z
  .object({ List: z.array(newsRevisionListItemDto), TotalCount: z.int(), Version: z.int(), Title: z.string() })
  .meta({ id: 'NewsRevisionListDto' });
export type NewsRevisionListDto = z.infer<typeof newsRevisionListDto>;

/** GetNewsRevision/{id}: a revision whole. */
export const newsRevisionDto = z
  .object({
    ...newsRevisionListItemShape,
    MenuId: z.int(),
    MenuName: z.string(),
    ImageUrl: z.string(),
    /** The body as it was stored (sanitised HTML). */
    NewContent: z.string(),
    Status: z.int(),
    IsTop: z.boolean(),
    IsMemberRead: z.boolean(),
    NewsCreateTime: z.string(),
    OfflineTime: z.string(),
    Author: z.string(),
  })
  .meta({ id: 'NewsRevisionDto' });
export type NewsRevisionDto = z.infer<typeof newsRevisionDto>;

/**
 * Data of Code 409 (文章已被他人修改): Current is the article as it now stands, in a revision's
 * shape (the latest revision's id, who and when; Version the one to save against), Yours what
 * was sent.
 */
export const newsConflictDto = z.object({ Current: newsRevisionDto, Yours: z.union([saveNewsBody, restoreNewsRevisionBody]) }).meta({ id: 'NewsConflictDto' });
export type NewsConflictDto = z.infer<typeof newsConflictDto>;

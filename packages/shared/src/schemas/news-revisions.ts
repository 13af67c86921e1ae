import { z } from 'zod';
import { messages } from '../messages.js';
import { idParam, integer, pagingQuery } from './common.js';
import type { SaveNewsBody } from './content-admin.js';

/**
 * Article revisions (历史版本) and the answer to a save from a stale copy (Code 409), shared by
 * the server (features/news/revisions.ts) and the back office's 文章管理.
 */

/** How a revision came about. */
export const RevisionKind = { Created: 1, Edited: 2, Contributed: 3, Corrected: 4, Restored: 5 } as const;
export type RevisionKind = (typeof RevisionKind)[keyof typeof RevisionKind];
export const revisionKindNames: Record<RevisionKind, string> = { 1: '新建', 2: '修改', 3: '会员投稿', 4: '审核修改', 5: '恢复' };

/** An article's fields in the words of a revision's summary and of the comparison. */
export const revisionFieldNames = {
  Title: '标题',
  MenuId: '栏目',
  ImageUrl: '封面',
  NewContent: '正文',
  Status: '状态',
  IsTop: '置顶',
  IsMemberRead: '会员可读',
  NewsCreateTime: '发布时间',
  OfflineTime: '下线时间',
  Author: '作者',
} as const;
export type RevisionField = keyof typeof revisionFieldNames;

export const newsRevisionListQuery = pagingQuery.extend({ newsid: idParam });

const version = integer(messages.badParameter, { min: 0 });
/** RestoreNewsRevision: the revision to bring back, and the article's Version the editor saw. */
export const restoreNewsRevisionBody = z.object({ RevisionId: idParam, Version: version });
export type RestoreNewsRevisionBody = z.infer<typeof restoreNewsRevisionBody>;

/** Who saved a revision: an admin (AdminId, AdminAccount) or a member (MemberId, MemberName, the company). */
export interface RevisionAuthorDto {
  AdminId: number | null;
  AdminAccount: string;
  MemberId: number | null;
  MemberName: string;
}

/** A line of GetNewsRevisionList. */
export interface NewsRevisionListItemDto extends RevisionAuthorDto {
  RevisionId: number;
  NewsId: number;
  /** The article's version this save produced. */
  Version: number;
  Kind: RevisionKind;
  /** The fields the save changed, e.g. 标题、正文 ('' for a new article). */
  Summary: string;
  /** A restore: the revision brought back. */
  RestoredFrom: number | null;
  Title: string;
  CreateTime: string;
}

/** GetNewsRevisionList: newest first, with the article's current Version (0 once deleted) for RestoreNewsRevision. */
export interface NewsRevisionListDto {
  List: NewsRevisionListItemDto[];
  TotalCount: number;
  Version: number;
}

/** GetNewsRevision/{id}: a revision whole. */
export interface NewsRevisionDto extends NewsRevisionListItemDto {
  MenuId: number;
  MenuName: string;
  ImageUrl: string;
  /** The body as it was stored (sanitised HTML). */
  NewContent: string;
  Status: number;
  IsTop: boolean;
  IsMemberRead: boolean;
  NewsCreateTime: string;
  OfflineTime: string;
  Author: string;
}

/**
 * Data of Code 409 (文章已被他人修改): Current is the article as it now stands, in a revision's
 * shape (the latest revision's id, who and when; Version the one to save against), Yours what
 * was sent.
 */
export interface NewsConflictDto {
  Current: NewsRevisionDto;
  Yours: SaveNewsBody | RestoreNewsRevisionBody;
}

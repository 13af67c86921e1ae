import { z } from 'zod';
import { messages } from '../messages/index.js';
import { idParam, integer, pagingQuery } from './common.js';
export type { RevisionAuthorDto, NewsRevisionListItemDto, NewsRevisionListDto, NewsRevisionDto, NewsConflictDto } from '../dto/news-revisions.js';

/**
 * Article revisions (历史版本) and the answer to a save from a stale copy (Code 409), shared by
 * the server (features/articles/revisions.ts) and the back office's 文章管理.
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

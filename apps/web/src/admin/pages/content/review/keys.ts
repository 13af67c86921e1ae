import { adminQueryKeys } from '../../../session/queries';

/**
 * Query keys of the review chain. One prefix: a decision, a save that submits an article or a
 * changed flow reloads the lists, the open review, the workbench's summary and the header's
 * notices together.
 */
const all = [...adminQueryKeys.all, 'review'] as const;

export const reviewKeys = {
  all,
  list: (scope: 'mine' | 'all') => [...all, 'list', scope] as const,
  /** The reviews of one article (文章管理's 审批记录). */
  ofArticle: (newsId: number) => [...all, 'article', newsId] as const,
  one: (id: number) => [...all, 'one', id] as const,
  /** A menu's flow, under its id (useEditedRecord). */
  flow: [...all, 'flow'] as const,
  summary: [...all, 'summary'] as const,
  notices: [...all, 'notices'] as const,
};

import { messages } from '@portal/shared';

/** What 文章管理's route tables share: the audit target of articles and the 404 of a missing one. */
export const ARTICLE = '文章';
export const articleMissing = { 404: messages.articleNotFound };

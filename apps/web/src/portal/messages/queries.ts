import { queryOptions } from '@tanstack/react-query';
import { messagesApi } from '../../api/messages';

/** Questions and answers on a page of 在线留言. */
export const PUBLISHED_MESSAGES_PAGE_SIZE = 10;

/** 在线留言's reads (see ../queries.ts). */
export const messageQueries = {
  /** A page of 在线留言's published questions and answers, of those matching a keyword when there is one. */
  publishedMessages: (keyword: string, page: number) => {
    const query = { key: keyword || undefined, pageindex: page, pagesize: PUBLISHED_MESSAGES_PAGE_SIZE };
    return queryOptions({ queryKey: ['publishedMessages', query], queryFn: () => messagesApi.published(query) });
  },
  /** One published question and answer (its own page); not found is the page's answer. */
  publishedMessage: (messageId: number) =>
    queryOptions({ queryKey: ['publishedMessage', messageId], queryFn: () => messagesApi.publishedOne(messageId), retry: false }),
  /** 在线留言's categories and what the site requires of an asker. */
  messageOptions: () => queryOptions({ queryKey: ['messageOptions'], queryFn: messagesApi.options, staleTime: 5 * 60_000 }),
};

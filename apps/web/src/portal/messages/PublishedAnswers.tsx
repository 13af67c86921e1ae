import { useSearchParams } from 'react-router';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { SkeletonRows } from '../../components/Skeleton';
import { EmptyState } from '../content/EmptyState';
import { ListPagination } from '../content/ListPagination';
import { Callout } from '../content/Notices';
import { usePageParam } from '../content/usePageParam';
import { SearchField } from '../layout/SearchField';
import { keywordOf } from '../pageData';
import { PUBLISHED_MESSAGES_PAGE_SIZE, messageQueries } from './queries';
import { AnswerCard } from './AnswerCard';
import styles from './messages.module.css';

/** 留言选登: answered messages the askers let us publish, newest answer first, searchable and paged in the address. */
export function PublishedAnswers() {
  const [params] = useSearchParams();
  const keyword = keywordOf(params);
  const [page] = usePageParam();
  const list = useQuery({ ...messageQueries.publishedMessages(keyword, page), placeholderData: keepPreviousData });
  const total = list.data?.TotalCount ?? 0;
  return (
    <>
      <SearchField key={keyword} initial={keyword} label="搜索留言" action="/messages" className={styles.search} />
      {list.isPending ? (
        <SkeletonRows rows={6} />
      ) : list.isError ? (
        <Callout tone="warning">{list.error.message}</Callout>
      ) : !list.data.List.length ? (
        <EmptyState description={keyword ? `没有与“${keyword}”相关的留言` : '暂无公开的留言答复'} />
      ) : (
        <>
          <p className={styles.summary}>
            {keyword ? `与“${keyword}”相关的留言` : '已公开的留言'}共 {total.toLocaleString('zh-CN')} 条
          </p>
          <ol className={styles.answers}>
            {list.data.List.map((m) => (
              <li key={m.Id}>
                <AnswerCard message={m} keyword={keyword} titled />
              </li>
            ))}
          </ol>
          <ListPagination pageSize={PUBLISHED_MESSAGES_PAGE_SIZE} total={total} />
        </>
      )}
    </>
  );
}

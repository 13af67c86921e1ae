import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { paging } from '@portal/shared';
import { messagesApi } from '../../api/messages';
import { SkeletonRows } from '../../components/Skeleton';
import { EmptyState } from '../content/EmptyState';
import { Callout } from '../content/Notices';
import { Pager } from '../content/Pager';
import { MessageStatus } from './MessageStatus';
import styles from './messages.module.css';

const PAGE_SIZE = 5;

/** 我的留言: the messages the signed-in member left, newest first, each as its 查询码 shows it. */
export function MyMessages() {
  const [page, setPage] = useState<number>(paging.firstPage);
  const list = useQuery({
    queryKey: ['myMessages', page],
    queryFn: () => messagesApi.mine({ pageindex: page, pagesize: PAGE_SIZE }),
    placeholderData: keepPreviousData,
    meta: { browserOnly: true },
  });
  if (list.isPending) return <SkeletonRows rows={5} />;
  if (list.isError) return <Callout tone="warning">{list.error.message}</Callout>;
  if (!list.data.List.length) return <EmptyState description="您还没有留言" />;
  return (
    <>
      <p className={styles.summary}>共 {list.data.TotalCount} 条留言</p>
      <ul className={styles.mine}>
        {list.data.List.map((m) => (
          <li key={m.QueryCode}>
            <MessageStatus message={m} onRated={() => void list.refetch()} />
          </li>
        ))}
      </ul>
      <Pager page={page} pageSize={PAGE_SIZE} total={list.data.TotalCount} label="我的留言分页" onChange={setPage} />
    </>
  );
}

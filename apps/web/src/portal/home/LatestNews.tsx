import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { paging } from '@portal/shared';
import { portalQueries } from '../queries';
import { Section } from './Section';
import { NewsRows } from './NewsRows';
import { HomePager } from './HomePager';
import { useHomeState } from './homeState';

/** 最新资讯: the newest articles of all columns, 10 per page (spec §2 "Home"). */
export function LatestNews({ className }: { className?: string }) {
  const initial = useHomeState();
  const [page, setPage] = useState<number>(initial.latest);
  const list = useQuery({ ...portalQueries.latestNews(page), placeholderData: keepPreviousData });
  return (
    <Section title="最新资讯" className={className}>
      <NewsRows items={list.isError ? [] : list.data?.List} rows={paging.homeNews} showMenu label="最新资讯列表" />
      <HomePager page={page} pageSize={paging.homeNews} total={list.data?.TotalCount ?? 0} onChange={setPage} label="最新资讯分页" field="latest" />
    </Section>
  );
}

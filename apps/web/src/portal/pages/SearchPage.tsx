import { useSearchParams } from 'react-router';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { SkeletonRows } from '../../components/Skeleton';
import { messages, paging, type NewsListItemDto } from '@portal/shared';
import { portalQueries } from '../queries';
import { keywordOf, listPageOf, read, type PageData } from '../pageData';
import { ContentPage, Panel } from '../content/ContentPage';
import { MenuCrumbs } from '../content/MenuCrumbs';
import { ArticleLink } from '../content/ArticleLink';
import { Highlight } from '../content/Highlight';
import { ListPagination } from '../content/ListPagination';
import { EmptyState } from '../content/EmptyState';
import { SearchField } from '../layout/SearchField';
import { Callout } from '../content/Notices';
import { publishDay } from '../content/NewsList';
import { usePageParam } from '../content/usePageParam';
import styles from '../content/content.module.css';
import { usePageTitle } from '../content/usePageTitle';

function SearchResult({ item, keyword }: { item: NewsListItemDto; keyword: string }) {
  return (
    <li className={styles.result}>
      <ArticleLink article={item} className={styles.resultTitle}>
        <Highlight text={item.Title} keyword={keyword} />
      </ArticleLink>
      {item.Summary && (
        <p className={styles.resultSummary}>
          <Highlight text={item.Summary} keyword={keyword} />
        </p>
      )}
      <div className={styles.resultMeta}>
        {item.MenuName && <span>栏目：{item.MenuName}</span>}
        <span>发布时间：{publishDay(item)}</span>
      </div>
    </li>
  );
}

/** How many results a search found; a search lists its first 10,000 matches, and says so when there are more. */
export function SearchSummary({ keyword, total, capped }: { keyword: string; total: number; capped: boolean }) {
  const count = total.toLocaleString('zh-CN');
  return capped ? (
    <p className={styles.searchSummary}>
      与“{keyword}”相关的结果超过 <strong>{count}</strong> 条，以下列出前 {count} 条；请使用更具体的关键词缩小范围
    </p>
  ) : (
    <p className={styles.searchSummary}>
      共找到 <strong>{count}</strong> 条与“{keyword}”相关的结果
    </p>
  );
}

function Results({ keyword }: { keyword: string }) {
  const [page] = usePageParam();
  const results = useQuery({ ...portalQueries.search(keyword, page), placeholderData: keepPreviousData });
  if (results.isPending) return <SkeletonRows rows={8} className={styles.searchLoading} />;
  // A refused key (关键词不能超过50个字) is said once, here, instead of a toast beside 共找到 0 条.
  if (results.isError)
    return (
      <Callout tone="warning" className={styles.searchRefusal}>
        {results.error.message}
      </Callout>
    );
  const total = results.data?.TotalCount ?? 0;
  return (
    <>
      <SearchSummary keyword={keyword} total={total} capped={results.data?.TotalCapped ?? false} />
      {results.data?.List.length ? (
        <>
          <ul className={styles.results}>
            {results.data.List.map((item) => (
              <SearchResult key={item.NewsId} item={item} keyword={keyword} />
            ))}
          </ul>
          <ListPagination pageSize={paging.search} total={total} />
        </>
      ) : (
        <EmptyState />
      )}
    </>
  );
}

/** Search results for ?key= (spec §2 searchKey), with a box to search again. */
export function SearchPage() {
  usePageTitle('站内搜索');
  const [params] = useSearchParams();
  const keyword = keywordOf(params);

  return (
    <ContentPage>
      <Panel title="搜索结果" crumbs={<MenuCrumbs path={[]} tail="搜索结果" />}>
        {/* A new address (header search, back/forward) puts its key back in the box. */}
        <SearchField key={keyword} initial={keyword} label="搜索关键词" className={styles.searchAgain} />
        {keyword ? <Results key={keyword} keyword={keyword} /> : <EmptyState description={messages.keywordRequired} />}
      </Panel>
    </ContentPage>
  );
}

/** /searchKey: a page of results for the keyword, when there is one. */
export const searchData: PageData = ({ params }) => {
  const keyword = keywordOf(params);
  return { queries: keyword ? [read(portalQueries.search(keyword, listPageOf(params)))] : [] };
};

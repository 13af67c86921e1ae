import { useSearchParams } from 'react-router';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { directoryContactFields, type MemberDirectoryItemDto } from '@portal/shared';
import { DIRECTORY_PAGE_SIZE, directoryQueries } from './queries';
import { keywordOf, listPageOf, read, type PageData } from '../pageData';
import { SkeletonRows } from '../../components/Skeleton';
import { ContentPage, Panel } from '../content/ContentPage';
import { EmptyState } from '../content/EmptyState';
import { ListPagination } from '../content/ListPagination';
import { MenuCrumbs } from '../content/MenuCrumbs';
import { Callout } from '../content/Notices';
import { usePageParam } from '../content/usePageParam';
import { usePageTitle } from '../content/usePageTitle';
import { SearchField } from '../layout/SearchField';
import styles from './directory.module.css';

/** A website as a link only when it is one (the server accepts http and https addresses only). */
const siteLink = (url: string) => (/^https?:\/\//i.test(url) ? url : undefined);

function Entry({ member }: { member: MemberDirectoryItemDto }) {
  const contacts = (Object.keys(directoryContactFields) as (keyof typeof directoryContactFields)[]).filter((field) => member[field]);
  const website = siteLink(member.Website);
  return (
    <li className={styles.entry}>
      <div className={styles.name}>{member.MemberName}</div>
      <dl className={styles.facts}>
        <div>
          <dt>会员等级</dt>
          <dd>{member.LevelName || '—'}</dd>
        </div>
        <div>
          <dt>会员编号</dt>
          <dd>{member.MemberNo}</dd>
        </div>
        {member.Region && (
          <div>
            <dt>所在地区</dt>
            <dd>{member.Region}</dd>
          </div>
        )}
        {member.Mainbusiness && (
          <div className={styles.wide}>
            <dt>主营业务</dt>
            <dd>{member.Mainbusiness}</dd>
          </div>
        )}
        {website && (
          <div className={styles.wide}>
            <dt>网址</dt>
            <dd>
              <a href={website} target="_blank" rel="noopener noreferrer nofollow">
                {member.Website}
              </a>
            </dd>
          </div>
        )}
        {contacts.map((field) => (
          <div key={field}>
            <dt>{directoryContactFields[field]}</dt>
            <dd>{member[field]}</dd>
          </div>
        ))}
      </dl>
    </li>
  );
}

function Entries({ keyword }: { keyword: string }) {
  const [page] = usePageParam();
  const list = useQuery({ ...directoryQueries.memberDirectory(keyword, page), placeholderData: keepPreviousData });
  if (list.isPending) return <SkeletonRows rows={6} />;
  // 仅对会员开放，请先登录 / 会员资格已过期 / 未开放: said on the page, where the list would be.
  if (list.isError) return <Callout tone="warning">{list.error.message}</Callout>;
  const total = list.data?.TotalCount ?? 0;
  if (!list.data?.List.length) return <EmptyState description={keyword ? `没有与“${keyword}”相关的会员单位` : '暂无公开的会员单位'} />;
  return (
    <>
      <p className={styles.summary}>共 {total.toLocaleString('zh-CN')} 家会员单位</p>
      <ul className={styles.entries}>
        {list.data.List.map((member) => (
          <Entry key={member.MemberNo} member={member} />
        ))}
      </ul>
      <ListPagination pageSize={DIRECTORY_PAGE_SIZE} total={total} />
    </>
  );
}

/** 会员名录: the member companies that chose to be listed, searchable and paged. */
export function DirectoryPage() {
  usePageTitle('会员名录');
  const [params] = useSearchParams();
  const keyword = keywordOf(params);
  return (
    <ContentPage>
      <Panel title="会员名录" crumbs={<MenuCrumbs path={[]} tail="会员名录" />}>
        <p className={styles.intro}>以下为自愿在名录中公开信息的会员单位；联系方式仅显示会员单位选择公开的部分。</p>
        <SearchField key={keyword} initial={keyword} label="搜索会员单位" action="/directory" className={styles.search} />
        <Entries key={keyword} keyword={keyword} />
      </Panel>
    </ContentPage>
  );
}

/** /directory: a page of 会员名录 (refused to visitors when only members may read it: the refusal is the page's answer). */
export const directoryData: PageData = ({ params }) => ({ queries: [read(directoryQueries.memberDirectory(keywordOf(params), listPageOf(params)))] });

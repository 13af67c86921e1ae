import { lazy, Suspense, useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import type { ElectionPublicationDto } from '@portal/shared';
import { TallySheet } from '../../components/election/TallySheet';
import { SkeletonRows } from '../../components/Skeleton';
import { ContentPage, Panel } from '../content/ContentPage';
import { MenuCrumbs } from '../content/MenuCrumbs';
import { StatusNotice } from '../content/Notices';
import { usePageTitle } from '../content/usePageTitle';
import { useSiteInfo } from '../layout/useSiteInfo';
import { electionOf, read, type PageData } from '../pageData';
import { electionQueries } from './queries';
import { ReceiptCheck } from './ReceiptCheck';
import styles from './elections.module.css';

// Recharts is for the browser, after the numbers: the 计票单's table already holds them all.
const VotesChart = lazy(() => import('./VotesChart').then((m) => ({ default: m.VotesChart })));

/** The chart once the page has hydrated: the server draws none, so the two drawings agree. */
function ChartAfterHydration({ publication }: { publication: ElectionPublicationDto }) {
  const [shown, setShown] = useState(false);
  useEffect(() => setShown(true), []);
  if (!shown) return null;
  return (
    <Suspense fallback={<SkeletonRows rows={3} />}>
      <VotesChart result={publication.Result} />
    </Suspense>
  );
}

function Publication({ electionId, publication: p }: { electionId: number; publication: ElectionPublicationDto }) {
  const issuer = useSiteInfo().data?.Name;
  return (
    <>
      <p className={styles.lead}>
        本次选举已于 {p.Result.ClosedTime} 结束并计票。全部 {p.Result.BallotCount}{' '}
        张选票按随机编号排成哈希链，链头与每张选票的哈希公布如下，任何人都可核对；选票不记录投票人。
      </p>
      <TallySheet result={p.Result} issuer={issuer} />
      <ChartAfterHydration publication={p} />
      <ReceiptCheck electionId={electionId} />
      <details className={styles.hashes}>
        <summary>全部选票哈希（{p.Hashes.length}张，按链的顺序）</summary>
        <p>每个哈希是前一哈希、回执码与所选候选人编号（升序，以逗号分隔）连在一起的 SHA-256；第一张的前一哈希为64个0，最后一个即链头。</p>
        <ol>
          {p.Hashes.map((hash) => (
            <li key={hash}>
              <code>{hash}</code>
            </li>
          ))}
        </ol>
      </details>
    </>
  );
}

/** /election/:id: a closed election's published count, chain head and ballot hashes, and the receipt check. */
export function ElectionResultPage() {
  const electionId = electionOf(useLocation().pathname);
  const publication = useQuery({ ...electionQueries.electionPublication(electionId), enabled: electionId > 0 });
  const title = publication.data ? `${publication.data.Result.Title} 结果公布` : '选举结果公布';
  usePageTitle(title);
  return (
    <ContentPage>
      <Panel title={title} crumbs={<MenuCrumbs path={[]} tail="选举结果公布" />}>
        {publication.data ? (
          <Publication electionId={electionId} publication={publication.data} />
        ) : publication.isError || electionId === 0 ? (
          <StatusNotice title={publication.error?.message ?? '选举不存在或已删除'} text="选举结束并计票后，结果在此公布。" />
        ) : (
          <SkeletonRows rows={8} />
        )}
      </Panel>
    </ContentPage>
  );
}

/** /election/:id: the election's published count and ballot hashes (a refusal is the page's answer). */
export const electionResultData: PageData = ({ pathname }) => {
  const id = electionOf(pathname);
  return { queries: id ? [read(electionQueries.electionPublication(id))] : [] };
};

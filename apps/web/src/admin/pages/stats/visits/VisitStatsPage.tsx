import { useSearchParams } from 'react-router';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Card, Empty, Skeleton } from 'antd';
import { messages, type VisitStatisticsDto } from '@portal/shared';
import { statisticsApi } from '../../../../api/statistics';
import { visitStatsKeys } from './keys';
import { choiceOf, datesOf, paramsOf, type RangeChoice } from './range';
import { RangeBar } from './RangeBar';
import { SummaryCards } from './SummaryCards';
import { VisitCharts } from './VisitCharts';
import { VisitTables } from './VisitTables';
import styles from './visits.module.css';

/** The range chosen, kept in the address so a reload or a link sent to a colleague shows the same days. */
function useRangeChoice(): [RangeChoice, (choice: RangeChoice) => void] {
  const [params, setParams] = useSearchParams();
  return [choiceOf(params), (choice) => setParams(paramsOf(choice), { replace: true })];
}

/** Nothing at all was counted in the range, neither visitors nor robots. */
const isEmpty = (data: VisitStatisticsDto) => data.Total.Views === 0 && data.Total.BotViews === 0;

/**
 * 访问统计 (component stats/visits/index): for a range of days (今天, 昨天, 近7天, 近30天 or 自定义,
 * at most 366), the views, visitors and robots against the period before, the trend and the
 * hours of the day, and ranked tables of articles, menus, pages, referrers, searches (those that
 * found nothing apart), devices, browsers, provinces and robots, each exported on its own.
 * Loaded with its route only, so Recharts stays off the public pages.
 */
export default function VisitStatsPage() {
  const [choice, choose] = useRangeChoice();
  const query = datesOf(choice);
  const stats = useQuery({
    queryKey: visitStatsKeys.range(query),
    queryFn: () => statisticsApi.visits(query),
    placeholderData: keepPreviousData,
  });
  const data = stats.data;
  // Exports ask for the days on screen (the server's answer), even while another range loads.
  const shown = data ? { start: data.Start, end: data.End } : query;

  return (
    <div className={styles.page}>
      <RangeBar choice={choice} onChoose={choose} data={data} refreshing={stats.isFetching} onRefresh={() => void stats.refetch()} />
      <SummaryCards data={data} loading={stats.isPending} />
      {!data ? (
        <Card variant="borderless">{stats.isPending ? <Skeleton active paragraph={{ rows: 8 }} /> : <Empty description={messages.empty} />}</Card>
      ) : isEmpty(data) ? (
        <Card variant="borderless">
          <Empty description={messages.empty} />
        </Card>
      ) : (
        <>
          <VisitCharts data={data} range={shown} />
          <VisitTables data={data} range={shown} />
        </>
      )}
    </div>
  );
}

import { useSearchParams } from 'react-router';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Card, Empty, Skeleton } from 'antd';
import { messages, type VisitStatisticsDto } from '@portal/shared';
import { statisticsApi } from '../../../../api/statistics';
import { visitStatsKeys } from '../shared/keys';
import { choiceOf, datesOf, paramsOf } from './range';
import { RangeBar } from './RangeBar';
import { MonthlyReport } from './report/MonthlyReport';
import { REPORT_PARAM, reportMonthOf } from './report/reportMonth';
import { SummaryCards } from './SummaryCards';
import { VisitCharts } from './VisitCharts';
import { VisitTables } from './VisitTables';
import bar from '../shared/periodBar.module.css';

/** Nothing at all was counted in the range, neither visitors nor robots. */
const isEmpty = (data: VisitStatisticsDto) => data.Total.Views === 0 && data.Total.BotViews === 0;

/**
 * The dashboard: for a range of days (今天, 昨天, 近7天, 近30天 or 自定义, at most 366), the views,
 * visitors and robots against the period before, the trend and the hours of the day, and ranked
 * tables of articles, menus, pages, referrers, searches (those that found nothing apart),
 * devices, browsers, provinces and robots, each exported on its own. The range is kept in the
 * address so a reload or a link sent to a colleague shows the same days.
 */
function VisitDashboard({ params, onParams, onReport }: { params: URLSearchParams; onParams: (params: Record<string, string>) => void; onReport: () => void }) {
  const choice = choiceOf(params);
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
    <div className={bar.page}>
      <RangeBar
        choice={choice}
        onChoose={(c) => onParams(paramsOf(c))}
        data={data}
        refreshing={stats.isFetching}
        onRefresh={() => void stats.refetch()}
        onReport={onReport}
      />
      <SummaryCards current={data?.Total} previous={data?.Previous} loading={stats.isPending} />
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

/**
 * 访问统计 (component stats/visits/index): the dashboard, or with `?report=yyyy-MM` the month's
 * printable report (one page and one permission for both; the dashboard's range stays in the
 * address beside it, for 返回). Loaded with its route only, so Recharts stays off the public pages.
 */
export default function VisitStatsPage() {
  const [params, setParams] = useSearchParams();
  const withReport = (month: string | null) => {
    const next = new URLSearchParams(params);
    if (month === null) next.delete(REPORT_PARAM);
    else next.set(REPORT_PARAM, month);
    return next;
  };
  if (params.has(REPORT_PARAM)) {
    return (
      <MonthlyReport
        month={reportMonthOf(params.get(REPORT_PARAM))}
        onMonth={(month) => setParams(withReport(month), { replace: true })}
        onBack={() => setParams(withReport(null), { replace: true })}
      />
    );
  }
  return (
    <VisitDashboard
      params={params}
      onParams={(next) => setParams(next, { replace: true })}
      // Last month by default: the one an office reports on. A step of its own in the history, so the browser's back returns to the dashboard.
      onReport={() => setParams(withReport(reportMonthOf(null)))}
    />
  );
}

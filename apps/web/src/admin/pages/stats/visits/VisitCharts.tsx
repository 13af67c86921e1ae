import { Col, Row } from 'antd';
import type { VisitStatisticsDto } from '@portal/shared';
import { GroupedBars, TrendLines, type BarSeries, type LineSeries } from '../../../../components/charts';
import { count } from '../shared/figures';
import { StatsCard, type ShownRange } from './RankedCard';

const trendSeries: LineSeries<'Views' | 'Visitors'>[] = [
  { key: 'Views', name: '浏览量' },
  { key: 'Visitors', name: '访客数' },
];
const hourSeries: BarSeries<'Views'>[] = [{ key: 'Views', name: '浏览量' }];

/** A day's yyyy-MM-dd as MM-dd on the axis; a single day's HH:00 as it is. */
const dayTick = (label: string) => (label.length === 10 ? label.slice(5) : label);

/** Every hour of the day, those without a view at 0: the server may leave them out, the chart keeps its 24 bars. */
function hoursOf(hours: VisitStatisticsDto['Hours']) {
  const views = new Map(hours.map((h) => [h.Hour, h.Views]));
  return Array.from({ length: 24 }, (_, hour) => ({ label: `${hour}时`, Views: views.get(hour) ?? 0 }));
}

/** Views and visitors per day, or per hour of a single day: the dashboard's 访问趋势 and the monthly report's; `width` fixed for a printed copy. */
export function TrendChart({ data, width, height }: { data: VisitStatisticsDto; width?: number; height?: number }) {
  const trend = data.Trend.map((p) => ({ label: p.Label, Views: p.Views, Visitors: p.Visitors }));
  const { Views, Visitors } = data.Total;
  return (
    <TrendLines
      data={trend}
      series={trendSeries}
      tick={dayTick}
      width={width}
      height={height}
      label={`访问趋势：浏览量 ${count(Views)} 次，访客数 ${count(Visitors)} 人`}
    />
  );
}

/** 访问趋势 (views and visitors per day, or per hour of a single day) beside 时段分布 (views by hour of day over the range). */
export function VisitCharts({ data, range }: { data: VisitStatisticsDto; range: ShownRange }) {
  const { Views } = data.Total;
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} xl={15}>
        <StatsCard title={data.Start === data.End ? '访问趋势（按小时）' : '访问趋势（按天）'} table="trend" range={range}>
          <TrendChart data={data} />
        </StatsCard>
      </Col>
      <Col xs={24} xl={9}>
        <StatsCard title="时段分布" table="hours" range={range}>
          <GroupedBars data={hoursOf(data.Hours)} series={hourSeries} label={`各时段浏览量，共 ${count(Views)} 次`} />
        </StatsCard>
      </Col>
    </Row>
  );
}

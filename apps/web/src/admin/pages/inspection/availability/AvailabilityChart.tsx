import type { AvailabilityReportDto } from '@portal/shared';
import { TwoScales } from '../../../../components/charts';
import { combined } from './figures';

/** The lowest uptime drawn: the line's scale starts lower only when a day was worse. */
const UPTIME_FLOOR = 90;

/** Each day's uptime (line, %) and average response time (bars, ms), both ways together. */
export function AvailabilityChart({ data }: { data: AvailabilityReportDto }) {
  const points = data.Daily.map((d) => {
    const day = combined(d.Local, d.Public);
    return { label: d.Day, line: day.uptime, bars: day.averageMs };
  });
  const lowest = Math.min(UPTIME_FLOOR, ...points.map((p) => p.line ?? 100));
  return (
    <TwoScales
      data={points}
      line={{ name: '可用率', unit: '%', domain: [Math.floor(lowest / 10) * 10, 100] }}
      bars={{ name: '平均响应时间', unit: 'ms' }}
      tick={(day) => day.slice(5)}
      label={`最近 ${data.Days} 天每天的可用率与平均响应时间`}
    />
  );
}

import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { colors } from '../../theme';
import { roundTicks } from './AreaByDay';
import { axis, gridStroke, seriesColor } from './palette';

export interface LineSeries<K extends string> {
  key: K;
  /** The series' name in the legend and tooltip. */
  name: string;
}

interface TrendLinesProps<K extends string> {
  /** One point a row: its label (a day, an hour) and a count per series. */
  data: ({ label: string } & Record<K, number>)[];
  series: LineSeries<K>[];
  /** The chart's accessible name, stating the totals (访问趋势：浏览量 120 次，访客数 45 人). */
  label: string;
  /** How a point's label reads on the axis (a day's yyyy-MM-dd as MM-dd, to leave room). */
  tick?: (label: string) => string;
  height?: number;
  /** A fixed width in pixels, for a copy drawn while hidden (a printed report); by default the container's. */
  width?: number;
}

/**
 * Several counts over time as lines on one scale (a site's views and visitors per day or hour),
 * in the series colours; hovering a point shows every series there. Dots are drawn while there
 * are few enough points to tell apart: a single day's hours, a week, a month.
 */
export function TrendLines<K extends string>({ data, series, label, tick = (l) => l, height = 300, width }: TrendLinesProps<K>) {
  const ticks = roundTicks(Math.max(0, ...data.flatMap((d) => series.map((s) => d[s.key]))));
  const dots = data.length <= 31;
  return (
    <div role="figure" aria-label={label}>
      <ResponsiveContainer width={width ?? '100%'} height={height}>
        <LineChart data={data} margin={{ top: 16, right: 16, bottom: 4, left: 0 }} accessibilityLayer>
          <CartesianGrid stroke={gridStroke} vertical={false} />
          <XAxis dataKey="label" tickFormatter={tick} tick={axis.tick} stroke={axis.stroke} minTickGap={16} />
          <YAxis domain={[0, ticks[ticks.length - 1]!]} ticks={ticks} interval={0} allowDecimals={false} tick={axis.tick} stroke={axis.stroke} width={44} />
          <Tooltip labelStyle={{ color: colors.text }} />
          {/* In the series' order, not sorted by name. */}
          <Legend itemSorter={null} wrapperStyle={{ fontSize: 13, color: colors.text }} />
          {series.map((s, i) => (
            <Line
              key={s.key}
              type="monotone"
              dataKey={s.key}
              name={s.name}
              stroke={seriesColor(i)}
              strokeWidth={2}
              dot={dots ? { r: 3 } : false}
              isAnimationActive={false}
            />
          ))}
        </LineChart>
      </ResponsiveContainer>
    </div>
  );
}

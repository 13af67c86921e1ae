import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { colors } from '../../theme';
import { roundTicks } from './AreaByDay';
import { axis, gridStroke, seriesColor } from './palette';

export interface BarSeries<K extends string> {
  key: K;
  /** The series' name in the legend and tooltip. */
  name: string;
}

interface GroupedBarsProps<K extends string> {
  /** One group a row: its label and a count per series. */
  data: ({ label: string } & Record<K, number>)[];
  series: BarSeries<K>[];
  /** The chart's accessible name, e.g. 每月留言办理情况. */
  label: string;
  height?: number;
}

/** Several counts per group side by side (a month's received, answered, overdue), in the series colours. */
export function GroupedBars<K extends string>({ data, series, label, height = 300 }: GroupedBarsProps<K>) {
  const ticks = roundTicks(Math.max(0, ...data.flatMap((d) => series.map((s) => d[s.key]))));
  return (
    <div role="figure" aria-label={label}>
      <ResponsiveContainer width="100%" height={height}>
        <BarChart data={data} margin={{ top: 16, right: 16, bottom: 4, left: 0 }} accessibilityLayer>
          <CartesianGrid stroke={gridStroke} vertical={false} />
          <XAxis dataKey="label" tick={axis.tick} stroke={axis.stroke} />
          <YAxis domain={[0, ticks[ticks.length - 1]!]} ticks={ticks} interval={0} allowDecimals={false} tick={axis.tick} stroke={axis.stroke} width={44} />
          <Tooltip cursor={{ fill: colors.primaryLight }} labelStyle={{ color: colors.text }} />
          {/* In the series' order, not sorted by name. */}
          <Legend itemSorter={null} wrapperStyle={{ fontSize: 13, color: colors.text }} />
          {series.map((s, i) => (
            <Bar key={s.key} dataKey={s.key} name={s.name} fill={seriesColor(i)} maxBarSize={24} isAnimationActive={false} />
          ))}
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}

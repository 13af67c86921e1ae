import { Bar, CartesianGrid, ComposedChart, Legend, Line, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { colors } from '../../theme';
import { axis, gridStroke, seriesColor } from './palette';

interface TwoScalesProps {
  /** One point a row: its label (a day) and the two values, null where there is none. */
  data: { label: string; line: number | null; bars: number | null }[];
  /** The line's name and unit, read on the left axis (可用率, %), and its range. */
  line: { name: string; unit: string; domain: [number, number] };
  /** The bars' name and unit, read on the right axis (平均响应时间, ms). */
  bars: { name: string; unit: string };
  /** The chart's accessible name, stating what it shows. */
  label: string;
  tick?: (label: string) => string;
  height?: number;
}

/** Five even steps across the line's range (90, 92 … 100), not the odd ones Recharts picks for a narrow range. */
const evenTicks = ([low, high]: [number, number]) => Array.from({ length: 6 }, (_, i) => low + ((high - low) * i) / 5);

/**
 * Two measures of different units over the same days: a line on the left scale and bars on the
 * right (a site's uptime in percent and its response time in milliseconds). A day without a
 * value leaves a gap rather than drawing a zero.
 */
export function TwoScales({ data, line, bars, label, tick = (l) => l, height = 300 }: TwoScalesProps) {
  return (
    <div role="figure" aria-label={label}>
      <ResponsiveContainer width="100%" height={height}>
        <ComposedChart data={data} margin={{ top: 16, right: 4, bottom: 4, left: 0 }} accessibilityLayer>
          <CartesianGrid stroke={gridStroke} vertical={false} />
          <XAxis dataKey="label" tickFormatter={tick} tick={axis.tick} stroke={axis.stroke} minTickGap={16} />
          <YAxis
            yAxisId="line"
            domain={line.domain}
            ticks={evenTicks(line.domain)}
            interval={0}
            unit={line.unit}
            tick={axis.tick}
            stroke={axis.stroke}
            width={52}
          />
          <YAxis yAxisId="bars" orientation="right" unit={bars.unit} allowDecimals={false} tick={axis.tick} stroke={axis.stroke} width={60} />
          <Tooltip
            labelStyle={{ color: colors.text }}
            formatter={(value, name) => [`${String(value)}${name === line.name ? line.unit : ` ${bars.unit}`}`, name]}
          />
          <Legend itemSorter={null} wrapperStyle={{ fontSize: 13, color: colors.text }} />
          <Bar yAxisId="bars" dataKey="bars" name={bars.name} fill={seriesColor(1)} fillOpacity={0.55} maxBarSize={18} isAnimationActive={false} />
          <Line
            yAxisId="line"
            type="monotone"
            dataKey="line"
            name={line.name}
            stroke={seriesColor(0)}
            strokeWidth={2}
            dot={{ r: 3 }}
            isAnimationActive={false}
          />
        </ComposedChart>
      </ResponsiveContainer>
    </div>
  );
}

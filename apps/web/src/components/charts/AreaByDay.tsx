import { Area, AreaChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { colors } from '../../theme';
import { axis, gridStroke } from './palette';

export interface DayValue {
  /** yyyy-MM-dd */
  Day: string;
  Count: number;
}

interface AreaByDayProps {
  data: DayValue[];
  /** What is counted, for the tooltip and the chart's label: 次访问, 份提交… */
  unit: string;
  /** The chart's accessible name, e.g. 近30天访问量. */
  label: string;
  height?: number;
}

/** Round y-axis ticks for counts: steps of 1, 2 or 5 times a power of ten (at least 1), from 0 past the largest count. */
export function roundTicks(max: number, count = 4): number[] {
  const raw = Math.max(max, 1) / count;
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = Math.max(1, ([1, 2, 5, 10].find((m) => m * power >= raw) ?? 10) * power);
  return Array.from({ length: count + 1 }, (_, i) => i * step);
}

/** A count per day as a filled line; hovering a day shows its date and count. */
export function AreaByDay({ data, unit, label, height = 260 }: AreaByDayProps) {
  const total = data.reduce((sum, d) => sum + d.Count, 0);
  const ticks = roundTicks(Math.max(0, ...data.map((d) => d.Count)));
  return (
    <div role="figure" aria-label={`${label}，共 ${total} ${unit}`}>
      <ResponsiveContainer width="100%" height={height}>
        <AreaChart data={data} margin={{ top: 16, right: 16, bottom: 4, left: 0 }} accessibilityLayer>
          <defs>
            <linearGradient id="area-by-day-fill" x1="0" y1="0" x2="0" y2="1">
              <stop offset="0" stopColor={colors.primary} stopOpacity={0.28} />
              <stop offset="1" stopColor={colors.primary} stopOpacity={0.02} />
            </linearGradient>
          </defs>
          <CartesianGrid stroke={gridStroke} vertical={false} />
          <XAxis dataKey="Day" tickFormatter={(day: string) => day.slice(5)} tick={axis.tick} stroke={axis.stroke} minTickGap={24} />
          <YAxis domain={[0, ticks[ticks.length - 1]!]} ticks={ticks} interval={0} allowDecimals={false} tick={axis.tick} stroke={axis.stroke} width={44} />
          <Tooltip formatter={(value) => [`${String(value)} ${unit}`, '']} separator="" labelStyle={{ color: colors.text }} />
          <Area type="monotone" dataKey="Count" stroke={colors.primary} strokeWidth={2} fill="url(#area-by-day-fill)" isAnimationActive={false} />
        </AreaChart>
      </ResponsiveContainer>
    </div>
  );
}

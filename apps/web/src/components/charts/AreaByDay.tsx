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

/** A count per day as a filled line; hovering a day shows its date and count. */
export function AreaByDay({ data, unit, label, height = 260 }: AreaByDayProps) {
  const total = data.reduce((sum, d) => sum + d.Count, 0);
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
          <YAxis allowDecimals={false} tick={axis.tick} stroke={axis.stroke} width={44} />
          <Tooltip formatter={(value) => [`${String(value)} ${unit}`, '']} separator="" labelStyle={{ color: colors.text }} />
          <Area type="monotone" dataKey="Count" stroke={colors.primary} strokeWidth={2} fill="url(#area-by-day-fill)" isAnimationActive={false} />
        </AreaChart>
      </ResponsiveContainer>
    </div>
  );
}

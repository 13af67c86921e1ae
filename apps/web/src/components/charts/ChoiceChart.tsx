import { Bar, BarChart, CartesianGrid, Cell, Legend, Pie, PieChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { colors } from '../../theme';
import { axis, gridStroke, seriesColor } from './palette';

export interface ChoiceCount {
  /** The choice as the question offers it. */
  label: string;
  count: number;
}

interface ChoiceChartProps {
  data: ChoiceCount[];
  /** The chart's accessible name: the question's title. */
  label: string;
  /** Bars (the default, any number of choices) or a pie (few choices, parts of one whole). */
  kind?: 'bar' | 'pie';
  /** What one count is: 票, 人, 次… */
  unit?: string;
  /**
   * The whole each share is of, when it is not the counts' sum: those who answered a question
   * where one may pick several, or an election's ballots cast (a ballot names several or none).
   */
  total?: number;
  /** A fixed width in pixels, for a copy drawn while hidden (a printed summary); by default the container's. */
  width?: number;
}

const percent = (count: number, total: number) => (total ? `${((count * 100) / total).toFixed(1)}%` : '0%');

/**
 * The counts of a question's choices (a form's results, an election's votes). Bars are
 * horizontal so long Chinese choices stay readable on a phone; each shows its count and share.
 */
export function ChoiceChart({ data, label, kind = 'bar', unit = '', total = data.reduce((sum, d) => sum + d.count, 0), width }: ChoiceChartProps) {
  const across = width ?? '100%';
  const tooltip = (value: unknown) => [`${String(value)}${unit}（${percent(Number(value), total)}）`, ''] as [string, string];
  if (kind === 'pie') {
    return (
      <div role="figure" aria-label={label}>
        <ResponsiveContainer width={across} height={280}>
          <PieChart accessibilityLayer>
            <Pie data={data} dataKey="count" nameKey="label" outerRadius="75%" isAnimationActive={false} label={({ value }) => percent(Number(value), total)}>
              {data.map((d, i) => (
                <Cell key={d.label} fill={seriesColor(i)} />
              ))}
            </Pie>
            <Tooltip formatter={tooltip} separator="" />
            <Legend wrapperStyle={{ fontSize: 13, color: colors.text }} />
          </PieChart>
        </ResponsiveContainer>
      </div>
    );
  }
  // Room for the labels: a row per choice, and the longest label's width up to a third of the chart.
  const longest = Math.max(2, ...data.map((d) => d.label.length));
  return (
    <div role="figure" aria-label={label}>
      <ResponsiveContainer width={across} height={Math.max(120, data.length * 40 + 40)}>
        <BarChart data={data} layout="vertical" margin={{ top: 8, right: 56, bottom: 8, left: 8 }} accessibilityLayer>
          <CartesianGrid stroke={gridStroke} horizontal={false} />
          <XAxis type="number" allowDecimals={false} tick={axis.tick} stroke={axis.stroke} />
          <YAxis type="category" dataKey="label" width={Math.min(14 * longest + 12, 220)} tick={axis.tick} stroke={axis.stroke} interval={0} />
          <Tooltip formatter={tooltip} separator="" cursor={{ fill: colors.primaryLight }} />
          <Bar
            dataKey="count"
            isAnimationActive={false}
            maxBarSize={28}
            label={{
              position: 'right',
              fill: colors.text,
              fontSize: 12,
              formatter: (value: unknown) => `${String(value)}（${percent(Number(value), total)}）`,
            }}
          >
            {data.map((d, i) => (
              <Cell key={d.label} fill={seriesColor(i)} />
            ))}
          </Bar>
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}

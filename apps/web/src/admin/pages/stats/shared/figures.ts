/** How a figure moved against an earlier period (the previous one of the same length, or the previous month), as the summary cards say it. */
export interface Change {
  /** up / down / flat; none when the earlier period had nothing to compare with. */
  trend: 'up' | 'down' | 'flat' | 'none';
  text: string;
}

/**
 * “较上一周期 ↑12.5%” (`against` names the earlier period: 上一周期, 上月); growth from a previous 0
 * has no percentage (it would be infinite), only a neutral line.
 */
export function changeOf(current: number, previous: number, against = '上一周期'): Change {
  if (current === previous) return { trend: 'flat', text: `较${against} 持平` };
  if (previous === 0) return { trend: 'none', text: `${against}无访问，不计增减` };
  const percent = (Math.abs(current - previous) * 100) / previous;
  const up = current > previous;
  return { trend: up ? 'up' : 'down', text: `较${against} ${up ? '↑' : '↓'}${percent.toFixed(1)}%` };
}

/** A count as the office reads it: 12,345. */
export const count = (n: number) => n.toLocaleString('zh-CN');

/** A part of a whole as a percentage with one decimal; 0% of nothing. */
export const share = (part: number, whole: number) => (whole > 0 ? `${((part * 100) / whole).toFixed(1)}%` : '0%');

import { cstDate } from '@portal/shared';

/**
 * Months as the server takes them, yyyy-MM in China Standard Time: 编辑工作量's range and the
 * monthly report's month. Counted as whole numbers (year × 12 + month), not with Date, so no time
 * zone or month length can shift one.
 */

/** A real month spelt yyyy-MM (not 2026-13, nor 2026-1). */
export const isMonth = (value: string | null): value is string => value !== null && /^\d{4}-(0[1-9]|1[0-2])$/.test(value);

/** This month in China Standard Time. */
export const cstMonth = () => cstDate().slice(0, 7);

const indexOf = (month: string) => Number(month.slice(0, 4)) * 12 + Number(month.slice(5, 7)) - 1;

/** The month `n` months after `month` (before it, when n is negative). */
export function addMonths(month: string, n: number): string {
  const index = indexOf(month) + n;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}

/** A month as the office writes it: 2026年10月. */
export const monthTitle = (month: string) => `${month.slice(0, 4)}年${Number(month.slice(5, 7))}月`;

/** The last day of a month, yyyy-MM-dd. */
export function lastDayOf(month: string): string {
  const days = new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)), 0)).getUTCDate();
  return `${month}-${String(days).padStart(2, '0')}`;
}

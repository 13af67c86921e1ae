/**
 * Calendar dates of the membership cycle, `yyyy-MM-dd` (the CST day, as every date here).
 * Computed on the UTC calendar, which has no daylight saving to skew a day.
 */

const toUtc = (day: string) => Date.parse(`${day}T00:00:00Z`);
const fromUtc = (ms: number) => new Date(ms).toISOString().slice(0, 10);

export const addDays = (day: string, days: number) => fromUtc(toUtc(day) + days * 86_400_000);

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export const daysBetween = (from: string, to: string) => Math.round((toUtc(to) - toUtc(from)) / 86_400_000);

/** The same day `years` later; 29 February becomes 28 February in a common year. */
export function addYears(day: string, years: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const target = new Date(Date.UTC(y + years, m - 1, d));
  // Date.UTC rolls 2027-02-29 over to 2027-03-01: step back to the month's last day.
  if (target.getUTCMonth() !== m - 1) target.setUTCDate(0);
  return fromUtc(target.getTime());
}

export const laterDay = (a: string, b: string) => (a > b ? a : b);

/** The months from `start` to `end` (yyyy-MM), both included; none when `end` is earlier. */
export function monthsBetween(start: string, end: string): string[] {
  const out: string[] = [];
  for (let [y, m] = start.split('-').map(Number) as [number, number]; `${y}-${String(m).padStart(2, '0')}` <= end; m === 12 ? ((y += 1), (m = 1)) : (m += 1))
    out.push(`${y}-${String(m).padStart(2, '0')}`);
  return out;
}

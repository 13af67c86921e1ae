import { AVAILABILITY_FAILURE_THRESHOLD, AVAILABILITY_WINDOW_DAYS, cstDate, formatCst, HOME_PATH, type AvailabilityVia } from '@portal/shared';
import type { Database } from '../../db/connection.js';
import type { Probe } from './availability.js';

/** 可用性监测's figures (docs/inspection.md): read from the stored probes when the page asks. */

const DAY_MS = 86_400_000;
/** The failures listed, newest first. */
const FAILURES_LISTED = 50;

export interface Figures {
  probes: number;
  failures: number;
  /** Ok probes in percent, two decimals; null without probes. */
  uptime: number | null;
  /** Of the ok probes' times: a failure's time is its timeout or nothing. */
  averageMs: number | null;
  p95Ms: number | null;
}

export type ByVia = Record<AvailabilityVia, Figures>;

export interface AvailabilityReport {
  checkedAt: string;
  days: number;
  daily: ({ day: string } & ByVia)[];
  total: ByVia;
  week: { homeProbes: number; homeFailures: number; failing: boolean };
  failures: Probe[];
  lastProbeAt: string | null;
}

/** The 95th percentile by nearest rank of times sorted ascending. */
const p95 = (sorted: readonly number[]) => sorted[Math.ceil(sorted.length * 0.95) - 1]!;

export function figuresOf(probes: readonly Pick<Probe, 'ok' | 'ms'>[]): Figures {
  const times = probes
    .filter((p) => p.ok)
    .map((p) => p.ms)
    .sort((a, b) => a - b);
  const failures = probes.length - times.length;
  return {
    probes: probes.length,
    failures,
    uptime: probes.length === 0 ? null : Math.round((times.length / probes.length) * 10_000) / 100,
    averageMs: times.length === 0 ? null : Math.round(times.reduce((n, ms) => n + ms, 0) / times.length),
    p95Ms: times.length === 0 ? null : p95(times),
  };
}

const byVia = (probes: readonly Probe[]): ByVia => ({
  local: figuresOf(probes.filter((p) => p.via === 'local')),
  public: figuresOf(probes.filter((p) => p.via === 'public')),
});

/**
 * The inspection's week (today and the six days before): the rounds in which the home page could
 * not be reached. A round probes it locally and at the public address at one time; failing either
 * way it is one failure, not two, as an inspector asking then would have met one.
 */
function homeWeek(probes: readonly Probe[], from: string) {
  const home = probes.filter((p) => p.target === HOME_PATH && p.at >= from);
  const rounds = new Set(home.map((p) => p.at));
  const failed = new Set(home.filter((p) => !p.ok).map((p) => p.at));
  return { homeProbes: rounds.size, homeFailures: failed.size, failing: failed.size >= AVAILABILITY_FAILURE_THRESHOLD };
}

const probeOf = (r: { at: string; target: string; via: AvailabilityVia; ok: number; status: number; ms: number; problem: string }): Probe => ({
  ...r,
  ok: r.ok === 1,
});

/** The last `days` days (today included) by day and way, the week's home-page failures, the latest failures. */
export async function availabilityReport({ db }: Database, now: number, days: number): Promise<AvailabilityReport> {
  const dayList = Array.from({ length: days }, (_, i) => cstDate(now - (days - 1 - i) * DAY_MS));
  const weekFrom = `${cstDate(now - (AVAILABILITY_WINDOW_DAYS - 1) * DAY_MS)} 00:00:00`;
  const rangeFrom = `${dayList[0]} 00:00:00`;
  const from = weekFrom < rangeFrom ? weekFrom : rangeFrom;
  const [rows, last] = await Promise.all([
    db
      .selectFrom('availability_probes')
      .select(['at', 'target', 'via', 'ok', 'status', 'ms', 'problem'])
      .where('at', '>=', from)
      .orderBy('at')
      .orderBy('id')
      .execute(),
    db
      .selectFrom('availability_probes')
      .select((eb) => eb.fn.max('at').as('at'))
      .executeTakeFirst(),
  ]);
  const probes = rows.map(probeOf);
  const inRange = probes.filter((p) => p.at >= rangeFrom);
  const perDay = new Map<string, Probe[]>(dayList.map((d) => [d, []]));
  for (const p of inRange) perDay.get(p.at.slice(0, 10))?.push(p);
  return {
    checkedAt: formatCst(now),
    days,
    daily: dayList.map((day) => ({ day, ...byVia(perDay.get(day)!) })),
    total: byVia(inRange),
    week: homeWeek(probes, weekFrom),
    failures: inRange
      .filter((p) => !p.ok)
      .slice(-FAILURES_LISTED)
      .reverse(),
    lastProbeAt: last?.at ?? null,
  };
}

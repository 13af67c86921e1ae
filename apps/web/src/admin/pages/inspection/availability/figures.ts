import type { AvailabilityFiguresDto } from '@portal/shared';

/** Both ways' figures as one: the site's uptime and the ok probes' average time, however it was reached. */
export function combined(...ways: AvailabilityFiguresDto[]): { probes: number; failures: number; uptime: number | null; averageMs: number | null } {
  const probes = ways.reduce((n, w) => n + w.Probes, 0);
  const failures = ways.reduce((n, w) => n + w.Failures, 0);
  const timed = ways.filter((w) => w.AverageMs !== null);
  const okCount = timed.reduce((n, w) => n + w.Probes - w.Failures, 0);
  return {
    probes,
    failures,
    uptime: probes === 0 ? null : Math.round(((probes - failures) / probes) * 10_000) / 100,
    averageMs: okCount === 0 ? null : Math.round(timed.reduce((n, w) => n + w.AverageMs! * (w.Probes - w.Failures), 0) / okCount),
  };
}

import {
  AVAILABILITY_FAILURE_THRESHOLD,
  availabilityMessages,
  availabilityQuery,
  availabilityReportDto,
  availabilityRoundDto,
  HOME_PATH,
  type AvailabilityFiguresDto,
  type AvailabilityProbeDto,
  type AvailabilityReportDto,
} from '@portal/shared';
import type { App } from '../../http/app-types.js';
import { ok } from '../../http/envelope.js';
import { adminWrite, requireAdmin } from '../system/auth/guard.js';
import { probeNow, type Probe } from './availability.js';
import { availabilityReport, type AvailabilityReport, type ByVia, type Figures } from './availability-report.js';

const docs = { tags: ['inspection (back office)'] };
/** The range shown when the page names none. */
const DEFAULT_DAYS = 30;

export const probeDto = (p: Probe): AvailabilityProbeDto => ({
  At: p.at,
  Page: p.target === HOME_PATH ? 'home' : 'list',
  Target: p.target,
  Via: p.via,
  Ok: p.ok,
  Status: p.status,
  Ms: p.ms,
  Problem: p.problem,
});

const figuresDto = (f: Figures): AvailabilityFiguresDto => ({
  Probes: f.probes,
  Failures: f.failures,
  Uptime: f.uptime,
  AverageMs: f.averageMs,
  P95Ms: f.p95Ms,
});
const byViaDto = (v: ByVia) => ({ Local: figuresDto(v.local), Public: figuresDto(v.public) });

function toDto(r: AvailabilityReport, everyMinutes: number, probesPublic: boolean): AvailabilityReportDto {
  return {
    CheckedAt: r.checkedAt,
    Days: r.days,
    Daily: r.daily.map((d) => ({ Day: d.day, ...byViaDto(d) })),
    Total: byViaDto(r.total),
    Week: { HomeProbes: r.week.homeProbes, HomeFailures: r.week.homeFailures, Threshold: AVAILABILITY_FAILURE_THRESHOLD, Failing: r.week.failing },
    Failures: r.failures.map(probeDto),
    LastProbeAt: r.lastProbeAt,
    EveryMinutes: everyMinutes,
    ProbesPublic: probesPublic,
  };
}

/** 可用性监测 (网站检查, docs/inspection.md): the probes' figures, and a probe now. */
export async function availabilityAdmin(app: App): Promise<void> {
  const { database, config, now } = app.services;

  app.get(
    '/GetAvailability',
    {
      onRequest: requireAdmin('inspection:availability'),
      schema: {
        ...docs,
        summary:
          '可用性监测：最近 days 天（1–90，默认30）每天的检测次数、失败次数、可用率、平均与 P95 响应时间（本机与公网地址分列），近7天首页无法访问次数（15次及以上为单项否决），最近50条失败记录及最近检测时间',
        querystring: availabilityQuery,
        'x-data': availabilityReportDto,
        'x-codes': { 400: availabilityMessages.daysInvalid },
      },
    },
    async (request) => {
      const report = await availabilityReport(database, now(), request.query.days ?? DEFAULT_DAYS);
      return ok(toDto(report, config.availability.probeMinutes, Boolean(config.publicBaseUrl)));
    },
  );

  app.post(
    '/ProbeAvailability',
    {
      onRequest: requireAdmin('inspection:availability:probe'),
      schema: {
        ...docs,
        summary: '立即检测：通过 HTTP 访问首页和一个列表页（本机地址，及设置了 PUBLIC_BASE_URL 时的公网地址），记录并返回结果；已有检测在进行时返回该次的结果',
        'x-data': availabilityRoundDto,
      },
    },
    async (request) => {
      const round = await adminWrite(
        request,
        {
          action: 'inspection:availability:probe',
          target: '可用性监测',
          detail: (r) => r.probes.map((p) => `${p.via} ${p.target} ${p.ok ? `${p.ms}ms` : p.problem}`).join('；'),
        },
        () => probeNow({ database, config, now, server: app.server }),
      );
      const failures = round.probes.filter((p) => !p.ok).length;
      const message = round.probes.length === 0 ? availabilityMessages.nothingToProbe : availabilityMessages.probed(failures);
      return ok({ At: round.at, Probes: round.probes.map(probeDto) }, message);
    },
  );
}

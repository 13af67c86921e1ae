import { Alert } from 'antd';
import { ClockCircleOutlined, DashboardOutlined, HomeOutlined, ThunderboltOutlined } from '@ant-design/icons';
import type { AvailabilityReportDto } from '@portal/shared';
import { FigureCard, verdictTone as tone } from '../../stats/shared/FigureCard';
import { combined } from './figures';
import styles from './availability.module.css';
import figureCard from '../../../shared/figureCard.module.css';

/** 近7天首页无法访问 against the 15, the range's uptime and average time, and the last probe's time. */
export function AvailabilityCards({ data, loading }: { data: AvailabilityReportDto | undefined; loading: boolean }) {
  const week = data?.Week;
  const total = data && combined(data.Total.Local, data.Total.Public);
  const days = data?.Days ?? 30;
  return (
    <div className={figureCard.figures}>
      <FigureCard
        icon={<HomeOutlined />}
        tone={tone(Boolean(week?.Failing))}
        label="近7天首页无法访问"
        value={week?.HomeFailures}
        unit={`次 / ${week?.Threshold ?? 15}`}
        loading={loading}
      >
        {week && <div className={figureCard.note}>{week.Failing ? <span className={styles.bad}>已达单项否决</span> : `共检测 ${week.HomeProbes} 轮`}</div>}
      </FigureCard>
      <FigureCard
        icon={<DashboardOutlined />}
        tone={tone(total?.uptime != null && total.uptime < 99)}
        label={`${days}天可用率`}
        value={total?.uptime ?? undefined}
        unit="%"
        loading={loading}
      >
        {total && <div className={figureCard.note}>{`检测 ${total.probes} 次，失败 ${total.failures} 次`}</div>}
      </FigureCard>
      <FigureCard icon={<ThunderboltOutlined />} tone={tone(false)} label="平均响应时间" value={total?.averageMs ?? undefined} unit="毫秒" loading={loading}>
        <div className={figureCard.note}>成功的检测，整页读完</div>
      </FigureCard>
      <div className={styles.lastProbe}>
        <FigureCard icon={<ClockCircleOutlined />} tone={tone(false)} label="最近检测" value={undefined} unit="" loading={loading}>
          {data && (
            <div className={figureCard.note}>
              <strong className={styles.time}>{data.LastProbeAt ?? '尚未检测'}</strong>
              <span>{data.EveryMinutes > 0 ? `每 ${data.EveryMinutes} 分钟检测一次` : '定时检测已关闭'}</span>
            </div>
          )}
        </FigureCard>
      </div>
    </div>
  );
}

/** 单项否决 in red once the week's home-page failures reach the threshold; a warning on the way there. */
export function AvailabilityVerdict({ data }: { data: AvailabilityReportDto }) {
  const { HomeFailures, Threshold, Failing } = data.Week;
  if (Failing)
    return (
      <Alert
        type="error"
        showIcon
        title={`单项否决：近7天首页无法访问 ${HomeFailures} 次`}
        description={`检查指标规定，监测一周内首页无法访问累计 ${Threshold} 次及以上即单项否决。请检查服务器、网络与域名解析，并查看下方的失败记录。`}
      />
    );
  return HomeFailures > 0 ? <Alert type="warning" showIcon title={`近7天首页无法访问 ${HomeFailures} 次，达到 ${Threshold} 次即单项否决`} /> : null;
}

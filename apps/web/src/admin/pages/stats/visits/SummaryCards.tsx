import type { ReactNode } from 'react';
import { Card, Col, Row } from 'antd';
import { EyeOutlined, RobotOutlined, TeamOutlined } from '@ant-design/icons';
import type { VisitFiguresDto, VisitStatisticsDto } from '@portal/shared';
import { changeOf, count } from './figures';
import figureCard from '../../../shared/figureCard.module.css';
import styles from './visits.module.css';

interface FigureProps {
  icon: ReactNode;
  tone: string;
  label: string;
  unit: string;
  current: number | undefined;
  previous: number | undefined;
  /** Whether more is better (views, visitors): the change is coloured then; robots' is not. */
  judged: boolean;
  loading: boolean;
}

/** One figure of the range, drawn as the workbench's, with how it moved against the previous period and that period's own figure. */
function Figure({ icon, tone, label, unit, current, previous, judged, loading }: FigureProps) {
  const change = current !== undefined && previous !== undefined ? changeOf(current, previous) : undefined;
  const colour = change && judged && (change.trend === 'up' || change.trend === 'down') ? styles[change.trend] : styles.neutral;
  return (
    <Card variant="borderless" className={figureCard.card} loading={loading} role="group" aria-label={label}>
      <span className={figureCard.icon} style={{ background: tone }} aria-hidden>
        {icon}
      </span>
      <div>
        <div className={styles.figureLabel}>{label}</div>
        <div className={styles.figureValue}>
          {current === undefined ? '—' : count(current)}
          <span className={styles.figureUnit}>{unit}</span>
        </div>
        <div className={styles.figureChange}>
          <span className={colour}>{change?.text ?? '—'}</span>
          {/* A previous 0 is already said by the change's line. */}
          {previous !== undefined && change?.trend !== 'none' && <span className={styles.previous}>上一周期：{count(previous)}</span>}
        </div>
      </div>
    </Card>
  );
}

const figures: { key: keyof VisitFiguresDto; icon: ReactNode; tone: string; label: string; unit: string; judged: boolean }[] = [
  { key: 'Views', icon: <EyeOutlined />, tone: '#0b4a8b', label: '浏览量', unit: '次', judged: true },
  { key: 'Visitors', icon: <TeamOutlined />, tone: '#1f8a70', label: '访客数', unit: '人', judged: true },
  { key: 'BotViews', icon: <RobotOutlined />, tone: '#5c6775', label: '机器人访问', unit: '次', judged: false },
];

/** 浏览量, 访客数 and 机器人访问 of the range: side by side on a desk, one under another on a phone. */
export function SummaryCards({ data, loading }: { data: VisitStatisticsDto | undefined; loading: boolean }) {
  return (
    <Row gutter={[16, 16]}>
      {figures.map(({ key, ...f }) => (
        <Col key={key} xs={24} md={8}>
          <Figure {...f} current={data?.Total[key]} previous={data?.Previous[key]} loading={loading} />
        </Col>
      ))}
    </Row>
  );
}

import type { ReactNode } from 'react';
import { EyeOutlined, RobotOutlined, TeamOutlined } from '@ant-design/icons';
import type { VisitFiguresDto } from '@portal/shared';
import { changeOf, count } from '../shared/figures';
import { FigureCard } from '../shared/FigureCard';
import styles from './visits.module.css';

interface ChangeProps {
  current: number | undefined;
  previous: number | undefined;
  /** The earlier period's name: 上一周期, or the monthly report's 上月. */
  against: string;
  /** Whether more is better (views, visitors): the change is coloured then; robots' is not. */
  judged: boolean;
}

/** How a figure moved against the earlier period, and that period's own figure. */
function Change({ current, previous, against, judged }: ChangeProps) {
  const change = current !== undefined && previous !== undefined ? changeOf(current, previous, against) : undefined;
  const colour = change && judged && (change.trend === 'up' || change.trend === 'down') ? styles[change.trend] : styles.neutral;
  return (
    <div className={styles.figureChange}>
      <span className={colour}>{change?.text ?? '—'}</span>
      {/* A previous 0 is already said by the change's line. */}
      {previous !== undefined && change?.trend !== 'none' && (
        <span className={styles.previous}>
          {against}：{count(previous)}
        </span>
      )}
    </div>
  );
}

const figures: { key: keyof VisitFiguresDto; icon: ReactNode; tone: string; label: string; unit: string; judged: boolean }[] = [
  { key: 'Views', icon: <EyeOutlined />, tone: '#0b4a8b', label: '浏览量', unit: '次', judged: true },
  { key: 'Visitors', icon: <TeamOutlined />, tone: '#1f8a70', label: '访客数', unit: '人', judged: true },
  { key: 'BotViews', icon: <RobotOutlined />, tone: '#5c6775', label: '机器人访问', unit: '次', judged: false },
];

interface SummaryCardsProps {
  current: VisitFiguresDto | undefined;
  previous: VisitFiguresDto | undefined;
  against?: string;
  loading: boolean;
}

/**
 * 浏览量, 访客数 and 机器人访问 against an earlier period: side by side on a desk and on A4 paper
 * (the monthly report), one under another on a phone. A grid of the cards' own width rather than
 * the window's breakpoints, which paper (about 680 px wide) would have read as a phone's.
 */
export function SummaryCards({ current, previous, against = '上一周期', loading }: SummaryCardsProps) {
  return (
    <div className={styles.figures}>
      {figures.map(({ key, judged, ...f }) => (
        <FigureCard key={key} {...f} value={current?.[key]} loading={loading}>
          <Change current={current?.[key]} previous={previous?.[key]} against={against} judged={judged} />
        </FigureCard>
      ))}
    </div>
  );
}

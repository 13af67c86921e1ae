import type { ReactNode } from 'react';
import { Card } from 'antd';
import { count } from './figures';
import figureCard from '../../../shared/figureCard.module.css';

interface FigureCardProps {
  icon: ReactNode;
  /** The badge's colour. */
  tone: string;
  label: string;
  value: number | undefined;
  unit: string;
  loading: boolean;
  /** Lines under the figure (how it moved against an earlier period). */
  children?: ReactNode;
}

/** A badge's colour for a figure an inspection judges (网站检查): the site's red when it counts against the site, its blue otherwise. */
export const verdictTone = (bad: boolean) => (bad ? 'var(--c-accent)' : 'var(--c-primary)');

/** One figure of 访问统计 or 编辑工作量, drawn as the workbench's and named by its label for assistive technology. */
export function FigureCard({ icon, tone, label, value, unit, loading, children }: FigureCardProps) {
  return (
    <Card variant="borderless" className={figureCard.card} loading={loading} role="group" aria-label={label}>
      <span className={figureCard.icon} style={{ background: tone }} aria-hidden>
        {icon}
      </span>
      <div>
        <div className={figureCard.label}>{label}</div>
        <div className={figureCard.value}>
          {value === undefined ? '—' : count(value)}
          <span className={figureCard.unit}>{unit}</span>
        </div>
        {children}
      </div>
    </Card>
  );
}

import { useLayoutEffect, useRef, useState } from 'react';
import styles from './dashboard.module.css';

export interface DayCount {
  Day: string;
  Count: number;
}

const height = 260;
const pad = { top: 16, right: 16, bottom: 28, left: 44 };

/** A round upper bound and step for the y axis (1, 2 or 5 times a power of ten). */
function yScale(max: number, ticks = 4): { top: number; step: number } {
  const raw = Math.max(max, 1) / ticks;
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = ([1, 2, 5, 10].find((m) => m * power >= raw) ?? 10) * power;
  return { top: step * ticks, step };
}

/** The chart follows its container's width; the height is fixed. */
function useWidth() {
  const ref = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const observer = new ResizeObserver(([entry]) => setWidth(Math.floor(entry?.contentRect.width ?? 0)));
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  return { ref, width };
}

/**
 * Visits per day as an area chart in plain SVG (no chart library for one chart). Hovering a
 * day shows its date and count.
 */
export function VisitsChart({ data }: { data: DayCount[] }) {
  const { ref, width } = useWidth();
  const [hover, setHover] = useState<number | null>(null);
  const { top, step } = yScale(Math.max(0, ...data.map((d) => d.Count)));

  const innerW = Math.max(width - pad.left - pad.right, 1);
  const innerH = height - pad.top - pad.bottom;
  const x = (i: number) => pad.left + (data.length > 1 ? (i * innerW) / (data.length - 1) : innerW / 2);
  const y = (count: number) => pad.top + innerH - (count / top) * innerH;
  const line = data.map((d, i) => `${i ? 'L' : 'M'}${x(i).toFixed(1)},${y(d.Count).toFixed(1)}`).join('');
  const area = data.length ? `${line}L${x(data.length - 1)},${y(0)}L${x(0)},${y(0)}Z` : '';
  const labelEvery = Math.max(1, Math.ceil(data.length / Math.max(2, Math.floor(innerW / 70))));
  const hovered = hover === null ? undefined : data[hover];

  const onMove = (e: React.MouseEvent<SVGRectElement>) => {
    const box = e.currentTarget.getBoundingClientRect();
    const i = Math.round(((e.clientX - box.left) / box.width) * (data.length - 1));
    setHover(Math.min(Math.max(i, 0), data.length - 1));
  };

  const total = data.reduce((sum, d) => sum + d.Count, 0);
  return (
    <div ref={ref} className={styles.chart}>
      {width > 0 && (
        <svg width={width} height={height} role="img" aria-label={`近${data.length}天访问量，共 ${total} 次`}>
          <defs>
            <linearGradient id="visits-fill" x1="0" y1="0" x2="0" y2="1">
              <stop offset="0" stopColor="var(--c-primary)" stopOpacity="0.28" />
              <stop offset="1" stopColor="var(--c-primary)" stopOpacity="0.02" />
            </linearGradient>
          </defs>
          {Array.from({ length: top / step + 1 }, (_, i) => i * step).map((v) => (
            <g key={v}>
              <line x1={pad.left} x2={width - pad.right} y1={y(v)} y2={y(v)} className={styles.grid} />
              <text x={pad.left - 8} y={y(v)} className={styles.yLabel}>
                {v}
              </text>
            </g>
          ))}
          {data.map((d, i) =>
            i % labelEvery === 0 || i === data.length - 1 ? (
              <text key={d.Day} x={x(i)} y={height - 8} className={styles.xLabel}>
                {d.Day.slice(5)}
              </text>
            ) : null,
          )}
          <path d={area} fill="url(#visits-fill)" />
          <path d={line} className={styles.line} />
          {hovered && hover !== null && (
            <g>
              <line x1={x(hover)} x2={x(hover)} y1={pad.top} y2={y(0)} className={styles.guide} />
              <circle cx={x(hover)} cy={y(hovered.Count)} r={4.5} className={styles.dot} />
            </g>
          )}
          <rect x={pad.left} y={pad.top} width={innerW} height={innerH} fill="transparent" onMouseMove={onMove} onMouseLeave={() => setHover(null)} />
        </svg>
      )}
      {hovered && hover !== null && (
        <div className={styles.tooltip} style={{ left: Math.min(x(hover) + 12, width - 140), top: Math.max(y(hovered.Count) - 52, 0) }}>
          <div>{hovered.Day}</div>
          <strong>{hovered.Count}</strong> 次访问
        </div>
      )}
    </div>
  );
}

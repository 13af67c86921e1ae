import { WorkdayKind, workdayKindNames, isWorkdayKind, type WorkdayDto } from '@portal/shared';
import { isWeekendCell, monthCells, weekdayHeads, weekdayNames, type DayCell } from './calendarGrid';
import styles from './workdays.module.css';

interface MonthGridProps {
  year: number;
  month: number;
  byDay: ReadonlyMap<string, WorkdayDto>;
  today: string;
  /** Opens a day for setting; absent for a day the signed-in admin may not change. */
  pickFor: (entry: WorkdayDto | undefined) => ((day: string) => void) | undefined;
}

/**
 * What a day is, in words: 2026年10月1日 星期四 休 国庆节, 2026年10月12日 星期一 工作日. The label holds
 * the number shown, so a voice command naming it reaches the day (WCAG 2.5.3).
 */
function dayLabel(cell: DayCell, mark: string | undefined, name: string | undefined): string {
  const marked = mark ? `${mark} ${name}` : isWeekendCell(cell) ? '休息日' : '工作日';
  return `${cell.day.slice(0, 4)}年${Number(cell.day.slice(5, 7))}月${cell.date}日 ${weekdayNames[cell.weekday]} ${marked}`;
}

function dayClass(cell: DayCell, entry: WorkdayDto | undefined, today: string): string {
  return [
    styles.day,
    isWeekendCell(cell) && styles.weekend,
    entry?.Kind === WorkdayKind.Rest && styles.rest,
    entry?.Kind === WorkdayKind.Work && styles.work,
    cell.day === today && styles.today,
  ]
    .filter(Boolean)
    .join(' ');
}

/** One month of the year view, Monday first: 休 and 班 marked on their days, each day named in its label. */
export function MonthGrid({ year, month, byDay, today, pickFor }: MonthGridProps) {
  return (
    <section className={styles.month} aria-label={`${year}年${month}月`}>
      <h3 className={styles.monthTitle}>{month}月</h3>
      <div className={styles.grid}>
        {weekdayHeads.map((head, i) => (
          <span key={head} className={i >= 5 ? `${styles.head} ${styles.weekend}` : styles.head} aria-hidden>
            {head}
          </span>
        ))}
        {monthCells(year, month).map((cell, i) => {
          if (!cell) return <span key={`lead-${i}`} />;
          const entry = byDay.get(cell.day);
          const pick = pickFor(entry);
          // 休 or 班 in the day's corner, drawn by CSS: the label says it in words.
          const mark = entry && isWorkdayKind(entry.Kind) ? workdayKindNames[entry.Kind] : undefined;
          const label = dayLabel(cell, mark, entry?.Name);
          return pick ? (
            <button
              key={cell.day}
              type="button"
              className={dayClass(cell, entry, today)}
              data-mark={mark}
              aria-label={label}
              title={label}
              onClick={() => pick(cell.day)}
            >
              {cell.date}
            </button>
          ) : (
            <span key={cell.day} className={dayClass(cell, entry, today)} data-mark={mark} aria-label={label} title={label} role="img">
              {cell.date}
            </span>
          );
        })}
      </div>
    </section>
  );
}

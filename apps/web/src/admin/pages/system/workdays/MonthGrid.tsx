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

/** What a day is, in words: 2026-10-01 星期四 休 国庆节, 2026-10-12 星期一 工作日. */
function dayLabel(cell: DayCell, entry: WorkdayDto | undefined): string {
  const plain = isWeekendCell(cell) ? '休息日' : '工作日';
  const marked = entry && isWorkdayKind(entry.Kind) ? `${workdayKindNames[entry.Kind]} ${entry.Name}` : plain;
  return `${cell.day} ${weekdayNames[cell.weekday]} ${marked}`;
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
          const label = dayLabel(cell, entry);
          const content = (
            <>
              {cell.date}
              {entry && isWorkdayKind(entry.Kind) && <span className={styles.mark}>{workdayKindNames[entry.Kind]}</span>}
            </>
          );
          return pick ? (
            <button key={cell.day} type="button" className={dayClass(cell, entry, today)} aria-label={label} title={label} onClick={() => pick(cell.day)}>
              {content}
            </button>
          ) : (
            <span key={cell.day} className={dayClass(cell, entry, today)} aria-label={label} title={label} role="img">
              {content}
            </span>
          );
        })}
      </div>
    </section>
  );
}

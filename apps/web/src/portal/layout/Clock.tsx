import { useEffect, useState } from 'react';
import { timing } from '@portal/shared';

const weekdays = ['星期日', '星期一', '星期二', '星期三', '星期四', '星期五', '星期六'];
const pad = (n: number) => String(n).padStart(2, '0');

/**
 * e.g. 2026年11月21日 星期六 22:35:08, in the browser's time zone. Drawn by hand: dayjs and its
 * Chinese locale would join every public page's first load for this one line.
 */
function format(d: Date) {
  return `${d.getFullYear()}年${pad(d.getMonth() + 1)}月${pad(d.getDate())}日 ${weekdays[d.getDay()]} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}
const isoLocal = (d: Date) =>
  `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;

/** The header clock with weekday, refreshed every second (spec §2 "Header", §9). */
export function Clock({ className }: { className?: string }) {
  // The server's time would differ from the browser's: the clock starts in the browser, after hydration.
  const [now, setNow] = useState<Date | null>(null);
  useEffect(() => {
    setNow(new Date());
    const id = window.setInterval(() => setNow(new Date()), timing.clockMs);
    return () => window.clearInterval(id);
  }, []);
  // Until then an empty line of the same height: a <time> must hold a time (HTML: an empty one,
  // or one without datetime, is invalid), and the page must not shift when the clock starts.
  if (!now) {
    return (
      <span className={className} data-testid="header-clock">
        {'\u00a0'}
      </span>
    );
  }
  return (
    <time className={className} dateTime={isoLocal(now)} data-testid="header-clock">
      {format(now)}
    </time>
  );
}

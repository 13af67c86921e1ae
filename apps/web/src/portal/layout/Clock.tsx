import { useEffect, useState } from 'react';
import dayjs from 'dayjs';
import { timing } from '@portal/shared';

/** e.g. 2026年11月21日 星期六 22:35:08 (the zh-cn dayjs locale names the weekday). */
const format = (d: dayjs.Dayjs) => d.format('YYYY年MM月DD日 dddd HH:mm:ss');

/** The header clock with weekday, refreshed every second (spec §2 "Header", §9). */
export function Clock({ className }: { className?: string }) {
  // The server's time would differ from the browser's: the clock starts in the browser, after hydration.
  const [now, setNow] = useState<dayjs.Dayjs | null>(null);
  useEffect(() => {
    setNow(dayjs());
    const id = window.setInterval(() => setNow(dayjs()), timing.clockMs);
    return () => window.clearInterval(id);
  }, []);
  return (
    <time className={className} dateTime={now?.format('YYYY-MM-DDTHH:mm:ss')} data-testid="header-clock">
      {now ? format(now) : '\u00a0'}
    </time>
  );
}

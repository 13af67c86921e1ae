import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { contentApi } from '../../api/content';

/**
 * 访问统计 of the pages the web app moves to by itself: the server counts the page it was asked
 * for (the first of a visit, and each full load), so only a later move is reported, once it is
 * shown, with the page it came from as its referrer.
 */
export function usePageViewBeacon(): void {
  const { pathname, search } = useLocation();
  const shown = useRef<string | null>(null);
  useEffect(() => {
    const address = pathname + search;
    const from = shown.current;
    shown.current = address;
    if (from !== null && from !== address) contentApi.trackPageView(address, from);
  }, [pathname, search]);
}

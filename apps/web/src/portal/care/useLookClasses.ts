import { useLayoutEffect } from 'react';
import { useLocation } from 'react-router';
import { displayClasses, isMemorialPage, MEMORIAL_META } from '@portal/shared';
import { useDisplay } from '../../AppProviders';

/** Today's 哀悼日 scope as the server told it (0 none); the same for every page of the visit. */
const memorialScope = () => Number(document.querySelector(`meta[name="${MEMORIAL_META}"]`)?.getAttribute('content') ?? 0);

/**
 * Keeps <html class> in the look the server drew it in (features/pages/look.ts) as the visitor
 * changes it or moves to another page; the back office, which has none of it, gets it cleared.
 */
export function useLookClasses(): void {
  const { prefs } = useDisplay();
  const { pathname } = useLocation();
  useLayoutEffect(() => {
    const root = document.documentElement;
    root.className = displayClasses(prefs, isMemorialPage(memorialScope(), pathname)).join(' ');
    return () => {
      root.className = '';
    };
  }, [prefs, pathname]);
}

import { useLayoutEffect } from 'react';
import { useLocation } from 'react-router';
import { displayClasses, isMemorialPage, MEMORIAL_META } from '@portal/shared';
import { useDisplay } from '../../AppProviders';

/** Today's 哀悼日 scope as the server told it (0 none); the same for every page of the visit. */
const memorialScope = () => Number(document.querySelector(`meta[name="${MEMORIAL_META}"]`)?.getAttribute('content') ?? 0);

/**
 * Keeps <html class> in the look the server drew it in (features/pages/look.ts) as the visitor
 * changes it or moves to another page; the back office, which has none of it, gets it removed.
 * Only the look's own classes are touched: others on <html> (the member-session mark) stay.
 */
export function useLookClasses(): void {
  const { prefs } = useDisplay();
  const { pathname } = useLocation();
  useLayoutEffect(() => {
    const root = document.documentElement.classList;
    const look = displayClasses(prefs, isMemorialPage(memorialScope(), pathname));
    // The server's classes are the look's too: whatever of them this look no longer has goes.
    for (const name of [...root]) if (isLookClass(name) && !look.includes(name)) root.remove(name);
    root.add(...look);
    return () => look.forEach((name) => root.remove(name));
  }, [prefs, pathname]);
}

/** The classes displayClasses draws. */
const isLookClass = (name: string) => /^(size-|text-|spacing-|scheme-)/.test(name) || ['care', 'big-cursor', 'simple', 'memorial'].includes(name);

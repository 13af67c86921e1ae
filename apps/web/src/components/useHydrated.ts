import { useEffect, useState } from 'react';

/**
 * False on the server and in the browser's hydrating render, true from the first effect on:
 * what only the browser draws (a chart, a form's live state) waits for it, so the hydrating
 * render matches the server's HTML.
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}

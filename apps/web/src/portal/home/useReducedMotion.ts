import { useSyncExternalStore } from 'react';

const QUERY = '(prefers-reduced-motion: reduce)';

function subscribe(listener: () => void) {
  const list = window.matchMedia(QUERY);
  list.addEventListener('change', listener);
  return () => list.removeEventListener('change', listener);
}

const read = () => window.matchMedia(QUERY).matches;

/** The server cannot know: it draws the moving carousel, and the browser re-renders right after hydration. */
const onServer = () => false;

/** True when the visitor asks for reduced motion (the operating system's setting): nothing moves by itself. */
export function useReducedMotion(): boolean {
  return useSyncExternalStore(subscribe, read, onServer);
}

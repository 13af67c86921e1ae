import { useSyncExternalStore } from 'react';

const QUERY = '(prefers-reduced-motion: reduce)';

function subscribe(listener: () => void) {
  const list = window.matchMedia(QUERY);
  list.addEventListener('change', listener);
  return () => list.removeEventListener('change', listener);
}

/** True when the visitor asks for reduced motion (the operating system's setting), read now: for what is drawn outside React's tree. */
export const prefersReducedMotion = () => typeof window !== 'undefined' && window.matchMedia(QUERY).matches;

/** The server cannot know: it draws the moving carousel, and the browser re-renders right after hydration. */
const onServer = () => false;

/** True when the visitor asks for reduced motion (the operating system's setting): nothing moves by itself, nothing zooms or slides. */
export function useReducedMotion(): boolean {
  return useSyncExternalStore(subscribe, prefersReducedMotion, onServer);
}

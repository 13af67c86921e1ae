import { useSyncExternalStore } from 'react';
import { carousel } from '@portal/shared';

/** Slides visible at once: the spec's four on desktops, fewer on narrow screens. */
const breakpoints: readonly [query: string, perView: number][] = [
  ['(min-width: 1000px)', carousel.slides],
  ['(min-width: 600px)', 2],
];

const read = () => breakpoints.find(([query]) => window.matchMedia(query).matches)?.[1] ?? 1;

function subscribe(listener: () => void) {
  const lists = breakpoints.map(([query]) => window.matchMedia(query));
  lists.forEach((l) => l.addEventListener('change', listener));
  return () => lists.forEach((l) => l.removeEventListener('change', listener));
}

/** The server renders the desktop layout; a narrower browser re-renders right after hydration. */
const serverPerView = () => carousel.slides;

export function usePerView(): number {
  return useSyncExternalStore(subscribe, read, serverPerView);
}

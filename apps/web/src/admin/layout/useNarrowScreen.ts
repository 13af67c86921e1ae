import { useSyncExternalStore } from 'react';

/** antd's `md` breakpoint (Grid, `screenMD`): narrower than this the sidebar is a drawer. */
const wideQuery = '(min-width: 768px)';

const subscribe = (changed: () => void) => {
  const media = window.matchMedia(wideQuery);
  media.addEventListener('change', changed);
  return () => media.removeEventListener('change', changed);
};

/**
 * The window is narrower than antd's `md` (a phone, or a desktop window narrowed to one), read
 * at the first render, not after it as Grid.useBreakpoint is: the shell must not draw a 220-px
 * sidebar for a frame on a phone.
 */
export const useNarrowScreen = (): boolean => useSyncExternalStore(subscribe, () => !window.matchMedia(wideQuery).matches);

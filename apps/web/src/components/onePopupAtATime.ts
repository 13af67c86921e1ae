import { useEffect, useId } from 'react';

const OPENED = 'portal:popup-opened';

/**
 * Small popups of one bar (the header's 尺寸 list and 关注我们 card) open one at a time: one that
 * opens, by click or under the pointer, closes the others, which would otherwise overlap.
 * `close` must keep its identity between renders.
 */
export function useOnePopupAtATime(open: boolean, close: () => void): void {
  const id = useId();
  useEffect(() => {
    if (!open) return;
    document.dispatchEvent(new CustomEvent<string>(OPENED, { detail: id }));
    const onOpened = (e: Event) => (e as CustomEvent<string>).detail !== id && close();
    document.addEventListener(OPENED, onOpened);
    return () => document.removeEventListener(OPENED, onOpened);
  }, [open, id, close]);
}

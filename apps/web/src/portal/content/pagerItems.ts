/**
 * The pages a paginator offers (spec §9: five pager buttons), laid out as Element UI's pager
 * with pager-count 5 does: the first and the last page always, three pages around the current
 * one, and a jump over the rest on either side. At the ends the window stays five pages wide
 * (1 2 3 4 … 10, 1 … 7 8 9 10) instead of shrinking to four.
 */
export type PagerItem = { kind: 'page'; page: number } | { kind: 'jump'; direction: 'back' | 'forward'; page: number };

export const PAGER_BUTTONS = 5;

export function pagerItems(current: number, pageCount: number, buttons = PAGER_BUTTONS): PagerItem[] {
  if (pageCount <= 0) return [];
  const half = Math.floor(buttons / 2);
  const page = (n: number): PagerItem => ({ kind: 'page', page: n });
  if (pageCount <= buttons) return Array.from({ length: pageCount }, (_, i) => page(i + 1));

  const jumpBack = current > buttons - half;
  const jumpForward = current < pageCount - half;
  let middle: number[];
  if (jumpBack && !jumpForward) middle = range(pageCount - (buttons - 2), pageCount - 1);
  else if (!jumpBack && jumpForward) middle = range(2, buttons - 1);
  else middle = range(current - (half - 1), current + (half - 1));

  // A jump moves by the pages the window skips (three for five buttons), never past the ends.
  const stride = buttons - 2;
  return [
    page(1),
    ...(jumpBack ? [{ kind: 'jump', direction: 'back', page: Math.max(1, current - stride) } as const] : []),
    ...middle.map(page),
    ...(jumpForward ? [{ kind: 'jump', direction: 'forward', page: Math.min(pageCount, current + stride) } as const] : []),
    page(pageCount),
  ];
}

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

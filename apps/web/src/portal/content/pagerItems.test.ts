import { describe, expect, it } from 'vitest';
import { pagerItems, type PagerItem } from './pagerItems';

/** The items as a person reads them: page numbers, … for a jump. */
const read = (items: PagerItem[]) => items.map((i) => (i.kind === 'page' ? String(i.page) : '…')).join(' ');
const pageButtons = (items: PagerItem[]) => items.filter((i) => i.kind === 'page').length;

describe('pagerItems (spec §9: five pager buttons)', () => {
  it('shows every page when there are five or fewer', () => {
    expect(read(pagerItems(1, 1))).toBe('1');
    expect(read(pagerItems(3, 5))).toBe('1 2 3 4 5');
    expect(pagerItems(1, 0)).toEqual([]);
  });

  it('keeps five page buttons at both ends and in the middle', () => {
    expect(read(pagerItems(1, 10))).toBe('1 2 3 4 … 10');
    expect(read(pagerItems(3, 10))).toBe('1 2 3 4 … 10');
    expect(read(pagerItems(4, 10))).toBe('1 … 3 4 5 … 10');
    expect(read(pagerItems(7, 10))).toBe('1 … 6 7 8 … 10');
    expect(read(pagerItems(8, 10))).toBe('1 … 7 8 9 10');
    expect(read(pagerItems(9, 10))).toBe('1 … 7 8 9 10');
    expect(read(pagerItems(10, 10))).toBe('1 … 7 8 9 10');
    for (let current = 1; current <= 40; current++) expect(pageButtons(pagerItems(current, 40)), `page ${current} of 40`).toBe(5);
  });

  it('jumps three pages over the hidden ones, never past the ends', () => {
    const jumps = pagerItems(5, 10).filter((i) => i.kind === 'jump');
    expect(jumps).toEqual([
      { kind: 'jump', direction: 'back', page: 2 },
      { kind: 'jump', direction: 'forward', page: 8 },
    ]);
    expect(pagerItems(9, 10).find((i) => i.kind === 'jump')).toEqual({ kind: 'jump', direction: 'back', page: 6 });
    expect(pagerItems(2, 6).find((i) => i.kind === 'jump')).toEqual({ kind: 'jump', direction: 'forward', page: 5 });
  });
});

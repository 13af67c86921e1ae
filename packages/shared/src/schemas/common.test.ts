import { describe, expect, it } from 'vitest';
import { idParam, integer, integerOr, int32, pagingQuery } from './common.js';

describe('integer fields', () => {
  it('read JSON numbers and plain decimal strings, blank as absent', () => {
    expect(integer().parse(497)).toBe(497);
    expect(integer().parse('497')).toBe(497);
    expect(integer().parse('-3')).toBe(-3);
    expect(integerOr(7).parse('')).toBe(7);
    expect(integerOr(7).parse(null)).toBe(7);
  });

  it('refuse what Number() would have read: hexadecimal, padding, exponents, booleans, arrays', () => {
    for (const odd of ['0x1f4', ' 497 ', '497 ', '499e0', '4.97e2', true, [494], [[494]], '1_000', '٤٩٧', 'Infinity', 1.5, '1.0']) {
      expect(idParam.safeParse(odd).success, JSON.stringify(odd)).toBe(false);
    }
  });

  it('stay within an integer column, so PostgreSQL never sees a number it cannot hold', () => {
    expect(integer().safeParse(int32.max).success).toBe(true);
    expect(integer().safeParse(int32.max + 1).success).toBe(false);
    expect(integer().safeParse(String(int32.min - 1)).success).toBe(false);
    expect(idParam.safeParse(0).success).toBe(false);
    expect(integer('错', { min: 1, max: 4 }).safeParse(5).error?.issues[0]?.message).toBe('错');
  });

  it('paging falls back to its defaults on anything odd', () => {
    expect(pagingQuery.parse({ pageindex: '0x2', pagesize: '1e2' })).toEqual({ pageindex: 1, pagesize: 10 });
  });
});

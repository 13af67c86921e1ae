import { describe, expect, it } from 'vitest';
import { queryString } from './transport';

describe('queryString', () => {
  it('writes parameters as the calls have always sent them', () => {
    expect(queryString(undefined)).toBe('');
    expect(queryString({})).toBe('');
    expect(queryString({ pageindex: 2, key: '保险 条款', unread: true })).toBe(
      `?pageindex=2&key=${encodeURIComponent('保险 条款').replace(/%20/g, '+')}&unread=true`,
    );
    // Left out: undefined and null; an empty text is sent (it clears a filter).
    expect(queryString({ a: undefined, b: null, c: '' })).toBe('?c=');
    // A list as key[]=…, a date as ISO, another object as JSON.
    expect(queryString({ Ids: [3, 4] })).toBe('?Ids%5B%5D=3&Ids%5B%5D=4');
    expect(queryString({ at: new Date(Date.UTC(2026, 10, 28)) })).toBe('?at=2026-11-28T00%3A00%3A00.000Z');
    expect(queryString({ range: { from: 1 } })).toBe(`?range=${encodeURIComponent('{"from":1}')}`);
  });
});

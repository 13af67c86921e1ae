import { describe, expect, it } from 'vitest';
import { buildMatcher, findInHtml, markHtml, markText } from './matcher.js';

describe('sensitive-word matcher', () => {
  it('reports every occurrence, overlapping and nested ones included', () => {
    const m = buildMatcher(['ab', 'bc', 'abc', 'c']);
    expect(m.find('xabcx').map((x) => [x.word, x.start, x.end])).toEqual([
      ['ab', 1, 3],
      ['abc', 1, 4],
      ['bc', 2, 4],
      ['c', 3, 4],
    ]);
    expect(
      buildMatcher(['违规', '违规操作'])
        .find('严禁违规操作违规')
        .map((x) => x.word),
    ).toEqual(['违规', '违规操作', '违规']);
  });

  it('ignores full- and half-width differences and Latin case', () => {
    const m = buildMatcher(['ABC保险', '１２３']);
    expect(m.find('ａｂｃ保险 and 123').map((x) => [x.word, x.start, x.end])).toEqual([
      ['ABC保险', 0, 5],
      ['１２３', 10, 13],
    ]);
    // Words the same after folding count once.
    expect(buildMatcher(['abc', 'ＡＢＣ']).size).toBe(1);
  });

  it('matches across tags and entities in HTML, and marks each stretch of text', () => {
    const m = buildMatcher(['敏感词', 'A&B']);
    expect(findInHtml(m, '<p>敏<b>感</b>词</p><p>A&amp;B</p>').map((x) => x.word)).toEqual(['敏感词', 'A&B']);
    expect(markHtml(m, '<p>这是敏<b>感</b>词。</p>')).toBe('<p>这是<mark>敏</mark><b><mark>感</mark></b><mark>词</mark>。</p>');
    expect(markHtml(m, '<p title="敏感词">A&amp;B</p>')).toBe('<p title="敏感词"><mark>A&amp;B</mark></p>');
    expect(markHtml(m, '<p>无</p>')).toBe('<p>无</p>');
    expect(markText(m, '<敏感词>')).toBe('&lt;<mark>敏感词</mark>&gt;');
  });

  it('handles characters outside the BMP', () => {
    const m = buildMatcher(['𠮷野']);
    expect(m.find('吉𠮷野家').map((x) => [x.start, x.end])).toEqual([[1, 4]]);
    expect(markHtml(m, '<p>&#x20BB7;野</p>')).toBe('<p><mark>&#x20BB7;野</mark></p>');
  });
});

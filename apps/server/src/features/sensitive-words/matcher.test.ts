import { describe, expect, it } from 'vitest';
import { buildMatcher, findInHtml, markHtml, markText, textOfHtml, withoutOverlaps } from './matcher.js';

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

  it('reads the text of HTML as matching does', () => {
    expect(textOfHtml('<p>按<b>装</b>&amp;调试&#x20BB7;&#X41;&#66;&NBSP;</p>')).toBe('按装&调试𠮷AB\u00a0');
    // What is no entity it reads stays as written: unknown, out of range, longer than 12 characters, unterminated.
    expect(textOfHtml('&amp;lt; &copy; &#x110000; &#x0000000041; &abcdefghij; &amp <b')).toBe('&lt; &copy; &#x110000; &#x0000000041; &abcdefghij; &amp ');
    // The same text as marking reads: a word across a tag and an entity is found and marked alike.
    const m = buildMatcher(['A&B']);
    expect(findInHtml(m, '<i>A</i>&amp;<b>B</b>')).toHaveLength(1);
    expect(markHtml(m, '<i>A</i>&amp;<b>B</b>')).toBe('<i><mark>A</mark></i><mark>&amp;</mark><b><mark>B</mark></b>');
  });

  it('keeps the longer of overlapping occurrences, and of two as long the earlier', () => {
    const kept = (words: string[], text: string) => withoutOverlaps(buildMatcher(words).find(text)).map((m) => [m.word, m.start]);
    expect(kept(['ab', 'abc'], 'xabcx ab')).toEqual([
      ['abc', 1],
      ['ab', 6],
    ]);
    // The longer wins even when it starts later.
    expect(kept(['abc', 'bcde'], 'abcde')).toEqual([['bcde', 1]]);
    expect(kept(['ab', 'bc'], 'abc')).toEqual([['ab', 0]]);
    expect(kept(['ab', 'bc'], 'abbc')).toEqual([
      ['ab', 0],
      ['bc', 2],
    ]);
    expect(withoutOverlaps([])).toEqual([]);
  });
});

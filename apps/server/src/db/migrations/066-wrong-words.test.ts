import { describe, expect, it } from 'vitest';
import { buildMatcher, normaliseWord } from '../../features/sensitive-words/matcher.js';
import { entryProblem } from '../../features/proofreading/service.js';
import { startingWrongWords } from './066-wrong-words-list.js';

/**
 * The shipped 易错词 list: each entry would be accepted by SaveWrongWord, each form is its own
 * normalised form (the migration stores it as such), and no wrong form is found in correct text:
 * not in any right form of the list, nor in phrases that hold a wrong form by chance.
 */
describe('the starting list of 易错词', () => {
  const wrongForms = buildMatcher(startingWrongWords.map((w) => w.wrong));

  it('holds distinct entries SaveWrongWord would accept, each its own normalised form', () => {
    expect(startingWrongWords.length).toBeGreaterThanOrEqual(60);
    expect(new Set(startingWrongWords.map((w) => w.wrong)).size).toBe(startingWrongWords.length);
    for (const w of startingWrongWords) {
      expect(normaliseWord(w.wrong), w.wrong).toBe(w.wrong);
      expect(entryProblem(w.wrong, w.right), w.wrong).toBeNull();
      expect([...w.wrong].length).toBeLessThanOrEqual(50);
      expect([...w.right].length).toBeLessThanOrEqual(50);
    }
    expect(startingWrongWords.filter((w) => w.severity === 'serious').map((w) => w.right)).toContain('中华人民共和国');
  });

  it('finds nothing in the corrected forms, nor in correct phrases that come close', () => {
    expect(wrongForms.find(startingWrongWords.map((w) => w.right).join('，'))).toEqual([]);
    const correct = [
      '请按装修合同约定的标准施工，按装箱单逐项核对。',
      '该政策既使企业减轻负担，又使职工得到实惠。',
      '有关健康体检的通知；机关健身房开放时间；攻关健儿。',
      '中华人民共和国成立七十五周年，中国共产党领导人民坚持和发展中国特色社会主义。',
      '马克思主义、马列主义、共产主义理想；一国两制；中国人民政治协商会议。',
      '关键在于落实，关键词检索。',
    ];
    for (const text of correct) expect(wrongForms.find(text), text).toEqual([]);
  });
});

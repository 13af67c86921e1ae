import { describe, expect, it } from 'vitest';
import { formatYuan, formatYuanInWords, toFen } from './membership.js';

describe('amounts on receipts', () => {
  it('writes 元 in capitals with 整 after whole 元 and 角, one 零 for a run of zeros', () => {
    const cases: [number, string][] = [
      [1200, '壹仟贰佰元整'],
      [1005, '壹仟零伍元整'],
      [1010, '壹仟零壹拾元整'],
      [10, '壹拾元整'],
      [10_000, '壹万元整'],
      [100_500, '壹拾万零伍佰元整'],
      [100_001, '壹拾万零壹元整'],
      [1_010_000, '壹佰零壹万元整'],
      [1_000_000, '壹佰万元整'],
      [100_000_000, '壹亿元整'],
      [1005.5, '壹仟零伍元伍角整'],
      [1.05, '壹元零伍分'],
      [1680.32, '壹仟陆佰捌拾元叁角贰分'],
      [0.5, '伍角整'],
      [0.05, '伍分'],
      [0.15, '壹角伍分'],
      [0, '零元整'],
    ];
    for (const [yuan, words] of cases) expect(formatYuanInWords(toFen(yuan)), String(yuan)).toBe(words);
  });

  it('writes figures with the yuan sign, thousands separators and two decimals', () => {
    expect(formatYuan(toFen(1200))).toBe('¥1,200.00');
    expect(formatYuan(toFen(0.1 + 0.2))).toBe('¥0.30');
  });
});

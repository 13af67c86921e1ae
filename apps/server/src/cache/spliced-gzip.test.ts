import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { SplicedGzip } from './spliced-gzip.js';

describe('a gzip body joined around a changing text', () => {
  const before = Buffer.from(`{"Data":{"Title":"工程质量潜在缺陷保险","Content":"${'<p>风险管理</p>'.repeat(400)}","Views":`);
  const after = Buffer.from(`,"Tail":"${'保险'.repeat(300)}"}}`);
  const gzip = new SplicedGzip(before, after);

  it('decompresses to the whole body for any middle, with a correct CRC and length', () => {
    for (const middle of ['0', '7', '12345678901', '', '九'.repeat(1000)]) {
      const joined = gzip.with(Buffer.from(middle));
      // gunzip checks the trailer's CRC-32 and length, so a wrong one throws.
      expect(zlib.gunzipSync(joined).toString()).toBe(`${before}${middle}${after}`);
    }
  });

  it('keeps the fixed parts compressed', () => {
    expect(gzip.with(Buffer.from('42')).length).toBeLessThan((before.length + after.length) / 10);
  });
});

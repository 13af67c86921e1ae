import { inflateSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { decodePng, differingPixels, pngSize, type DecodedPng } from '../../../test/png.js';
import { glyphFamily } from './glyphs.js';
import { NAME_BOX, renderCertificate, type CertificateImage } from './image.js';

const ISSUER = '中国建设工程保险风险管理协会';
const blank: CertificateImage = {
  name: '',
  idNum: '',
  company: '',
  certNum: '',
  examTime: '',
  issueDate: '',
  issuer: ISSUER,
  verifyUrl: 'https://portal.example/cert/verify/x',
};
const holder: CertificateImage = {
  ...blank,
  name: '王建华',
  idNum: '110101********123X',
  company: '北京城建第三建设工程有限公司',
  certNum: 'GCFX-2024-00123',
  examTime: '2024-05-12',
  issueDate: '2024-06-01',
};
const render = async (c: CertificateImage) => decodePng(await renderCertificate(c));
const whole = (image: DecodedPng) => ({ x: 0, y: 0, width: image.width, height: image.height });

/** The IDAT payload of a PNG: one zlib stream, which inflateSync checks end to end (Adler-32 included). */
function idat(png: Buffer): Buffer {
  const parts: Buffer[] = [];
  for (let at = 8; at < png.length;) {
    const length = png.readUInt32BE(at);
    if (png.toString('latin1', at + 4, at + 8) === 'IDAT') parts.push(png.subarray(at + 8, at + 8 + length));
    at += 12 + length;
  }
  return Buffer.concat(parts);
}

describe('certificate image', () => {
  // The first render of a process reads the font and renders the issuer's layers: seconds on a busy machine.
  beforeAll(() => renderCertificate(blank));

  it('is an A4 landscape PNG of 1600 × 1131 whose joined compressed runs form one valid zlib stream', async () => {
    const png = await renderCertificate(holder);
    expect(pngSize(png)).toEqual({ width: 1600, height: 1131 });
    expect(inflateSync(idat(png)).length).toBe((1600 * 4 + 1) * 1131);
    expect(png.length).toBeLessThan(400_000);
  });

  it('draws the holder’s name where blank text leaves the line empty, and nothing else changes above the data', async () => {
    const [drawn, empty] = await Promise.all([render(holder), render(blank)]);
    expect(differingPixels(drawn, empty, NAME_BOX)).toBeGreaterThan(800);
    // The emblem, the issuer's name and the title are the same on every certificate.
    expect(differingPixels(drawn, empty, { x: 100, y: 100, width: 1400, height: 320 })).toBe(0);
  });

  it('renders the same certificate identically, from the kept layers', async () => {
    const [first, second] = await Promise.all([render(holder), render(holder)]);
    expect(differingPixels(first, second, whole(first))).toBe(0);
    const other = await render({ ...holder, issuer: '某市建设工程协会' });
    expect(differingPixels(first, other, { x: 100, y: 100, width: 1400, height: 320 })).toBeGreaterThan(1000);
  });

  it('draws a name with an extension B character (𠮷) from the fallback font, not the missing-glyph box', async () => {
    expect(glyphFamily('刘', 'bold')).toBe('Noto Serif SC');
    expect(glyphFamily('䶮', 'bold')).toBe('Noto Serif SC');
    expect(glyphFamily('𠮷', 'bold')).toBe('Noto Serif JP');
    // A Hong Kong supplementary character: Noto Serif TC has it.
    expect(glyphFamily('𨋢', 'bold')).toBe('Noto Serif TC');
    // A code point no font has stays with the primary font, which draws its box.
    expect(glyphFamily('\u{10FFFD}', 'bold')).toBe('Noto Serif SC');
    const [alone, rare, boxed] = await Promise.all(['刘', '刘𠮷', '刘\u{10FFFD}'].map((name) => render({ ...blank, name })));
    // Only the second character differs, and 𠮷 is neither absent nor the box.
    expect(differingPixels(alone as DecodedPng, rare as DecodedPng, NAME_BOX)).toBeGreaterThan(200);
    expect(differingPixels(boxed as DecodedPng, rare as DecodedPng, NAME_BOX)).toBeGreaterThan(200);
  });

  it('fits a long company name within its line', async () => {
    const company = '中铁建设集团有限公司华北分公司第三工程项目经理部（雄安新区容东片区安置房项目）';
    const [long, short] = await Promise.all([render({ ...holder, company }), render(holder)]);
    // The company's row (third) differs, and nothing spills past the value column's end.
    const row = { y: NAME_BOX.y + 2 * 54 - 10, height: 70 };
    expect(differingPixels(long, short, { x: NAME_BOX.x, width: NAME_BOX.width, ...row })).toBeGreaterThan(1000);
    expect(differingPixels(long, short, { x: NAME_BOX.x + NAME_BOX.width, width: 1480 - NAME_BOX.x - NAME_BOX.width, ...row })).toBe(0);
  });
});

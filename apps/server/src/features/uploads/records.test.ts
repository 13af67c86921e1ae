import { describe, expect, it } from 'vitest';
import { displayName } from './records.js';

describe('the name an upload is shown and downloaded under', () => {
  it('is the last segment of what the browser sent, composed, without control or format characters and quotes', () => {
    expect(displayName('C:\\Users\\张三\\Desktop\\营业执照.pdf')).toBe('营业执照.pdf');
    expect(displayName('../../etc/passwd.txt')).toBe('passwd.txt');
    // macOS sends names decomposed (NFD): shown, and matched, composed.
    expect(displayName('re\u0301sume\u0301.docx')).toBe('résumé.docx');
    // A right-to-left override would show 'invoice\u202Efdp.exe' as 'invoiceexe.pdf'.
    expect(displayName('invoice\u202Efdp.exe')).toBe('invoicefdp.exe');
    expect(displayName('a\u0000b\r\n"c".zip\u200B')).toBe('abc.zip');
  });

  it('keeps the end of a long name, where the extension is', () => {
    const name = displayName(`${'申'.repeat(200)}.xlsx`);
    expect([...name]).toHaveLength(120);
    expect(name.endsWith('申.xlsx')).toBe(true);
  });

  it('falls back to "file" when nothing of the name is left', () => {
    for (const empty of ['', '   ', '..', '.', '/', '\u202E']) expect(displayName(empty), JSON.stringify(empty)).toBe('file');
  });
});

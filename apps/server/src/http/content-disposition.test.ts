import { describe, expect, it } from 'vitest';
import { contentDisposition } from './content-disposition.js';

/** Reads filename* back as a browser does (RFC 5987: UTF-8, percent-decoded). */
const extendedName = (header: string) => decodeURIComponent(/filename\*=UTF-8''([^;]+)$/.exec(header)?.[1] ?? '');

describe('contentDisposition', () => {
  it('sends a Chinese name as UTF-8 in filename* and an ASCII stand-in in filename', () => {
    const header = contentDisposition('会议通知（2024）.docx');
    expect(header).toBe(`attachment; filename="_____2024_.docx"; filename*=UTF-8''%E4%BC%9A%E8%AE%AE%E9%80%9A%E7%9F%A5%EF%BC%882024%EF%BC%89.docx`);
    expect(extendedName(header)).toBe('会议通知（2024）.docx');
  });

  it("escapes what RFC 5987 leaves out of attr-char (' ( ) * and spaces) and keeps quotes and backslashes out of filename", () => {
    const name = `it's (draft) *final* "v2"\\a.pdf`;
    const header = contentDisposition(name);
    const [, ascii, extended] = /^attachment; filename="([^"]*)"; filename\*=UTF-8''(.+)$/.exec(header) ?? [];
    expect(ascii).toBe("it's (draft) *final* _v2__a.pdf");
    expect(extended).not.toMatch(/['()* "\\]/);
    expect(decodeURIComponent(extended!)).toBe(name);
  });

  it('takes an inline type and a chosen ASCII name', () => {
    expect(contentDisposition('名单.xlsx', { type: 'inline', asciiName: 'list.xlsx' })).toBe(
      `inline; filename="list.xlsx"; filename*=UTF-8''${encodeURIComponent('名单.xlsx')}`,
    );
  });
});

import { describe, expect, it } from 'vitest';
import { splitByKey } from './Highlight';

describe('splitByKey', () => {
  it('marks every occurrence of a two-character key', () => {
    expect(splitByKey('工程保险与保险经纪', '保险')).toEqual([
      { text: '工程', match: false },
      { text: '保险', match: true },
      { text: '与', match: false },
      { text: '保险', match: true },
      { text: '经纪', match: false },
    ]);
  });

  it('ignores case and surrounding spaces of the key, and keeps the text as written', () => {
    expect(splitByKey('PICC 与 picc', ' Picc ')).toEqual([
      { text: 'PICC', match: true },
      { text: ' 与 ', match: false },
      { text: 'picc', match: true },
    ]);
  });

  it('treats the key literally, markup and pattern characters included', () => {
    expect(splitByKey('a<b>(c)+<b>', '<b>')).toEqual([
      { text: 'a', match: false },
      { text: '<b>', match: true },
      { text: '(c)+', match: false },
      { text: '<b>', match: true },
    ]);
  });

  it('leaves the text whole when the key is blank or absent', () => {
    expect(splitByKey('通知公告', '  ')).toEqual([{ text: '通知公告', match: false }]);
    expect(splitByKey('通知公告', '政策')).toEqual([{ text: '通知公告', match: false }]);
  });
});

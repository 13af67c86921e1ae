import { describe, expect, it } from 'vitest';
import { answerText } from './answerText';

const field = (Type: string, Rows: string[] = []) => ({ Type, Rows });

describe('answerText', () => {
  it('writes each kind of answer as the export does', () => {
    expect(answerText(field('checkbox'), ['培训', '咨询'])).toBe('培训、咨询');
    expect(answerText(field('matrix', ['态度', '速度']), { 速度: '满意', 态度: '一般' })).toBe('态度：一般；速度：满意');
    expect(answerText(field('region'), { Province: '浙江省', City: '杭州市' })).toBe('浙江省 杭州市');
    expect(answerText(field('region'), { Province: '北京市', City: '北京市' })).toBe('北京市');
    expect(answerText(field('file'), 'forms/2026/11/abc.pdf')).toBe('abc.pdf');
    expect(answerText(field('rating'), 4)).toBe('4分');
    expect(answerText(field('number'), 12.5)).toBe('12.5');
  });

  it('leaves an unanswered question empty', () => {
    expect(answerText(field('text'), undefined)).toBe('');
    expect(answerText(field('text'), '')).toBe('');
  });
});

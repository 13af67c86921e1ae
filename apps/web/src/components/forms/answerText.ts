import type { FormFieldView, FormValue } from './formAnswers';

/**
 * An answer as one line of text (a member's past response, a read-only form): picks joined by
 * 、, a matrix as 行：列；…, a region as 省 市, a file as 已上传附件; '' when blank.
 */
export function answerText(field: FormFieldView, value: FormValue | undefined): string {
  if (value === undefined || value === null) return '';
  if (Array.isArray(value)) return value.join('、');
  if (typeof value === 'object') {
    if ('Province' in value && 'City' in value) return [value.Province, value.City].filter(Boolean).join(' ');
    return field.Rows.filter((row) => (value as Record<string, string>)[row])
      .map((row) => `${row}：${(value as Record<string, string>)[row]}`)
      .join('；');
  }
  if (field.Type === 'file') return value === '' ? '' : '已上传附件';
  if (field.Type === 'rating') return `${value} / ${field.Scale} 分`;
  return String(value);
}

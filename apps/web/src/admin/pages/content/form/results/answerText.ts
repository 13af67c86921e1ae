/**
 * One answer as a line of text, as the export writes it: picked options joined by 、, a
 * matrix as 行：列；…, a region as its province and city, a file by its name. '' when unanswered.
 */
export function answerText(field: { Type: string; Rows: readonly string[] }, value: unknown): string {
  if (value === undefined || value === null || value === '') return '';
  if (Array.isArray(value)) return value.map(String).join('、');
  if (field.Type === 'matrix' && typeof value === 'object') {
    const picked = value as Record<string, unknown>;
    return field.Rows.filter((row) => picked[row] !== undefined)
      .map((row) => `${row}：${String(picked[row])}`)
      .join('；');
  }
  if (field.Type === 'region' && typeof value === 'object') {
    const { Province = '', City = '' } = value as { Province?: string; City?: string };
    return City && City !== Province ? `${Province} ${City}` : Province;
  }
  if (field.Type === 'file') return String(value).split('/').pop() ?? '';
  if (field.Type === 'rating') return `${String(value)}分`;
  return String(value);
}

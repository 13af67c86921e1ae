import dayjs, { type Dayjs } from 'dayjs';

/** Form.Item `normalize` for text inputs: the spec's forms trim what is typed (spec §5). */
export const trimmed = (value: unknown) => (typeof value === 'string' ? value.trim() : value);

/**
 * Form.Item props for a DatePicker whose value travels as `yyyy-MM-dd` ('' for none): the
 * picker works with dayjs, the form and the call with the text.
 */
export const dayValueProps = {
  getValueProps: (value: string | undefined) => ({ value: value ? dayjs(value) : null }),
  normalize: (value: Dayjs | null) => (value ? value.format('YYYY-MM-DD') : ''),
};

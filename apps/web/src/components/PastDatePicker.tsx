import type { DatePickerProps } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { dateShortcutDays } from '@portal/shared';
import { DatePicker } from './DatePickers';

const [week] = dateShortcutDays;

/** Spec §2's single-date shortcuts. */
const presets = [
  { label: '今天', value: () => dayjs() },
  { label: '昨天', value: () => dayjs().subtract(1, 'day') },
  { label: '一周前', value: () => dayjs().subtract(week, 'day') },
];

/** A day after today, which a date that has already happened cannot be. */
export const isFuture = (d: Dayjs) => d.isAfter(dayjs(), 'day');

/**
 * A single date that has already happened (a search's day, an exam, an issue or joining date),
 * with spec §2's shortcuts 今天, 昨天, 一周前; future days are disabled.
 */
export function PastDatePicker(props: DatePickerProps<Dayjs, false>) {
  return <DatePicker presets={presets} disabledDate={isFuture} showNow={false} {...props} />;
}

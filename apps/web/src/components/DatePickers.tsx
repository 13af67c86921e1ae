// The back office's date pickers: antd's, made to hand the form exactly the value they show.
// Every date field of a form or a filter uses these, never antd's DatePicker directly (eslint
// says so): docs/decisions.md, "Date pickers commit what they show".
import { DatePicker as AntDatePicker, type DatePickerProps, type GetProps } from 'antd';
import type { Dayjs } from 'dayjs';
import { pickerClassNames, pickerPlacements } from './pickerPopup';

type Range = [Dayjs | null, Dayjs | null];
type RangePickerProps = GetProps<typeof AntDatePicker.RangePicker>;

const sameTime = (a: Dayjs | null | undefined, b: Dayjs | null | undefined) => (a ?? null)?.valueOf() === (b ?? null)?.valueOf();

/**
 * A range of days (or of times, with `showTime`) whose value is always what its two boxes show.
 *
 * antd 6's RangePicker (@rc-component/picker 1.x) keeps a picked or typed end in a draft of its
 * own and hands it to the form only once both ends have taken part in one round: each end
 * confirmed with 确定 or Enter (with `showTime`, where `needConfirm` is on), or picked and the
 * popup closed (without). Editing one end alone therefore went nowhere: its 确定 moved the popup
 * to the start, waiting for a second 确定; closing the popup instead (a click on the dialog's
 * 确定) threw the draft away — the box showed the new end until then, and the form sent the old
 * one. So the draft itself is the value: every change of what the boxes show (`onCalendarChange`:
 * a day or minute picked, a valid date typed) is handed to the form at once when both ends are
 * there and allowed. The popup keeps its own flow (确定, the move to the other end), and whatever
 * ends it — 确定, Enter, Tab, a click elsewhere — finds the form already holding what is shown.
 * Half a range (the first end of an empty field) stays the picker's until the other end comes, unless
 * `allowEmpty` lets that other end stay empty (a form's 开放时间 may have no start or no end).
 */
export function RangePicker({ value, onChange, onCalendarChange, disabledDate, ...props }: RangePickerProps) {
  const allowed = (date: Dayjs | null, from?: Dayjs | null) => !date || !disabledDate?.(date, { type: 'date', from: from ?? undefined });
  // `allowEmpty` (an open window: no start, or no end): that end may stay empty when the other is handed over.
  const mayBeEmpty = (end: 0 | 1) => props.allowEmpty === true || (Array.isArray(props.allowEmpty) && props.allowEmpty[end]);
  return (
    <AntDatePicker.RangePicker
      style={{ width: '100%' }}
      classNames={pickerClassNames}
      builtinPlacements={pickerPlacements}
      {...props}
      value={value}
      disabledDate={disabledDate}
      onChange={onChange}
      onCalendarChange={(dates: Range, texts: [string, string], info) => {
        const [start, end] = dates ?? [null, null];
        const whole = (start || mayBeEmpty(0)) && (end || mayBeEmpty(1)) && (start || end);
        if (whole && allowed(start) && allowed(end, start) && !(sameTime(start, value?.[0]) && sameTime(end, value?.[1]))) onChange?.([start, end], texts);
        onCalendarChange?.(dates, texts, info);
      }}
    />
  );
}

/**
 * A single date (or date and time, with `showTime`) whose value is always what its box shows.
 *
 * With `showTime` antd's picker keeps a picked day or minute as a draft until its 确定, and a
 * click elsewhere (the dialog's 确定) throws the draft away after the form has already read the
 * old value; without `showTime` a typed date is handed over only when the popup has closed, a
 * frame after the click that closed it. As with RangePicker above, every change of what the box
 * shows is handed to the form at once (a disabled day is not).
 */
export function DatePicker({ value, onChange, onCalendarChange, disabledDate, ...props }: DatePickerProps<Dayjs, false>) {
  return (
    <AntDatePicker
      style={{ width: '100%' }}
      classNames={pickerClassNames}
      builtinPlacements={pickerPlacements}
      {...props}
      value={value}
      disabledDate={disabledDate}
      onChange={onChange}
      onCalendarChange={(date, text, info) => {
        if (date && !Array.isArray(date) && !disabledDate?.(date, { type: 'date' }) && !sameTime(date, value)) onChange?.(date, text as string);
        onCalendarChange?.(date, text, info);
      }}
    />
  );
}

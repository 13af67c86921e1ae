import { z } from 'zod';
import { systemMessages, workdayMessages } from '../messages/index.js';
import { integer, saveIdField } from './common.js';
import { isDayText } from './memorial.js';
export type { WorkdayDto } from '../dto/workdays.js';

/**
 * 工作日历 (系统管理 → 工作日历, issue 55): the days on which the State Council's arrangement
 * differs from the week: 休, a rest day (a public holiday or a day off in exchange), and 班, a
 * Saturday or Sunday worked instead (调休). Every other Monday to Friday is a working day and
 * every other Saturday and Sunday a rest day. Reply deadlines count working days from it.
 */
export const WorkdayKind = { Rest: 1, Work: 2 } as const;
export type WorkdayKindValue = (typeof WorkdayKind)[keyof typeof WorkdayKind];
export const workdayKindNames: Record<WorkdayKindValue, string> = { 1: '休', 2: '班' };
export const isWorkdayKind = (value: number): value is WorkdayKindValue => value === WorkdayKind.Rest || value === WorkdayKind.Work;

/** The years staff may keep a calendar for. */
export const WORKDAY_YEARS = { min: 2000, max: 2100 } as const;
/** The longest name of a day (春节, 国庆节调休上班 …). */
export const WORKDAY_NAME_MAX = 20;

/** Saturday or Sunday, for a real date `yyyy-MM-dd`. */
export const isWeekend = (day: string) => [0, 6].includes(new Date(`${day}T00:00:00Z`).getUTCDay());

const dayInRange = (day: string) => {
  const year = Number(day.slice(0, 4));
  return year >= WORKDAY_YEARS.min && year <= WORKDAY_YEARS.max;
};

/** SaveWorkday: Id 0 sets a day not yet in the calendar, a positive Id changes that day's entry. */
export const saveWorkdayBody = z
  .object({
    Id: saveIdField,
    Date: z
      .string({ error: workdayMessages.dateRequired })
      .trim()
      .min(1, { error: workdayMessages.dateRequired })
      .refine(isDayText, { error: workdayMessages.dateInvalid })
      .refine(dayInRange, { error: workdayMessages.dateOutOfRange }),
    Kind: integer(workdayMessages.kindInvalid).refine(isWorkdayKind, { error: workdayMessages.kindInvalid }),
    Name: z
      .string({ error: workdayMessages.nameRequired })
      .trim()
      .min(1, { error: workdayMessages.nameRequired })
      .max(WORKDAY_NAME_MAX, { error: systemMessages.tooLong('名称', WORKDAY_NAME_MAX) }),
  })
  // A 班 on a weekday would change nothing: the day works anyway.
  .refine((b) => b.Kind !== WorkdayKind.Work || !isDayText(b.Date) || isWeekend(b.Date), { error: workdayMessages.workOnWeekday, path: ['Kind'] });
export type SaveWorkdayBody = z.infer<typeof saveWorkdayBody>;

/** GetWorkdayList: the entries of one year, by date. */
export const workdayListQuery = z.object({
  year: integer(workdayMessages.yearInvalid, WORKDAY_YEARS),
});
export type WorkdayListQuery = z.infer<typeof workdayListQuery>;

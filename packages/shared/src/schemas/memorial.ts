import { z } from 'zod';
import { memorialMessages, messages } from '../messages/index.js';
import { integer, optionalParam, optionalText, pagingQuery, saveIdField } from './common.js';
export type { MemorialDayDto } from '../dto/memorial.js';

/**
 * 哀悼日 (系统管理 → 哀悼日, issue 33): days or ranges of days on which the public site is drawn
 * in grey, as Chinese sites do on national days of mourning. Dates are China dates
 * `yyyy-MM-dd`, both ends included; the scope is the home page only or every public page.
 * Care mode still works on those days, and the back office never turns grey.
 */
export const MemorialScope = { Home: 1, Site: 2 } as const;
export type MemorialScopeValue = (typeof MemorialScope)[keyof typeof MemorialScope];
export const memorialScopeNames: Record<MemorialScopeValue, string> = { 1: '仅首页', 2: '全站' };

export const isMemorialScope = (value: number): value is MemorialScopeValue => value === MemorialScope.Home || value === MemorialScope.Site;

/** The longest range one record may cover, in days (both ends counted): a leap year. */
export const MEMORIAL_MAX_DAYS = 366;

const datePattern = /^\d{4}-\d{2}-\d{2}$/;

/** A real calendar date `yyyy-MM-dd` (2024-02-30 is refused). */
export function isDayText(text: string): boolean {
  if (!datePattern.test(text)) return false;
  const d = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === text;
}

/** Days from `start` to `end`, both counted (the same day is 1). */
export function memorialDayCount(start: string, end: string): number {
  return Math.round((Date.parse(`${end}T00:00:00Z`) - Date.parse(`${start}T00:00:00Z`)) / 86_400_000) + 1;
}

const date = (required: string) => z.string({ error: required }).trim().min(1, { error: required }).refine(isDayText, { error: memorialMessages.dateInvalid });

/** SaveMemorialDay: Id 0 adds a record, a positive Id changes it. */
export const saveMemorialDayBody = z
  .object({
    Id: saveIdField,
    StartDate: date(memorialMessages.startRequired),
    EndDate: date(memorialMessages.endRequired),
    Scope: integer(memorialMessages.scopeInvalid).refine(isMemorialScope, { error: memorialMessages.scopeInvalid }),
    Note: optionalText('备注', 100),
  })
  .refine((b) => b.EndDate >= b.StartDate, { error: memorialMessages.endBeforeStart, path: ['EndDate'] })
  .refine((b) => b.EndDate < b.StartDate || memorialDayCount(b.StartDate, b.EndDate) <= MEMORIAL_MAX_DAYS, {
    error: memorialMessages.rangeTooLong(MEMORIAL_MAX_DAYS),
    path: ['EndDate'],
  });
export type SaveMemorialDayBody = z.infer<typeof saveMemorialDayBody>;

/**
 * GetMemorialDayList: newest first; `year` keeps the ranges touching that year, `date` those
 * containing that day.
 */
export const memorialDayListQuery = pagingQuery.extend({
  year: optionalParam(integer(messages.badParameter, { min: 2000, max: 2999 })),
  date: optionalParam(z.string().trim().refine(isDayText, { error: memorialMessages.dateInvalid })),
});
export type MemorialDayListQuery = z.infer<typeof memorialDayListQuery>;

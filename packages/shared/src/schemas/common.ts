import { z } from 'zod';
import { numberInput, paging } from '../constants.js';
import { contentMessages, messages, systemMessages } from '../messages/index.js';

// Every schema module imports this one, so this runs before any schema is used. In the browser
// our Content-Security-Policy forbids eval: zod's compiled parsers (and its probe for eval, which
// the browser reports as a violation) stay off there. The server keeps them.
if (typeof document !== 'undefined') z.config({ jitless: true });

/** Empty strings from query strings count as absent. */
const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

/** What an integer column holds (PostgreSQL integer, 32 bits): no number beyond reaches a query. */
export const int32 = { min: -2_147_483_648, max: 2_147_483_647 } as const;

/**
 * A whole number as a client writes it: a JSON number, or a string of decimal digits with an
 * optional minus sign. Nothing else is read as a number: hexadecimal ("0x1f4"), padding
 * (" 497 "), exponents ("499e0"), booleans and arrays ([[494]]) are left as they are and
 * refused, where Number() took them all (a fuzz run deleted records by such ids). Blank and
 * null count as absent.
 */
function decimalNumber(v: unknown): unknown {
  if (v === '' || v === null) return undefined;
  return typeof v === 'string' && /^-?\d{1,16}$/.test(v) ? Number(v) : v;
}

const wholeNumber = (error: string, { min = int32.min, max = int32.max }: { min?: number; max?: number }) =>
  z.number({ error }).int({ error }).min(min, { error }).max(max, { error });

/**
 * An integer field or parameter, refused with `error` (参数错误 unless given) when it is not
 * one or lies outside `min`..`max`, by default the range of an integer column.
 */
export const integer = (error: string = messages.badParameter, range: { min?: number; max?: number } = {}) =>
  z.preprocess(decimalNumber, wholeNumber(error, range));
/** The same, with `fallback` when absent or blank. */
export const integerOr = (fallback: number, error: string = messages.badParameter, range: { min?: number; max?: number } = {}) =>
  z.preprocess(decimalNumber, wholeNumber(error, range).default(fallback));

/** One of `values`, read as integer() reads a number and refused with `error` otherwise; the API document lists the values. */
export const integerChoice = <const T extends number>(values: readonly T[], error: string = messages.badParameter) =>
  z.preprocess(decimalNumber, z.literal(values, { error }));

/** An integer query parameter; a malformed one is refused with 参数错误 rather than ignored. */
export const intParam = integer();
/** A record's id: a positive decimal integer, within an integer column. */
export const idParam = integer(messages.badParameter, { min: 1 });

/** An optional query parameter: absent or blank means not given; anything else must parse. */
export const optionalParam = <T extends z.ZodType>(schema: T) => z.preprocess(blankToUndefined, schema.optional());

/**
 * A paging value, forgiving as the spec's client expects (docs/api.md): a whole number from 1
 * is taken, up to `max`; anything else (absent, 0, negative, malformed, past an integer column)
 * reads as `fallback` rather than refusing the call. The value is settled before the schema
 * proper, so the API document states exactly this: an integer with its default, and no bound
 * the server would not hold to.
 */
const pagingValue = (fallback: number, max: number, description: string) =>
  z.preprocess((v) => {
    const n = decimalNumber(v);
    return typeof n === 'number' && Number.isInteger(n) && n >= 1 && n <= int32.max ? Math.min(n, max) : fallback;
  }, z.int().default(fallback).describe(description));

export const pagingQuery = z.object({
  pageindex: pagingValue(paging.firstPage, int32.max, `页码，从 ${paging.firstPage} 起；缺省、小于 1 或不是整数时按第 ${paging.firstPage} 页`),
  pagesize: pagingValue(
    paging.defaultSize,
    paging.maxSize,
    `每页条数，默认 ${paging.defaultSize}，大于 ${paging.maxSize} 时按 ${paging.maxSize}；小于 1 或不是整数时按 ${paging.defaultSize}`,
  ),
});
export type PagingQuery = z.infer<typeof pagingQuery>;

export const trimmed = z.preprocess((v) => (typeof v === 'string' ? v.trim() : v), z.string());

/** Mobile phone of spec §5: 11 digits, 1 then 3–9. */
export const mobilePattern = /^1[3-9]\d{9}$/;
/**
 * Landline with optional area code and extension (spec §5). A local number without its area code
 * starts with 2–9, as every Chinese local number does: 7 or 8 digits starting with 1 are a mobile
 * number cut short (1381234), not a landline, and were taken as one.
 */
export const landlinePattern = /^(?:0\d{2,3}-?\d{7,8}|[2-9]\d{6,7})(-\d{1,6})?$/;

/**
 * Fields of the back-office Save* bodies. Ids: 0 or absent creates, a positive id updates;
 * texts are trimmed and refused past their column's length with 「字段不能超过N个字」.
 */
export const saveIdField = integerOr(0, messages.badParameter, { min: 0 });
export const requiredText = (required: string, field: string, max: number) =>
  z
    .string({ error: required })
    .trim()
    .min(1, { error: required })
    .max(max, { error: systemMessages.tooLong(field, max) });
export const optionalText = (field: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: systemMessages.tooLong(field, max) })
    .default('');
/** A 0/1 switch (Status: 1 enabled). */
export const flagValue = integer(systemMessages.statusInvalid, { min: 0, max: 1 });
export const flagField = (fallback: 0 | 1) => integerOr(fallback, systemMessages.statusInvalid, { min: 0, max: 1 });
/** Display order: an integer within the spec's number-input range (§9: 0 to 999999). */
export const sortNumberValue = integer(contentMessages.sortNumberInvalid, numberInput);
export const sortNumberField = integerOr(0, contentMessages.sortNumberInvalid, numberInput);
/** A yes/no the spec sends as bool; 0/1 and 'true'/'false' are taken too. */
export const booleanValue = z.preprocess(
  (v) => (v === 1 || v === '1' || v === 'true' ? true : v === 0 || v === '0' || v === 'false' ? false : v),
  z.boolean({ error: messages.badParameter }),
);
/** The same, false when absent. */
export const boolField = booleanValue.default(false);

const cstTimePattern = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;
/** A real CST time `yyyy-MM-dd HH:mm:ss` (2024-02-30 is refused). */
export function isCstTime(text: string): boolean {
  if (!cstTimePattern.test(text)) return false;
  const d = new Date(`${text.replace(' ', 'T')}Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 19).replace('T', ' ') === text;
}

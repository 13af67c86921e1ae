import { landlinePattern, mobilePattern } from './common.js';
import { choiceFieldTypes, formMessages, formTextLimits, isAnswered, type FormField } from './forms.js';

/**
 * A response's answers checked against the form's definition (SubmitForm on the server, the
 * public page before sending). What is stored is what this answers: the shown fields' answers,
 * trimmed and in their one shape each, without the answers to fields hidden by their condition.
 */

/** An answer as stored: text, a number, the picked options, a matrix's column by row, or a region. */
export type FormAnswer = string | number | string[] | Record<string, string> | { Province: string; City: string };
export type FormAnswers = Record<string, FormAnswer>;

export type AnswersCheck = { ok: true; answers: FormAnswers } | { ok: false; message: string };

/** A real day written yyyy-MM-dd (not 2024-02-30). */
function isCalendarDate(day: string): boolean {
  const at = new Date(`${day}T00:00:00Z`);
  return /^\d{4}-\d{2}-\d{2}$/.test(day) && !Number.isNaN(at.getTime()) && at.toISOString().startsWith(day);
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const REGION_PART = 20;

const blank = (v: unknown) => v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0);
const text = (v: unknown) => (typeof v === 'string' ? v.trim() : typeof v === 'number' ? String(v) : null);

/** Whether the field is shown, given the answers kept so far (a condition names an earlier field). */
export function isShown(field: FormField, answers: FormAnswers): boolean {
  if (!field.ShowWhen) return true;
  const on = answers[field.ShowWhen.Field];
  return on === field.ShowWhen.Option || (Array.isArray(on) && on.includes(field.ShowWhen.Option));
}

/** One answer in its stored shape, or the message saying what is wrong with it; undefined for a blank one. */
function readAnswer(f: FormField, raw: unknown): FormAnswer | undefined | { error: string } {
  const label = f.Label;
  const fail = (error: string) => ({ error });
  if (f.Type === 'checkbox') {
    if (blank(raw)) return undefined;
    const picks = Array.isArray(raw) ? raw : [raw];
    if (!picks.every((p): p is string => typeof p === 'string' && f.Options.includes(p)) || new Set(picks).size !== picks.length)
      return fail(formMessages.choiceNotOffered(label));
    if (f.MinPicks > 0 && picks.length < f.MinPicks) return fail(formMessages.tooFewPicks(label, f.MinPicks));
    if (f.MaxPicks > 0 && picks.length > f.MaxPicks) return fail(formMessages.tooManyPicks(label, f.MaxPicks));
    return picks;
  }
  if (f.Type === 'matrix') {
    if (blank(raw) || (typeof raw === 'object' && raw !== null && Object.keys(raw).length === 0)) return undefined;
    if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return fail(formMessages.badMatrix(label));
    const rows = Object.entries(raw as Record<string, unknown>);
    if (!rows.every(([row, column]) => f.Rows.includes(row) && typeof column === 'string' && f.Columns.includes(column)))
      return fail(formMessages.badMatrix(label));
    if (f.Required && rows.length < f.Rows.length) return fail(formMessages.required(label));
    return Object.fromEntries(rows) as Record<string, string>;
  }
  if (f.Type === 'region') {
    if (blank(raw)) return undefined;
    const r = raw as { Province?: unknown; City?: unknown };
    const province = text(r?.Province);
    const city = text(r?.City);
    if (!province || !city || province.length > REGION_PART || city.length > REGION_PART) return fail(formMessages.badRegion(label));
    return { Province: province, City: city };
  }
  if (f.Type === 'number' || f.Type === 'rating') {
    if (blank(raw)) return undefined;
    const n = typeof raw === 'number' ? raw : typeof raw === 'string' && /^-?\d+(\.\d+)?$/.test(raw.trim()) ? Number(raw) : NaN;
    if (f.Type === 'rating') return Number.isInteger(n) && n >= 1 && n <= f.Scale ? n : fail(formMessages.notRating(label, f.Scale));
    if (!Number.isFinite(n)) return fail(formMessages.notNumber(label));
    if (f.Min !== null && n < f.Min) return fail(formMessages.belowMin(label, f.Min));
    if (f.Max !== null && n > f.Max) return fail(formMessages.aboveMax(label, f.Max));
    return n;
  }
  const value = text(raw);
  if (value === null) return blank(raw) ? undefined : fail(formMessages.badPattern(label));
  if (value === '') return undefined;
  switch (f.Type) {
    case 'radio':
    case 'select':
      return f.Options.includes(value) ? value : fail(formMessages.choiceNotOffered(label));
    case 'date':
      return isCalendarDate(value) ? value : fail(formMessages.notDate(label));
    case 'phone':
      return mobilePattern.test(value) || landlinePattern.test(value) ? value : fail(formMessages.badPhone(label));
    case 'email':
      return value.length <= 100 && EMAIL.test(value) ? value : fail(formMessages.badEmail(label));
    case 'file':
      return value.length <= 500 ? value : fail(formMessages.fileMissing(label));
    default: {
      // text, textarea
      const max = f.MaxLength || formTextLimits[f.Type === 'textarea' ? 'textarea' : 'text'];
      const length = [...value].length;
      if (f.MinLength > 0 && length < f.MinLength) return fail(formMessages.tooShort(label, f.MinLength));
      if (length > max) return fail(formMessages.tooLong(label, max));
      if (f.Type === 'text' && f.Pattern && !new RegExp(`^(?:${f.Pattern})$`, 'u').test(value)) return fail(formMessages.badPattern(label));
      return value;
    }
  }
}

/**
 * Checks every answer in the definition's order. A field is required only when shown; an
 * answer to a hidden field is dropped; a key the definition does not ask is refused.
 */
export function checkAnswers(fields: readonly FormField[], sent: Record<string, unknown>): AnswersCheck {
  const asked = new Set(fields.filter((f) => isAnswered(f.Type)).map((f) => f.Key));
  if (Object.keys(sent).some((key) => !asked.has(key))) return { ok: false, message: formMessages.unknownField };
  const answers: FormAnswers = {};
  for (const f of fields) {
    if (!isAnswered(f.Type) || !isShown(f, answers)) continue;
    const answer = readAnswer(f, sent[f.Key]);
    if (answer === undefined) {
      if (f.Required) return { ok: false, message: formMessages.required(f.Label) };
      continue;
    }
    if (typeof answer === 'object' && 'error' in answer && typeof answer.error === 'string') return { ok: false, message: answer.error };
    answers[f.Key] = answer as FormAnswer;
  }
  return { ok: true, answers };
}

/** A choice field's picked options in an answer (one for radio and select, any for checkbox). */
export const picked = (field: FormField, answer: FormAnswer | undefined): string[] =>
  answer === undefined || !choiceFieldTypes.includes(field.Type) ? [] : Array.isArray(answer) ? answer : [String(answer)];

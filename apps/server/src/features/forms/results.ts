import type { Kysely } from 'kysely';
import {
  choiceFieldTypes,
  isAnswered,
  type FormAnswer,
  type FormAnswers,
  type FormField,
  type FormFilter,
  type FormQuestionSummaryDto,
  type FormResponseDto,
  type FormSummaryDto,
  type FormTextAnswerDto,
  type FormTextsQuery,
  type PagingQuery,
} from '@portal/shared';
import type { DB } from '../../db/schema.js';
import { containing } from '../../db/like.js';
import { pageWindow } from '../../http/paging.js';
import type { StoredForm } from './definition.js';

/**
 * A form's results: per question counts and percentages, averages, the free-text answers, and
 * the responses themselves, all under the same filters (the respondent's level and region as
 * they were when answering, which anonymous responses do not keep, and the day submitted).
 *
 * The summary reads the filtered responses' answers once and counts in memory: one pass over
 * one column, whatever the questions (bench/RESULTS.md: 100,000 responses).
 */

type Db = Kysely<DB>;
type Filter = Omit<FormFilter, 'formid'>;

/** The form's responses under the filter. */
export function filtered(db: Db, formId: number, f: Filter) {
  return db
    .selectFrom('form_responses as r')
    .where('r.form_id', '=', formId)
    .$if(f.level !== undefined, (q) => q.where('r.member_level_id', '=', f.level ?? 0))
    .$if(!!f.region, (q) => q.where(containing('r.region', f.region ?? '')))
    .$if(!!f.start, (q) => q.where('r.created_at', '>=', `${f.start} 00:00:00`))
    .$if(!!f.end, (q) => q.where('r.created_at', '<=', `${f.end} 23:59:59`));
}

/** Counts of each of `labels`, in order, and any other value the answers hold (an option renamed since). */
class Tally {
  readonly counts = new Map<string, number>();
  answered = 0;
  sum = 0;
  numbers = 0;

  constructor(labels: readonly string[]) {
    for (const label of labels) this.counts.set(label, 0);
  }

  add(value: string): void {
    this.counts.set(value, (this.counts.get(value) ?? 0) + 1);
  }

  options() {
    const answered = this.answered;
    return [...this.counts].map(([Option, Count]) => ({ Option, Count, Percent: answered ? Math.round((Count * 1000) / answered) / 10 : 0 }));
  }
}

const scaleOf = (f: FormField) => Array.from({ length: f.Scale }, (_, i) => String(i + 1));

/** A question's tallies: its own, and a matrix's one per row. */
function questionOf(f: FormField) {
  const labels = choiceFieldTypes.includes(f.Type) ? f.Options : f.Type === 'rating' ? scaleOf(f) : [];
  return { field: f, tally: new Tally(labels), rows: f.Type === 'matrix' ? new Map(f.Rows.map((row) => [row, new Tally(f.Columns)])) : null };
}
type Question = ReturnType<typeof questionOf>;

function count(q: Question, answer: FormAnswer): void {
  const { field, tally } = q;
  tally.answered += 1;
  if (Array.isArray(answer)) for (const option of answer) tally.add(option);
  else if (typeof answer === 'number') {
    tally.sum += answer;
    tally.numbers += 1;
    if (field.Type === 'rating') tally.add(String(answer));
  } else if (typeof answer === 'string') {
    if (choiceFieldTypes.includes(field.Type)) tally.add(answer);
  } else if (field.Type === 'region') tally.add((answer as { Province: string }).Province);
  else if (q.rows) {
    for (const [row, column] of Object.entries(answer as Record<string, string>)) {
      const rowTally = q.rows.get(row) ?? new Tally(field.Columns);
      q.rows.set(row, rowTally);
      rowTally.answered += 1;
      rowTally.add(column);
    }
  }
}

function summaryOf(q: Question): FormQuestionSummaryDto {
  const { field, tally } = q;
  const averaged = (field.Type === 'rating' || field.Type === 'number') && tally.numbers > 0;
  return {
    Key: field.Key,
    Label: field.Label,
    Type: field.Type,
    Answered: tally.answered,
    Options: tally.options(),
    Average: averaged ? Math.round((tally.sum / tally.numbers) * 100) / 100 : null,
    Matrix: q.rows ? [...q.rows].map(([Row, t]) => ({ Row, Options: t.options() })) : [],
  };
}

/**
 * Summaries made lately, by form, version and filter, with the response count they were made at.
 * Responses are only ever added (a form goes with all of its own), so a summary made at the same
 * count is the same summary: it is kept until a response arrives, or, for the public results of a
 * form still taking answers, for PUBLIC_STALE_MS after that, so visitors reading a busy vote's
 * results do not each count every response again.
 */
type Kept = Map<string, { count: number; at: number; summary: FormSummaryDto }>;
/** Per database: a process may serve (or test) several. */
const keptBy = new WeakMap<Db, Kept>();
const KEPT = 200;
export const PUBLIC_STALE_MS = 5_000;

export async function keptSummary(db: Db, form: StoredForm, f: Filter, o: { now: number; staleMs: number }): Promise<FormSummaryDto> {
  let kept = keptBy.get(db);
  if (!kept) keptBy.set(db, (kept = new Map()));
  const key = JSON.stringify([form.row.id, form.row.version, f]);
  const entry = kept.get(key);
  if (entry && (entry.count === form.row.response_count || o.now - entry.at < o.staleMs)) return entry.summary;
  const summary = await formSummary(db, form, f);
  kept.delete(key);
  if (kept.size >= KEPT) kept.delete(kept.keys().next().value as string);
  kept.set(key, { count: form.row.response_count, at: o.now, summary });
  return summary;
}

export async function formSummary(db: Db, form: StoredForm, f: Filter): Promise<FormSummaryDto> {
  const questions = form.fields.filter((field) => isAnswered(field.Type)).map(questionOf);
  const byKey = new Map(questions.map((q) => [q.field.Key, q]));
  const rows = await filtered(db, form.row.id, f).select('r.answers').execute();
  for (const { answers } of rows) {
    for (const [key, answer] of Object.entries(JSON.parse(answers) as FormAnswers)) {
      const q = byKey.get(key);
      if (q) count(q, answer);
    }
  }
  return { FormId: form.row.id, Title: form.row.title, Kind: form.row.kind, Responses: rows.length, Questions: questions.map(summaryOf) };
}

/** GetFormTexts: one question's text answers, newest first, with part of the text. */
export async function formTexts(db: Db, formId: number, q: FormTextsQuery): Promise<{ items: FormTextAnswerDto[]; total: number }> {
  const matching = filtered(db, formId, q)
    .innerJoin('form_texts as t', 't.response_id', 'r.id')
    .where('t.field_key', '=', q.field)
    .$if(!!q.key, (qb) => qb.where(containing('t.text', q.key ?? '')));
  const { limit, offset } = pageWindow(q);
  const [rows, { total }] = await Promise.all([
    matching
      .select(['t.response_id', 't.text', 't.created_at'])
      .orderBy('t.created_at', 'desc')
      .orderBy('t.response_id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute(),
    matching.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { items: rows.map((r) => ({ ResponseId: r.response_id, Text: r.text, CreateTime: r.created_at })), total: Number(total) };
}

const responseColumns = [
  'r.id',
  'r.form_id',
  'r.form_version',
  'r.member_id',
  'r.member_level_id',
  'r.region',
  'r.ip',
  'r.answers',
  'r.created_at',
  'm.member_name',
] as const;

type ResponseRow = {
  id: number;
  form_id: number;
  form_version: number;
  member_id: number;
  member_level_id: number;
  region: string;
  ip: string;
  answers: string;
  created_at: string;
  member_name: string | null;
};

export const toResponseDto = (r: ResponseRow): FormResponseDto => ({
  ResponseId: r.id,
  FormId: r.form_id,
  FormVersion: r.form_version,
  MemberId: r.member_id,
  MemberName: r.member_name ?? '',
  MemberLevelId: r.member_level_id,
  Region: r.region,
  Ip: r.ip,
  CreateTime: r.created_at,
  Answers: JSON.parse(r.answers) as FormAnswers,
});

/** GetFormResponseList and the export: the filtered responses, newest first, with the member's name. */
export async function formResponses(db: Db, formId: number, f: Filter, paging: PagingQuery): Promise<{ items: ResponseRow[]; total: number }> {
  const matching = filtered(db, formId, f);
  const { limit, offset } = pageWindow(paging);
  const [items, { total }] = await Promise.all([
    matching
      .leftJoin('members as m', 'm.id', 'r.member_id')
      .select(responseColumns)
      .orderBy('r.created_at', 'desc')
      .orderBy('r.id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute(),
    matching.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { items, total: Number(total) };
}

export async function formResponse(db: Db, responseId: number): Promise<ResponseRow | undefined> {
  return db
    .selectFrom('form_responses as r')
    .leftJoin('members as m', 'm.id', 'r.member_id')
    .select(responseColumns)
    .where('r.id', '=', responseId)
    .executeTakeFirst();
}

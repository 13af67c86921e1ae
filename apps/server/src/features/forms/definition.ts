import type { Kysely, Selectable } from 'kysely';
import { formField, formMessages, isAnswered, type FormAudience, type FormDto, type FormField, type FormKind } from '@portal/shared';
import type { DB, FormsTable } from '../../db/schema.js';
import { badRequest, notFound } from '../../http/envelope.js';

/**
 * A form as stored and as read: its row, its definition parsed (the JSON was checked by
 * saveFormBody when saved), and the rule for editing the fields of a form that has answers.
 */

type Db = Kysely<DB>;
export type FormRow = Selectable<FormsTable>;

export interface StoredForm {
  row: FormRow;
  kind: FormKind;
  audience: FormAudience;
  levels: number[];
  fields: FormField[];
}

export const idList = (text: string): number[] => (text === '' ? [] : text.split(',').map(Number));

/** Definitions read lately, by their text: a busy form's is read on every response and parsed once. */
const parsed = new Map<string, FormField[]>();
const PARSED_KEPT = 100;

/**
 * Reads a stored definition; each field through the schema, so settings added later read with
 * their defaults. The fields are shared between readers: never changed in place.
 */
export function parseDefinition(json: string): FormField[] {
  let fields = parsed.get(json);
  if (!fields) {
    fields = (JSON.parse(json) as unknown[]).map((f) => formField.parse(f));
    if (parsed.size >= PARSED_KEPT) parsed.delete(parsed.keys().next().value as string);
    parsed.set(json, fields);
  }
  return fields;
}

export function storedForm(row: FormRow): StoredForm {
  return { row, kind: row.kind as FormKind, audience: row.audience as FormAudience, levels: idList(row.levels), fields: parseDefinition(row.definition) };
}

export async function findForm(db: Db, id: number): Promise<StoredForm> {
  const row = await db.selectFrom('forms').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound(formMessages.notFound);
  return storedForm(row);
}

/** Why a response would not be taken now for reasons of the form alone (status, window, limit); null when it would. */
export function formRefusal(row: FormRow, nowCst: string): string | null {
  if (row.status !== 1) return formMessages.closed;
  if (row.open_time !== '' && nowCst < row.open_time) return formMessages.notYetOpen(row.open_time);
  if (row.close_time !== '' && nowCst >= row.close_time) return formMessages.ended;
  if (row.response_limit > 0 && row.response_count >= row.response_limit) return formMessages.full;
  return null;
}

/** Closed by staff or past its close time: what "after close" means for results. */
export const hasClosed = (row: FormRow, nowCst: string) => row.status !== 1 || (row.close_time !== '' && nowCst >= row.close_time);

/** What both staff and the public page read of a form's settings. */
export const formHeading = (row: FormRow) => ({
  Id: row.id,
  Title: row.title,
  Description: row.description,
  Kind: row.kind,
  Audience: row.audience,
  OpenTime: row.open_time,
  CloseTime: row.close_time,
  Anonymous: row.anonymous === 1,
});

export function toFormDto(row: FormRow, nowCst: string): FormDto {
  return {
    ...formHeading(row),
    Levels: idList(row.levels),
    OncePerMember: row.once_per_member === 1,
    ResponseLimit: row.response_limit,
    PublishSummary: row.publish_summary === 1,
    ResultsVisible: row.results_visible,
    Status: row.status,
    Accepting: formRefusal(row, nowCst) === null,
    ResponseCount: row.response_count,
    Version: row.version,
    CreateTime: row.created_at,
    UpdateTime: row.updated_at,
  };
}

/**
 * The keys of the fields some response answered. Keys are letters, digits and '-', so the
 * pattern holds no LIKE wildcard; a key appears as `"key":` only as a key of the answers
 * (quotes inside answers are escaped). A matrix row named like a key can only make a field
 * read as answered when it is not: the rule is then stricter, never looser.
 */
export async function answeredKeys(db: Db, form: StoredForm): Promise<string[]> {
  if (form.row.response_count === 0) return [];
  const keys = form.fields.filter((f) => isAnswered(f.Type)).map((f) => f.Key);
  const found = await Promise.all(
    keys.map((key) =>
      db.selectFrom('form_responses').select('id').where('form_id', '=', form.row.id).where('answers', 'like', `%"${key}":%`).limit(1).executeTakeFirst(),
    ),
  );
  return keys.filter((_, i) => found[i] !== undefined);
}

/** Refuses an edit that removes a field with answers or changes its type, naming the field. */
export function checkAnsweredFieldsKept(stored: readonly FormField[], answered: readonly string[], next: readonly FormField[]): void {
  for (const key of answered) {
    const before = stored.find((f) => f.Key === key);
    const after = next.find((f) => f.Key === key);
    if (before && (!after || after.Type !== before.Type)) throw badRequest(formMessages.fieldInUse(before.Label));
  }
}

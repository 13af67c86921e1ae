import type { Kysely, Transaction } from 'kysely';
import { checkAnswers, isAnswered, type FormAnswer, type FormAnswers } from '@portal/shared';
import type { Engine } from '../../db/connection.js';
import { containing } from '../../db/like.js';
import { lockKey } from '../../db/key-lock.js';
import type { DB } from '../../db/schema.js';
import { badRequest } from '../../http/envelope.js';
import type { Respondent } from './audience.js';
import { findForm, type StoredForm } from './definition.js';
import { cellOf, fileAddresses } from './export.js';
import { formKey } from './service.js';
import { checkFiles, store } from './submit.js';

/**
 * A form as an activity's sign-up form (报名表; features/activities, a layer above, asks for it).
 * The answers go through the same checks as SubmitForm's (checkAnswers, the member's own
 * uploads) and are stored as the member's response, in the caller's transaction, so a refused
 * sign-up stores no answer and a refused answer takes no place. The activity's rules say who may
 * answer and until when: the form's own window, audience, once-per-member rule and limit are for
 * its own page and are not asked here. A sign-up names the member whatever the form says, as the
 * roster lists who answered what (activities refuse an anonymous form as a sign-up form).
 */

type Db = Kysely<DB>;

/** How many forms the activity editor's picker offers at once; a title narrows them. */
const OPTIONS_SHOWN = 50;

/** Forms that may be a sign-up form (named, not anonymous), newest first, by part of the title: the activity editor's picker. */
export async function signUpFormOptions(db: Db, title: string | undefined) {
  return db
    .selectFrom('forms')
    .select(['id', 'title', 'kind', 'status'])
    .where('anonymous', '=', 0)
    .$if(!!title, (qb) => qb.where(containing('title', title ?? '')))
    .orderBy('id', 'desc')
    .limit(OPTIONS_SHOWN)
    .execute();
}

/**
 * Checks the answers against the form as it is now and stores them; answers the response's id.
 * Holds the form's key (as SubmitForm and a save of the fields do), so no edit of the fields
 * lands between the check and the response.
 */
export async function storeSignUpAnswers(
  trx: Transaction<DB>,
  engine: Engine,
  formId: number,
  r: { who: Respondent; sent: Record<string, unknown>; ip: string; at: string },
): Promise<number> {
  await lockKey(trx, engine, formKey(formId));
  const form = await findForm(trx, formId);
  const result = checkAnswers(form.fields, r.sent);
  if (!result.ok) throw badRequest(result.message);
  await checkFiles(trx, form, r.who, result.answers);
  return store(trx, form, { who: r.who, ip: r.ip, answers: result.answers, at: r.at, named: true });
}

/** The questions of a form (no headings or descriptions), as columns over its answers. */
export const answeredFields = (form: StoredForm) => form.fields.filter((f) => isAnswered(f.Type));

/**
 * Some responses' answers as the form's export writes them (cellOf), as text by field key and
 * by response id; a file's cell is a link that works for 30 days (files.ts).
 */
export async function answerTexts(db: Db, form: StoredForm, responseIds: readonly number[], at: { now: number; base: string }) {
  const texts = new Map<number, Record<string, string>>();
  if (responseIds.length === 0) return texts;
  const rows = await db.selectFrom('form_responses').select(['id', 'answers']).where('form_id', '=', form.row.id).where('id', 'in', responseIds).execute();
  const answers = rows.map((r) => ({ id: r.id, answers: JSON.parse(r.answers) as FormAnswers }));
  const links = await fileAddresses(
    db,
    form,
    answers.map((r) => r.answers),
    at,
  );
  const fields = answeredFields(form);
  for (const r of answers) {
    const cells = fields.map((f) => [f.Key, String(cellOf(f, r.answers[f.Key] as FormAnswer | undefined, links))] as const);
    texts.set(r.id, Object.fromEntries(cells.filter(([, text]) => text !== '')));
  }
  return texts;
}

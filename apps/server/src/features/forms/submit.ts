import type { Kysely } from 'kysely';
import { checkAnswers, formatCst, formFileAccepts, formMessages, systemMessages, textFieldTypes, type FormAnswers, type SubmitFormBody } from '@portal/shared';
import type { DB } from '../../db/schema.js';
import { isUniqueViolation } from '../../db/unique-violation.js';
import type { Services } from '../../http/app-types.js';
import { recordConsent, type Consent } from '../privacy/consents.js';
import { badRequest } from '../../http/envelope.js';
import { consumeCaptcha } from '../system/auth/captcha.js';
import { extensionOf } from '../uploads/checks.js';
import { audienceRefusal, hasResponded, oncePerMember, type Respondent } from './audience.js';
import { findForm, formRefusal, type StoredForm } from './definition.js';
import { formLocked } from './service.js';

/**
 * SubmitForm: a response checked against everything the form says, then stored under the
 * form's key (db/key-lock.ts) with the count and the limit, so responses arriving at once on
 * any instance are counted one after the other. One response per member is the primary key
 * of form_respondents, written in the same transaction: of two submissions by one member, the
 * second insert fails and nothing of it is stored.
 *
 * The checks run before the captcha is used up, so a wrong answer costs the visitor no new
 * captcha; they run again under the key against the form as it is then (an edit, a close or
 * the last place taken meanwhile).
 */

export const UPLOAD_KIND = 'formFile';

/** Everything but the captcha: the form open to this caller, the answers right, the files theirs. */
async function checked(db: Kysely<DB>, form: StoredForm, who: Respondent, sent: Record<string, unknown>, nowCst: string): Promise<FormAnswers> {
  const refusal = formRefusal(form.row, nowCst);
  if (refusal) throw badRequest(refusal);
  const outside = audienceRefusal(form, who);
  if (outside) throw outside;
  const result = checkAnswers(form.fields, sent);
  if (!result.ok) throw badRequest(result.message);
  await checkFiles(db, form, who, result.answers);
  return result.answers;
}

/** A file answer names an upload of UploadFormFile by the same sender, not yet given to another response, of the kind the field takes. */
export async function checkFiles(db: Kysely<DB>, form: StoredForm, who: Respondent, answers: FormAnswers): Promise<void> {
  const owner = who.member ? `member:${who.member.memberId}` : 'visitor';
  for (const field of form.fields.filter((f) => f.Type === 'file' && answers[f.Key] !== undefined)) {
    const upload = await db
      .selectFrom('uploads')
      .select('original_name')
      .where('path', '=', String(answers[field.Key]))
      .where('kind', '=', UPLOAD_KIND)
      .where('owner', '=', owner)
      .where('adopted', '=', 0)
      .executeTakeFirst();
    if (!upload) throw badRequest(formMessages.fileMissing(field.Label));
    if (field.Accept !== 'any' && !formFileAccepts[field.Accept].includes(extensionOf(upload.original_name)))
      throw badRequest(formMessages.fileKind(field.Label));
  }
}

export interface Submission {
  formId: number;
  body: SubmitFormBody;
  who: Respondent;
  ip: string;
  consent: Consent;
}

/** Stores a response; answers its id. */
export async function submitResponse({ database, now }: Services, { formId, body, who, ip, consent }: Submission): Promise<number> {
  const { db } = database;
  const at = formatCst(now());
  const form = await findForm(db, formId);
  await checked(db, form, who, body.Answers, at);
  const once = oncePerMember(form, who);
  if (once && who.member && (await hasResponded(db, formId, who.member.memberId))) throw badRequest(formMessages.alreadyResponded);
  if (!who.member) {
    if (!body.Captcha || !body.CaptchaTicket) throw badRequest(formMessages.captchaRequired);
    if (!(await consumeCaptcha(database, body.CaptchaTicket, body.Captcha, now()))) throw badRequest(systemMessages.captchaInvalid);
  }
  try {
    return await formLocked(database, formId, async (trx) => {
      const current = await findForm(trx, formId);
      const answers = await checked(trx, current, who, body.Answers, at);
      if (once && who.member) await trx.insertInto('form_respondents').values({ form_id: formId, member_id: who.member.memberId }).execute();
      const named = current.row.anonymous !== 1;
      const id = await store(trx, current, { who, ip, answers, at, named });
      // An anonymous form's consent names no member: it would tie the answers to who gave them.
      await recordConsent(trx, consent, 'form', id, named ? (who.member?.memberId ?? null) : null);
      return id;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw badRequest(formMessages.alreadyResponded);
    throw error;
  }
}

/** A response to store; `named` false keeps who gave it out (an anonymous form). */
export interface NewResponse {
  who: Respondent;
  ip: string;
  answers: FormAnswers;
  at: string;
  named: boolean;
}

/** Stores checked answers as a response, with its searchable texts, its files kept and the form's count; answers its id. */
export async function store(trx: Kysely<DB>, form: StoredForm, r: NewResponse): Promise<number> {
  const { named } = r;
  const { id } = await trx
    .insertInto('form_responses')
    .values({
      form_id: form.row.id,
      form_version: form.row.version,
      member_id: named ? (r.who.member?.memberId ?? 0) : 0,
      member_level_id: named ? r.who.levelId : 0,
      region: named ? r.who.region.slice(0, 50) : '',
      ip: named ? r.ip.slice(0, 45) : '',
      answers: JSON.stringify(r.answers),
      created_at: r.at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const texts = form.fields
    .filter((f) => textFieldTypes.includes(f.Type) && typeof r.answers[f.Key] === 'string')
    .map((f) => ({ response_id: id, form_id: form.row.id, field_key: f.Key, text: String(r.answers[f.Key]), created_at: r.at }));
  if (texts.length > 0) await trx.insertInto('form_texts').values(texts).execute();
  const files = form.fields.filter((f) => f.Type === 'file' && r.answers[f.Key] !== undefined).map((f) => String(r.answers[f.Key]));
  // Named by this response: the sweep keeps them, and no other response can take them.
  if (files.length > 0) await trx.updateTable('uploads').set({ adopted: 1 }).where('path', 'in', files).execute();
  await trx
    .updateTable('forms')
    .set((eb) => ({ response_count: eb('response_count', '+', 1) }))
    .where('id', '=', form.row.id)
    .execute();
  return id;
}

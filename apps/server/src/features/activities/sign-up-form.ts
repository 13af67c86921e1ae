import type { Kysely, Transaction } from 'kysely';
import { activityMessages, Code, privacyMessages, type FormField } from '@portal/shared';
import type { Database } from '../../db/connection.js';
import type { DB } from '../../db/schema.js';
import { AppError, badRequest } from '../../http/envelope.js';
import type { MemberPrincipal } from '../members/guard.js';
import { respondentOf } from '../forms/audience.js';
import { findForm, type StoredForm } from '../forms/definition.js';
import { answeredFields, answerTexts, storeSignUpAnswers } from '../forms/sign-up.js';
import { recordConsent, type Consent } from '../privacy/consents.js';

/**
 * 报名表: the form of 表单与问卷 an activity's members fill in when they sign up or join its
 * waitlist (docs/decisions.md, "Activities: a form as the sign-up form"). The forms feature
 * checks and stores the answers (forms/sign-up.ts); here is what the activity keeps of them: the
 * form it names (activities.sign_up_form_id) and, on each notice, the response its member asked
 * for a place with (activity_notices.sign_up_response_id, cleared when the place or the queue is
 * left). A form deleted since reads as none.
 */

type Db = Kysely<DB>;

/** The form an activity names; null for none, or for one deleted since. */
export async function signUpFormOf(db: Db, formId: number): Promise<StoredForm | null> {
  if (formId === 0) return null;
  return findForm(db, formId).catch((error: unknown) => {
    if (error instanceof AppError && error.code === Code.NotFound) return null;
    throw error;
  });
}

/**
 * A save that changes the sign-up form, in its transaction after the activity's row is locked:
 * the new form must exist and name who answered, and the form cannot change once a member has
 * answered it (their answers would stand under another form's columns).
 */
export async function checkSignUpFormChange(trx: Db, activityId: number | null, from: number, to: number): Promise<void> {
  if (from === to) return;
  if (activityId !== null) {
    const answered = await trx
      .selectFrom('activity_notices')
      .select('id')
      .where('activity_id', '=', activityId)
      .where('sign_up_response_id', '!=', 0)
      .limit(1)
      .executeTakeFirst();
    if (answered) throw badRequest(activityMessages.signUpFormLocked);
  }
  if (to === 0) return;
  const form = await findForm(trx, to).catch((error: unknown) => {
    throw error instanceof AppError && error.code === Code.NotFound ? badRequest(error.message) : error;
  });
  if (form.row.anonymous === 1) throw badRequest(activityMessages.signUpFormAnonymous);
}

/** What a member sends with a sign-up or a join of the waitlist: the answers, and where from. */
export interface SignUpAnswers {
  member: MemberPrincipal;
  sent: Record<string, unknown>;
  ip: string;
  /** The privacy consent ticked on the form: required when the activity has one. */
  consent: Consent | null;
}

/**
 * Stores the answers to the activity's sign-up form as the member's response, in the caller's
 * transaction, which already holds the activity's row (so the form read is the one a save
 * left); answers the response's id, or 0 when the activity has no form (the answers are then
 * not asked for and ignored). Answers are personal data: they are stored only with the member's
 * consent to the current privacy policy, recorded beside them.
 */
export async function answerSignUpForm(trx: Transaction<DB>, database: Database, activityId: number, answers: SignUpAnswers, at: string): Promise<number> {
  const { sign_up_form_id: formId } = await trx.selectFrom('activities').select('sign_up_form_id').where('id', '=', activityId).executeTakeFirstOrThrow();
  if (!(await signUpFormOf(trx, formId))) return 0;
  const who = await respondentOf(trx, answers.member);
  const response = await storeSignUpAnswers(trx, database.engine, formId, { who, sent: answers.sent, ip: answers.ip, at });
  // After the answers' own checks, which say what to correct first; the transaction undoes the store.
  if (!answers.consent) throw badRequest(privacyMessages.consentRequired);
  await recordConsent(trx, answers.consent, 'signUp', activityId, answers.member.memberId);
  return response;
}

/** The sign-up form's questions, for the member's page (all its fields) and the roster's columns. */
export async function signUpFields(db: Db, formId: number): Promise<{ form: StoredForm | null; fields: FormField[]; columns: FormField[] }> {
  const form = await signUpFormOf(db, formId);
  return { form, fields: form?.fields ?? [], columns: form ? answeredFields(form) : [] };
}

/** Each row's answers to the sign-up form `formId` as text by field key ({} without an answer), read for the rows at once. */
export async function withSignUpAnswers<T extends { signUpResponseId: number }>(
  db: Db,
  formId: number,
  rows: readonly T[],
  at: { now: number; base: string },
): Promise<(T & { signUpAnswers: Record<string, string> })[]> {
  const ids = rows.map((r) => r.signUpResponseId).filter((id) => id !== 0);
  const form = ids.length > 0 ? await signUpFormOf(db, formId) : null;
  const texts = form ? await answerTexts(db, form, ids, at) : new Map<number, Record<string, string>>();
  return rows.map((r) => ({ ...r, signUpAnswers: texts.get(r.signUpResponseId) ?? {} }));
}

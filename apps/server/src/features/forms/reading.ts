import type { Kysely } from 'kysely';
import { Code, formatCst, formMessages, type FormAnswers, type MyFormResponseDto, type PublicFormDto } from '@portal/shared';
import type { DB } from '../../db/schema.js';
import { AppError } from '../../http/envelope.js';
import { audienceRefusal, hasResponded, oncePerMember, type Respondent } from './audience.js';
import { findForm, formHeading, formRefusal, hasClosed, type StoredForm } from './definition.js';

/** What the public page and the member area read of forms. */

type Db = Kysely<DB>;

/**
 * Whether the caller may see the results now: a vote by its own rule (during, or after it
 * closes), a form or survey once closed if staff chose to publish its summary; in both cases
 * only to those the form is for.
 */
export function resultsRefusal(form: StoredForm, who: Respondent, nowCst: string): AppError | null {
  const closed = hasClosed(form.row, nowCst);
  const shown = form.kind === 'vote' ? form.row.results_visible === 'during' || closed : form.row.publish_summary === 1 && closed;
  if (!shown) return new AppError(Code.Forbidden, formMessages.resultsHidden);
  return audienceRefusal(form, who);
}

export async function publicForm(db: Db, id: number, who: Respondent, now: number): Promise<PublicFormDto> {
  const form = await findForm(db, id);
  const at = formatCst(now);
  const { row } = form;
  const responded = oncePerMember(form, who) && who.member !== null && (await hasResponded(db, id, who.member.memberId));
  const refusal = formRefusal(row, at) ?? audienceRefusal(form, who)?.message ?? (responded ? formMessages.alreadyResponded : null);
  return {
    ...formHeading(row),
    NeedsCaptcha: who.member === null,
    Accepting: formRefusal(row, at) === null,
    Refusal: refusal ?? '',
    ResultsOpen: resultsRefusal(form, who, at) === null,
    Fields: form.fields,
  };
}

/** What a form's page says of it in its head: its title and introduction, and whether it is for everyone; undefined when there is no such form. */
export async function formHead(db: Db, id: number): Promise<{ title: string; description: string; isPublic: boolean } | undefined> {
  const row = await db.selectFrom('forms').select(['title', 'description', 'audience']).where('id', '=', id).executeTakeFirst();
  return row && { title: row.title, description: row.description, isPublic: row.audience === 'public' };
}

/** GetMyFormResponses: the member's named responses, newest first. */
export async function myResponses(db: Db, memberId: number): Promise<MyFormResponseDto[]> {
  const rows = await db
    .selectFrom('form_responses as r')
    .innerJoin('forms as f', 'f.id', 'r.form_id')
    .select(['r.id', 'r.form_id', 'f.title', 'f.kind', 'r.created_at', 'r.answers'])
    .where('r.member_id', '=', memberId)
    .orderBy('r.created_at', 'desc')
    .orderBy('r.id', 'desc')
    .limit(200)
    .execute();
  return rows.map((r) => ({
    ResponseId: r.id,
    FormId: r.form_id,
    FormTitle: r.title,
    Kind: r.kind,
    CreateTime: r.created_at,
    Answers: JSON.parse(r.answers) as FormAnswers,
  }));
}

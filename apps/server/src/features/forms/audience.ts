import type { Kysely } from 'kysely';
import { Code, formMessages } from '@portal/shared';
import type { DB } from '../../db/schema.js';
import { AppError } from '../../http/envelope.js';
import { inGoodStanding, type MemberPrincipal } from '../members/guard.js';
import type { StoredForm } from './definition.js';

/**
 * Who may answer a form: anyone on a public form (a visitor with the captcha), otherwise a
 * signed-in member, of the chosen levels or in good standing when the form says so.
 */

/** The member as the audience rules and the results' filters read them. */
export interface Respondent {
  member: MemberPrincipal | null;
  levelId: number;
  region: string;
}

export async function respondentOf(db: Kysely<DB>, member: MemberPrincipal | null): Promise<Respondent> {
  if (!member) return { member: null, levelId: 0, region: '' };
  const row = await db.selectFrom('members').select(['member_level_id', 'region']).where('id', '=', member.memberId).executeTakeFirst();
  return { member, levelId: row?.member_level_id ?? 0, region: row?.region ?? '' };
}

/** The refusal for a caller outside the form's audience, or null. */
export function audienceRefusal(form: StoredForm, who: Respondent): AppError | null {
  if (form.audience === 'public') return null;
  if (!who.member) return new AppError(Code.MemberSession, formMessages.membersOnly);
  if (form.audience === 'levels' && !form.levels.includes(who.levelId)) return new AppError(Code.Forbidden, formMessages.notInAudience);
  if (form.audience === 'standing' && !inGoodStanding(who.member)) return new AppError(Code.Forbidden, formMessages.lapsed);
  return null;
}

/** Whether the form takes one response per member from this caller (member audiences, when set; a member on a public form answers as a visitor does). */
export const oncePerMember = (form: StoredForm, who: Respondent) => who.member !== null && form.audience !== 'public' && form.row.once_per_member === 1;

/** Whether the member has already responded to a once-per-member form. */
export async function hasResponded(db: Kysely<DB>, formId: number, memberId: number): Promise<boolean> {
  const row = await db.selectFrom('form_respondents').select('member_id').where('form_id', '=', formId).where('member_id', '=', memberId).executeTakeFirst();
  return row !== undefined;
}

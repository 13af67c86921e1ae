import type { Kysely } from 'kysely';
import {
  addDays,
  cstDate,
  memberMessages,
  memberNo,
  type MembershipDto,
  membershipMessages,
  MembershipState,
  membershipStateNames,
  membershipTerms,
  toYuan,
} from '@portal/shared';
import type { DB } from '../../db/schema.js';
import { notFound } from '../../http/envelope.js';
import { nextTerm, termsOf } from '../members/level-terms.js';
import { duesAccount } from './dues-account.js';

/** Days before 有效期至 from which the member area asks for renewal. */
const RENEW_SOON_DAYS = 30;

/** What the member area's header says of a membership, '' for nothing. */
function noticeOf(state: MembershipState, expireDate: string, graceEnd: string, today: string): string {
  if (state === MembershipState.Grace) return membershipMessages.graceNotice(graceEnd);
  if (state === MembershipState.Expired) return membershipMessages.lapsed;
  if (state === MembershipState.Active && expireDate !== '' && expireDate <= addDays(today, RENEW_SOON_DAYS)) return membershipMessages.renewSoon(expireDate);
  return '';
}

/** A member's standing (GetMyMembership, GetMembership/{id}). */
export async function membershipOf(db: Kysely<DB>, memberId: number, now: number): Promise<MembershipDto> {
  const m = await db
    .selectFrom('members as m')
    .leftJoin('type_items as t', 't.id', 'm.member_level_id')
    .select(['m.id', 'm.member_name', 'm.member_level_id', 't.name as level_name', 'm.membership_state', 'm.join_date', 'm.expire_date', 'm.card_revoked_at'])
    .where('m.id', '=', memberId)
    .executeTakeFirst();
  if (!m) throw notFound(memberMessages.memberNotFound);
  const [terms, account] = await Promise.all([termsOf(db, m.member_level_id), duesAccount(db)]);
  const state = m.membership_state as MembershipState;
  const today = cstDate(now);
  const graceEnd = m.expire_date === '' ? '' : addDays(m.expire_date, terms.graceDays);
  const renewal = terms.annualFeeFen > 0 ? nextTerm(terms, m.expire_date, today) : { from: '', to: '' };
  return {
    MemberId: m.id,
    MemberNo: memberNo(m.id),
    MemberName: m.member_name,
    LevelId: m.member_level_id,
    LevelName: m.level_name ?? '',
    AnnualFee: toYuan(terms.annualFeeFen),
    Term: terms.term,
    TermName: membershipTerms[terms.term],
    GraceDays: terms.graceDays,
    State: state,
    StateName: membershipStateNames[state],
    JoinDate: m.join_date,
    ExpireDate: m.expire_date,
    GraceEndDate: graceEnd,
    Notice: noticeOf(state, m.expire_date, graceEnd, today),
    CardRevokedAt: m.card_revoked_at,
    RenewalFrom: renewal.from,
    RenewalTo: renewal.to,
    DuesAccount: account,
  };
}

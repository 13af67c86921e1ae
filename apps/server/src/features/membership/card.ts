import { createHmac, timingSafeEqual } from 'node:crypto';
import { expressionBuilder, type Kysely } from 'kysely';
import {
  addDays,
  ApplyState,
  cstDate,
  formatCst,
  memberMessages,
  memberNo,
  membershipMessages,
  MembershipState,
  type MembershipState as State,
  w3cTime,
} from '@portal/shared';
import type { DB } from '../../db/schema.js';
import { siteSecret } from '../../db/site-secret.js';
import { badRequest, notFound } from '../../http/envelope.js';
import { dayStart } from '../certificates/credential.js';
import { ISSUER_PATH, issuerProfile, VC_CONTEXT } from '../credentials/issuer.js';
import { MEMBERSHIP_CONTEXT_PATH } from '../credentials/membership-context.js';
import { statusEntry, statusPosition, type StatusFamily } from '../credentials/status-list.js';
import { signCredential, subjectId } from '../credentials/vc-jwt.js';
import { stateOf } from '../members/states.js';
import { termsOf } from '../members/level-terms.js';

/**
 * The electronic membership card (电子会员证): who may have it, the address its QR code opens,
 * and the signed credential that states the membership.
 *
 * The verification address is /member-card/verify/<token>, the token `HY000123.<signature>`:
 * the member number the card prints, and an HMAC-SHA256 of it under a key the site keeps in its
 * database (site_secrets, shared by every instance). Nothing is stored per card, one member
 * has one address for good, and nobody without the key can make the address of a number, so
 * members cannot be listed by guessing. The page reads the member's standing when it is
 * opened: an expiry, a suspension or a revocation shows on the address already printed.
 */

type Db = Kysely<DB>;

/** The address of a card's verification page, relative to the site's. */
export const CARD_VERIFY_PATH = '/member-card/verify';

/** The key of the tokens (site_secrets). */
const cardKey = siteSecret('member-card');

/** 16 bytes of HMAC, base64url: 22 characters. */
const signature = (key: Buffer, number: string) => createHmac('sha256', key).update(`member-card:${number}`).digest().subarray(0, 16).toString('base64url');

/** The verification token of a member's card. */
export async function cardToken(db: Db, memberId: number, now: number): Promise<string> {
  const number = memberNo(memberId);
  return `${number}.${signature(await cardKey(db, now), number)}`;
}

/** The member a verification token names, or undefined when it is not one the site made. */
export async function memberOfToken(db: Db, token: string, now: number): Promise<number | undefined> {
  const match = /^(HY(\d{6,10}))\.([\w-]{22})$/.exec(token);
  if (!match) return undefined;
  const expected = Buffer.from(signature(await cardKey(db, now), match[1]!));
  const given = Buffer.from(match[3]!);
  return given.length === expected.length && timingSafeEqual(given, expected) ? Number(match[2]) : undefined;
}

/** What a card's verification says of the membership today. */
export type CardState = 'valid' | 'grace' | 'expired' | 'revoked' | 'suspended';

/** A member's card as the image, the credential and the verification page show it. */
export interface MemberCard {
  memberId: number;
  memberNo: string;
  company: string;
  level: string;
  /** yyyy-MM-dd, or ''. */
  joinDate: string;
  /** yyyy-MM-dd; '' for a membership without an end (长期). */
  expireDate: string;
  /** The last day of grace; '' without an end date. */
  graceEnd: string;
  state: CardState;
  /** When it was revoked (yyyy-MM-dd HH:mm:ss), '' when it was not. */
  revokedAt: string;
  /** When its credential was first issued (yyyy-MM-dd HH:mm:ss), '' before. */
  issuedAt: string;
}

const cardStates: Record<State, CardState> = {
  [MembershipState.Active]: 'valid',
  [MembershipState.Grace]: 'grace',
  [MembershipState.Expired]: 'expired',
  [MembershipState.Suspended]: 'suspended',
};

/**
 * A member's card as of `now`, or undefined for no member of the association (an applicant,
 * a rejected application, an unknown id). The standing is worked out for today from the
 * dates and the level's grace, as states.ts does, rather than read from the stored state
 * the hourly job keeps: a verifier is told the truth of the day.
 */
export async function cardOf(db: Db, memberId: number, now: number): Promise<MemberCard | undefined> {
  const m = await db
    .selectFrom('members as m')
    .leftJoin('type_items as t', 't.id', 'm.member_level_id')
    .select([
      'm.id',
      'm.member_name',
      'm.member_level_id',
      't.name as level_name',
      'm.status',
      'm.apply_state',
      'm.join_date',
      'm.expire_date',
      'm.card_revoked_at',
      'm.card_issued_at',
    ])
    .where('m.id', '=', memberId)
    .executeTakeFirst();
  if (!m || m.apply_state !== ApplyState.Approved) return undefined;
  const { graceDays } = await termsOf(db, m.member_level_id);
  const standing = stateOf({ status: m.status, expireDate: m.expire_date }, graceDays, cstDate(now));
  return {
    memberId: m.id,
    memberNo: memberNo(m.id),
    company: m.member_name,
    level: m.level_name ?? '',
    joinDate: m.join_date,
    expireDate: m.expire_date,
    graceEnd: m.expire_date === '' ? '' : addDays(m.expire_date, graceDays),
    state: m.card_revoked_at ? 'revoked' : cardStates[standing],
    revokedAt: m.card_revoked_at,
    issuedAt: m.card_issued_at,
  };
}

/** The member's own card, to download: only while the membership stands (有效, 宽限期) and the card is not revoked. */
export async function ownCard(db: Db, memberId: number, now: number): Promise<MemberCard> {
  const card = await cardOf(db, memberId, now);
  if (!card) throw notFound(memberMessages.memberNotFound);
  if (card.state === 'revoked') throw badRequest(membershipMessages.cardRevoked);
  if (card.state === 'expired') throw badRequest(membershipMessages.lapsed);
  if (card.state === 'suspended') throw badRequest(membershipMessages.suspended);
  return card;
}

/**
 * RevokeMemberCard: revoke (with the reason, kept for staff; the page shows the date) or
 * restore. Answers the member's name for the audit log.
 */
export async function setCardRevoked(db: Db, memberId: number, revoke: boolean, reason: string, now: number): Promise<string> {
  const member = await db.selectFrom('members').select('member_name').where('id', '=', memberId).executeTakeFirst();
  if (!member) throw notFound(memberMessages.memberNotFound);
  await db
    .updateTable('members')
    .set(revoke ? { card_revoked_at: formatCst(now), card_revoke_reason: reason } : { card_revoked_at: '', card_revoke_reason: '' })
    .where('id', '=', memberId)
    .execute();
  return member.member_name;
}

/**
 * The member cards' revocation lists: a card stands while it is not revoked and the membership
 * is 有效 or in 宽限期, by the stored state (states.ts: recomputed at once on a payment, an edit
 * or a status change, and by the daily job as the calendar moves). A lapse is in the lists as
 * well as in the credential's validUntil because staff can shorten a membership after the
 * credential was issued.
 */
const members = expressionBuilder<DB, 'members'>();
export const cardStatus: StatusFamily = {
  name: 'member-cards',
  table: 'members',
  column: 'card_status_index',
  standing: members.and([
    members('card_revoked_at', '=', ''),
    members('apply_state', '=', ApplyState.Approved),
    members('membership_state', 'in', [MembershipState.Active, MembershipState.Grace]),
  ]),
};

/**
 * When the card's credential was first issued: kept by the first download (a conditional write,
 * so of two first downloads at once the earlier write stays and both read it).
 */
async function issuedAt(db: Db, card: MemberCard, now: number): Promise<string> {
  if (card.issuedAt) return card.issuedAt;
  await db
    .updateTable('members')
    .set({ card_issued_at: formatCst(now) })
    .where('id', '=', card.memberId)
    .where('card_issued_at', '=', '')
    .execute();
  const { card_issued_at } = await db.selectFrom('members').select('card_issued_at').where('id', '=', card.memberId).executeTakeFirstOrThrow();
  return card_issued_at;
}

/** The end of a CST day, as an XML Schema dateTime: the first moment of the next. */
const dayEnd = (day: string) => dayStart(addDays(day, 1));

/**
 * The card as a W3C Verifiable Credential (data model 2.0) secured as a VC-JWT with the
 * association's key, as the certificates are (features/credentials): the membership of
 * `credentialSubject` (member number, company, level, 入会日期, 有效期至, each date left out
 * when there is none) issued by the association, in terms VC 2.0's context and the
 * association's membership context define (credentials/membership-context.ts). Its id is the
 * card's verification page, which says whether it still stands; validFrom is when the card's
 * first credential was issued, the same in every copy, as the id is; validUntil (the JWT's exp)
 * is the end of the last day of grace, after which the membership lapses unless renewed; a
 * membership without an end has none. Both are in whole seconds, as nbf and exp are. Its
 * credentialStatus names the card's place in the member cards' revocation list. The subject's
 * id is a urn:uuid made from the card's token: one per member, and not to be worked out from
 * the member number.
 */
export async function cardCredential(db: Db, now: () => number, card: MemberCard, site: { base: string; issuer: string; verifyUrl: string }): Promise<string> {
  const position = await statusPosition(db, cardStatus, card.memberId);
  return signCredential(db, now, site.base, {
    '@context': [VC_CONTEXT, site.base + MEMBERSHIP_CONTEXT_PATH],
    id: site.verifyUrl,
    type: ['VerifiableCredential', 'MembershipCredential'],
    name: `${site.issuer}电子会员证 ${card.memberNo}`,
    description: `${card.company}是${site.issuer}${card.level}，会员编号 ${card.memberNo}，有效期至 ${card.expireDate || '长期'}`,
    issuer: issuerProfile(site.base, site.issuer),
    validFrom: w3cTime(await issuedAt(db, card, now())),
    ...(card.graceEnd ? { validUntil: dayEnd(card.graceEnd) } : {}),
    credentialSubject: {
      id: subjectId(`member-card:${await cardToken(db, card.memberId, now())}`),
      type: ['Organization', 'Member'],
      name: card.company,
      memberOf: { id: site.base + ISSUER_PATH, name: site.issuer },
      memberNo: card.memberNo,
      level: card.level,
      ...(card.joinDate ? { joinDate: card.joinDate } : {}),
      ...(card.expireDate ? { expireDate: card.expireDate } : {}),
    },
    credentialStatus: statusEntry(site.base, cardStatus, position),
  });
}

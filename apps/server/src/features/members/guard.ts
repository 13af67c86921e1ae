import type { FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import { ApplyState, Code, MembershipState, membershipMessages, MemberStatus, systemMessages } from '@portal/shared';
import type { Audience } from '../../cache/response-cache.js';
import { resumeMemberSession, type LiveMemberSession } from '../system/auth/member-sessions.js';
import { requestToken } from '../../http/request-token.js';
import { AppError } from '../../http/envelope.js';
import { documentGuard } from '../../http/guard-docs.js';
import { PRIVATE_ANSWER } from '../../http/security-headers.js';

/**
 * Who a public call comes from, as far as the member area cares (docs/api.md, "Everywhere"):
 *
 *   - optionalMember: the signed-in member, or null for a visitor (news lists and details use
 *     it to show member-only text); never refuses the call.
 *   - requireMember (onRequest): member-only calls (EditMember, the member's lists); no member
 *     session answers Code 401. Read the member with currentMember(request).
 *   - requireMemberPendingPassword (onRequest): GetUserInfo and EditMemberPwd, the calls a member
 *     whose password must change (an import's initial one, known to the staff) can still make.
 *     Every other call refuses that member with Code 403 首次登录请先修改初始密码, as the back
 *     office refuses such an admin (features/system/auth/guard.ts), and member-only content reads
 *     as for a visitor, until the password is replaced.
 *   - requireMemberInGoodStanding (onRequest): what membership is for (member-only articles,
 *     contributions, activity sign-up); a member whose membership has lapsed (已过期) answers
 *     Code 403 会员资格已过期，请续费后使用. inGoodStanding(member) tells the same for reads
 *     that merely show less.
 *   - requireApplicant (onRequest): GetMemberApplyRc; a member session or the application
 *     token handed out with GetLoginToken's Code 510/511. Read it with currentApplicant(request).
 *
 * Admin tokens live in another table and are never found here.
 */
export interface MemberPrincipal {
  sessionId: number;
  memberId: number;
  account: string;
  /** MembershipState, read with the session (no further query). */
  membershipState: number;
  /** The password must be replaced before anything else opens. */
  mustChangePassword: boolean;
}

export interface ApplicantPrincipal extends MemberPrincipal {
  /** 'application' for an applicant's token, 'member' for a signed-in member. */
  scope: LiveMemberSession['scope'];
}

/** One session lookup per request, however many helpers ask. */
const lookups = new WeakMap<FastifyRequest, Promise<ApplicantPrincipal | null>>();

/** The session behind the request's token, of either scope; null without one. */
async function lookUp(request: FastifyRequest): Promise<ApplicantPrincipal | null> {
  const token = requestToken(request);
  if (!token) return null;
  const { database, now } = request.server.services;
  const session = await resumeMemberSession(database.db, token, now());
  // A disabled member has no session at all; a member session also needs an approved application.
  if (!session || session.status !== MemberStatus.Enabled) return null;
  if (session.scope === 'member' && session.applyState !== ApplyState.Approved) return null;
  const { sessionId, memberId, account, membershipState, mustChangePassword, scope } = session;
  return { sessionId, memberId, account, membershipState, mustChangePassword, scope };
}

function sessionOf(request: FastifyRequest): Promise<ApplicantPrincipal | null> {
  let lookup = lookups.get(request);
  if (!lookup) {
    lookup = lookUp(request);
    lookups.set(request, lookup);
  }
  return lookup;
}

/** The signed-in member, whether or not their password must change first. */
async function signedInMember(request: FastifyRequest): Promise<MemberPrincipal | null> {
  const session = await sessionOf(request);
  return session?.scope === 'member' ? session : null;
}

/** The signed-in member for what members read; a member whose password must change first reads as a visitor. */
export async function optionalMember(request: FastifyRequest): Promise<MemberPrincipal | null> {
  const member = await signedInMember(request);
  return member && !member.mustChangePassword ? member : null;
}

const passwordFirst = () => new AppError(Code.Forbidden, systemMessages.mustChangePassword);

/** An application token, for ApplyMember to recognise a resubmission; null otherwise. */
export async function optionalApplication(request: FastifyRequest): Promise<ApplicantPrincipal | null> {
  const session = await sessionOf(request);
  return session?.scope === 'application' ? session : null;
}

export const requireMember: onRequestAsyncHookHandler = documentGuard(
  async function memberGuard(request, reply) {
    void reply.header('cache-control', PRIVATE_ANSWER);
    const member = await signedInMember(request);
    if (!member) throw new AppError(Code.MemberSession);
    if (member.mustChangePassword) throw passwordFirst();
  },
  { 'x-member-session': 'member' },
);

/** GetUserInfo and EditMemberPwd: open to a member whose password must change, so the client can show that step and take it. */
export const requireMemberPendingPassword: onRequestAsyncHookHandler = documentGuard(
  async function pendingPasswordGuard(request, reply) {
    void reply.header('cache-control', PRIVATE_ANSWER);
    if (!(await signedInMember(request))) throw new AppError(Code.MemberSession);
  },
  { 'x-member-session': 'member' },
);

/** 有效 and 宽限期 keep a member's services; 已过期 (and 已停用, which has no session anyway) lose them. */
export const inGoodStanding = (member: MemberPrincipal) =>
  member.membershipState === MembershipState.Active || member.membershipState === MembershipState.Grace;

export const requireMemberInGoodStanding: onRequestAsyncHookHandler = documentGuard(
  async function goodStandingGuard(request, reply) {
    void reply.header('cache-control', PRIVATE_ANSWER);
    const member = await signedInMember(request);
    if (!member) throw new AppError(Code.MemberSession);
    if (member.mustChangePassword) throw passwordFirst();
    if (!inGoodStanding(member)) throw new AppError(Code.Forbidden, membershipMessages.lapsed);
  },
  { 'x-member-session': 'member-in-good-standing' },
);

export const requireApplicant: onRequestAsyncHookHandler = documentGuard(
  async function applicantGuard(request, reply) {
    void reply.header('cache-control', PRIVATE_ANSWER);
    const session = await sessionOf(request);
    if (!session) throw new AppError(Code.MemberSession);
    if (session.scope === 'member' && session.mustChangePassword) throw passwordFirst();
  },
  { 'x-member-session': 'applicant' },
);

/**
 * Who a cached public answer is for (cache/response-cache.ts, whose per-audience routes app.ts
 * hands this): a visitor without a token is known at once; with one, the session decides (one
 * lookup per request).
 */
export async function audienceOfRequest(request: FastifyRequest): Promise<Audience> {
  if (!request.headers.token && !request.headers.authorization) return 'visitor';
  const member = await optionalMember(request);
  if (!member) return 'visitor';
  return inGoodStanding(member) ? 'member' : 'lapsed';
}

/** The member admitted by requireMember, requireMemberPendingPassword or requireMemberInGoodStanding. */
export async function currentMember(request: FastifyRequest): Promise<MemberPrincipal> {
  const member = await signedInMember(request);
  if (!member) throw new Error(`route ${request.routeOptions.url ?? request.url} reads the member without requireMember`);
  return member;
}

/** The applicant or member admitted by requireApplicant. */
export async function currentApplicant(request: FastifyRequest): Promise<ApplicantPrincipal> {
  const session = await sessionOf(request);
  if (!session) throw new Error(`route ${request.routeOptions.url ?? request.url} reads the applicant without requireApplicant`);
  return session;
}

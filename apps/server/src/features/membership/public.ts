import type { App } from '../../http/app-types.js';
import { ok } from '../../http/envelope.js';
import { currentMember, requireMember } from '../../http/member-session.js';
import { memberDocs } from '../members/docs.js';
import { membershipOf } from './standing.js';

/** The member area's view of the member's own membership. */
export async function membershipPublic(app: App): Promise<void> {
  const { database, now } = app.services;
  app.get('/GetMyMembership', { onRequest: requireMember, schema: { ...memberDocs, summary: '本会员的会籍：等级、年费、有效期至、状态，及页眉提示（续费、宽限期、已过期）' } }, async (request) => {
    const member = await currentMember(request);
    return ok(await membershipOf(database.db, member.memberId, now()));
  });
}

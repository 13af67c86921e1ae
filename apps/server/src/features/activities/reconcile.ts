import type { FastifyRequest } from 'fastify';
import { currentMember } from '../members/guard.js';
import { mailContext } from '../mail/context.js';
import { deliverNotices } from './notices.js';
import { lapseOffers } from './waitlist.js';

/**
 * The signed-in member, once their missing notices are delivered (a member approved or moved to a
 * level after publication finds them) and offers past their time have gone to the next in line:
 * where every member call about activities starts.
 */
export async function reconciledMember(request: FastifyRequest) {
  const { database, now } = request.server.services;
  const member = await currentMember(request);
  const mail = mailContext(request);
  await deliverNotices(database, { memberId: member.memberId }, mail, now());
  await lapseOffers(database, mail, now());
  return member;
}

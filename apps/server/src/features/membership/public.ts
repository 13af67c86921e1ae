import { Code, directoryMessages, listOf, memberDirectoryItemDto, memberDirectoryQuery, membershipDto, membershipMessages } from '@portal/shared';
import type { App } from '../../http/app-types.js';
import { AppError, list, notFound, ok } from '../../http/envelope.js';
import { currentMember, inGoodStanding, optionalMember, requireMember } from '../members/guard.js';
import { PRIVATE_ANSWER } from '../../http/security-headers.js';
import { memberDocs, publicDocs } from '../members/docs.js';
import { listDirectory } from './directory.js';
import { membershipOf } from './standing.js';

/** The member area's view of the member's own membership, and 会员名录. */
export async function membershipPublic(app: App): Promise<void> {
  const { database, config, now } = app.services;
  app.get(
    '/GetMyMembership',
    {
      onRequest: requireMember,
      schema: { ...memberDocs, summary: '本会员的会籍：等级、年费、有效期至、状态，及页眉提示（续费、宽限期、已过期）', 'x-data': membershipDto },
    },
    async (request) => {
      const member = await currentMember(request);
      return ok(await membershipOf(database.db, member.memberId, now()));
    },
  );

  app.get(
    '/GetMemberDirectory',
    {
      schema: {
        ...publicDocs,
        summary: '会员名录：自愿公开的会员单位（名称、等级、地区、主营业务、网址，及会员选择公开的联系方式）；按站点设置公开、仅会员可见或关闭',
        querystring: memberDirectoryQuery,
        'x-optional-session': 'member',
        'x-data': listOf(memberDirectoryItemDto),
        'x-codes': {
          401: `${directoryMessages.membersOnly}（名录仅对会员开放时）`,
          403: `${membershipMessages.lapsed}（名录仅对会员开放时）`,
          404: `${directoryMessages.directoryClosed}（名录关闭时）`,
        },
      },
    },
    async (request, reply) => {
      if (config.memberDirectory === 'off') throw notFound(directoryMessages.directoryClosed);
      if (config.memberDirectory === 'members') {
        void reply.header('cache-control', PRIVATE_ANSWER);
        const member = await optionalMember(request);
        if (!member) throw new AppError(Code.MemberSession, directoryMessages.membersOnly);
        if (!inGoodStanding(member)) throw new AppError(Code.Forbidden, membershipMessages.lapsed);
      }
      const page = await listDirectory(database.db, request.query);
      return list(page.items, page.total);
    },
  );
}

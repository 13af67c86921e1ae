import { z } from 'zod';
import { contributionMenuDto, listOf, messages, myNewsItemDto, myNewsListQuery, saveContributionBody, type ContributionMenuDto } from '@portal/shared';
import type { App } from '../../http/app-types.js';
import { list, ok } from '../../http/envelope.js';
import { keepOmittedFields } from '../../http/omitted-fields.js';
import { currentMember, requireMemberInGoodStanding } from '../members/guard.js';
import { memberDocs } from './docs.js';
import { optionalConsent } from '../privacy/consents.js';
import { toMyNewsItemDto } from './dto.js';
import { contributionMenus, listMyArticles, submitContribution } from './service.js';

/** The contribution centre's calls (spec §7 GetMyNewsList, SaveNews), all for a member whose membership has not lapsed; its picture upload in upload-public.ts. */
export async function contributionsPublic(app: App): Promise<void> {
  const { database, storage, config, now } = app.services;

  app.get(
    '/GetMyNewsList',
    {
      onRequest: requireMemberInGoodStanding,
      schema: {
        ...memberDocs,
        summary: '本会员的投稿（新到旧，含状态与驳回原因 ProcessItemName）',
        querystring: myNewsListQuery,
        'x-data': listOf(myNewsItemDto),
      },
    },
    async (request) => {
      const member = await currentMember(request);
      const page = await listMyArticles(database.db, member.memberId, request.query);
      return list(
        page.items.map((a) => toMyNewsItemDto(a, config.assetBaseUrl)),
        page.total,
      );
    },
  );

  app.get(
    '/GetContributionMenus',
    { onRequest: requireMemberInGoodStanding, schema: { ...memberDocs, summary: '可投稿的栏目', 'x-data': z.array(contributionMenuDto) } },
    async () => ok((await contributionMenus(database)).map((m): ContributionMenuDto => ({ MenuId: m.id, Name: m.name, ParentName: m.parentName }))),
  );

  app.post(
    '/SaveNews',
    {
      onRequest: requireMemberInGoodStanding,
      // A resubmission without its cover or body keeps them; only the member's own article is read (another's is refused by the save).
      preValidation: keepOmittedFields('NewsId', async (id, request) => {
        const member = await currentMember(request);
        const own = await database.db
          .selectFrom('news')
          .select(['image_url', 'content'])
          .where('id', '=', id)
          .where('member_id', '=', member.memberId)
          .executeTakeFirst();
        return own && { ImageUrl: own.image_url, NewContent: own.content };
      }),
      schema: {
        ...memberDocs,
        summary: '投稿（NewsId 为 0）或修改审核不通过的投稿后重新提交（未传的封面、正文保持原值）；提交后为审核中',
        body: saveContributionBody,
        'x-data': z.int().describe('文章编号'),
      },
    },
    async (request) => {
      const member = await currentMember(request);
      const { member_name: memberName } = await database.db
        .selectFrom('members')
        .select('member_name')
        .where('id', '=', member.memberId)
        .executeTakeFirstOrThrow();
      const saved = await submitContribution(database, storage, { memberId: member.memberId, memberName }, request.body, {
        now: now(),
        revisionsKept: config.newsRevisionsKept,
        consent: await optionalConsent(database, config.site, request.body.PrivacyVersion, now()),
      });
      return ok(saved.id, messages.submitted);
    },
  );
}

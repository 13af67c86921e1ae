import { privacyMessages, privacyPolicyQuery, publicPrivacyPolicyDto } from '@portal/shared';
import type { App } from '../../http/app-types.js';
import { ok } from '../../http/envelope.js';
import { publicPrivacyPolicy } from './policy.js';

/** /api/XfWebApi/GetPrivacyPolicy: what /privacy shows, kept until a version is published. */
export async function privacyPublic(app: App): Promise<void> {
  const { database, now, config } = app.services;
  app.get(
    '/GetPrivacyPolicy',
    {
      config: { responseCache: { areas: ['site'], dependsOn: () => ['site:privacy'] } },
      schema: {
        tags: ['public'],
        summary: '隐私政策：当前版本（或 Version 指定的已发布版本）的正文、变更说明、发布时间，以及全部已发布版本',
        querystring: privacyPolicyQuery,
        'x-data': publicPrivacyPolicyDto,
        'x-codes': { 404: privacyMessages.notFound },
      },
    },
    async (request) => ok(await publicPrivacyPolicy(database, config.site, request.query.Version, now())),
  );
}

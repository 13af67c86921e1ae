import { siteInfoDto, type SiteInfoDto } from '@portal/shared';
import type { Config } from '../../config.js';
import type { App } from '../../http/app-types.js';
import { ok } from '../../http/envelope.js';

/** Header and footer identity from configuration, so another association can run the same build. */
export const toSiteInfoDto = ({ site, mobileSiteUrl, memberDirectory }: Config): SiteInfoDto => ({
  Name: site.name,
  EnglishName: site.englishName,
  Phone: site.phone,
  Email: site.email,
  Address: site.address,
  Postcode: site.postcode,
  Copyright: site.copyright,
  Icp: site.icp,
  PoliceFiling: site.policeFiling,
  MobileSiteUrl: mobileSiteUrl ?? '',
  MemberDirectory: memberDirectory,
});

export async function sitePublic(app: App): Promise<void> {
  const { config } = app.services;
  app.get(
    '/GetSiteInfo',
    { config: { responseCache: { areas: ['site'] } }, schema: { tags: ['public'], summary: '站点信息（页眉页脚）', 'x-data': siteInfoDto } },
    async () => ok(toSiteInfoDto(config)),
  );
}

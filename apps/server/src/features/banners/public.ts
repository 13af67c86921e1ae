import { z } from 'zod';
import { bannerDto, carousel, intParam, optionalParam } from '@portal/shared';
import type { App } from '../../http/app-types.js';
import { ok } from '../../http/envelope.js';
import { toBannerDto } from './dto.js';
import { listPublicBanners } from './service.js';

/** Without a type, the home carousel's banners (spec §9: banner type 2). */
const bannerListQuery = z.object({ type: optionalParam(intParam) });

export async function bannersPublic(app: App): Promise<void> {
  const { database, config } = app.services;
  app.get(
    '/GetBannerList',
    {
      config: { responseCache: { areas: ['banners'] } },
      schema: { tags: ['public'], summary: '横幅轮播图', querystring: bannerListQuery, 'x-data': z.array(bannerDto) },
    },
    async (request) => {
      const banners = await listPublicBanners(database, request.query.type ?? carousel.bannerType);
      return ok(banners.map((b) => toBannerDto(b, config.assetBaseUrl)));
    },
  );
}

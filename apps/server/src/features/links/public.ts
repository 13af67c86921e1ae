import { z } from 'zod';
import { friendLinkDto } from '@portal/shared';
import type { App } from '../../http/app-types.js';
import { ok } from '../../http/envelope.js';
import { toLinkDto } from './dto.js';
import { listPublicLinks } from './service.js';

export async function linksPublic(app: App): Promise<void> {
  app.get(
    '/GetWebFriendlinks',
    { config: { responseCache: { areas: ['links'] } }, schema: { tags: ['public'], summary: '友情链接', 'x-data': z.array(friendLinkDto) } },
    async () => ok((await listPublicLinks(app.services.database)).map(toLinkDto)),
  );
}

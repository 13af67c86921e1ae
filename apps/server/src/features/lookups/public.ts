import { z } from 'zod';
import { integerChoice, typeItemDto, typeKinds } from '@portal/shared';
import type { App } from '../../http/app-types.js';
import { ok } from '../../http/envelope.js';
import { toTypeItemDto } from './dto.js';
import { listTypeItems } from './service.js';

const typeListQuery = z.object({ type: integerChoice(Object.values(typeKinds)) });

export async function lookupsPublic(app: App): Promise<void> {
  const { database } = app.services;
  app.get(
    '/GetTypeList',
    {
      config: { responseCache: { areas: ['lookups'] } },
      schema: { tags: ['public'], summary: '类型列表（1 单位归类，2 会员等级，3 其他）', querystring: typeListQuery, 'x-data': z.array(typeItemDto) },
    },
    async (request) => ok((await listTypeItems(database, request.query.type)).map(toTypeItemDto)),
  );
}

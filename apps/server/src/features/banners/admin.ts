import { z } from 'zod';
import { adminBannerDto, adminBannerListQuery, contentMessages, delByIdBody, listOf, saveBannerBody } from '@portal/shared';
import { contentAdminDocs } from '../../content/admin-docs.js';
import type { App } from '../../http/app-types.js';
import { adminWrite, requireAdmin } from '../system/auth/guard.js';
import { list, ok } from '../../http/envelope.js';
import { keepOmittedFields } from '../../http/omitted-fields.js';
import { toAdminBannerDto } from './dto.js';
import { deleteBanner, findBanner, listBanners, saveBanner } from './service.js';

const TARGET = '轮播图';
const bannerMissing = { 404: contentMessages.bannerNotFound };

/** 轮播图管理 (spec §7 GetBannerList, SaveBanner, DelBanner under /api/XfSysBussiness/). */
export async function bannersAdmin(app: App): Promise<void> {
  const { database, config, now } = app.services;

  app.get(
    '/GetBannerList',
    {
      onRequest: requireAdmin('content:banner:list'),
      schema: {
        ...contentAdminDocs,
        summary: '轮播图列表（全部状态，可按类型、标题、状态筛选）',
        querystring: adminBannerListQuery,
        'x-data': listOf(adminBannerDto),
      },
    },
    async (request) => {
      const { type, key, status, ...paging } = request.query;
      const page = await listBanners(database, { type, key, status }, paging);
      return list(
        page.items.map((b) => toAdminBannerDto(b, config.assetBaseUrl)),
        page.total,
      );
    },
  );

  app.post(
    '/SaveBanner',
    {
      onRequest: requireAdmin('content:banner:add', 'content:banner:edit'),
      preValidation: keepOmittedFields('Id', async (id) => {
        const banner = await findBanner(database, id);
        return banner && toAdminBannerDto(banner, config.assetBaseUrl);
      }),
      schema: {
        ...contentAdminDocs,
        summary: '新增（Id 为 0）或修改轮播图（未传的字段保持原值）',
        body: saveBannerBody,
        'x-data': z.int().describe('轮播图编号'),
        'x-codes': bannerMissing,
      },
    },
    async (request) => {
      const body = request.body;
      const saved = await adminWrite(
        request,
        { action: body.Id ? 'content:banner:edit' : 'content:banner:add', target: TARGET, targetId: (b) => b.id, detail: (b) => b.title },
        () => saveBanner(database, body, now(), config.assetBaseUrl),
      );
      return ok(saved.id);
    },
  );

  app.post(
    '/DelBanner',
    { onRequest: requireAdmin('content:banner:delete'), schema: { ...contentAdminDocs, summary: '删除轮播图', body: delByIdBody, 'x-codes': bannerMissing } },
    async (request) => {
      const id = request.body.Id;
      await adminWrite(request, { action: 'content:banner:delete', target: TARGET, targetId: id, detail: (title) => title }, () => deleteBanner(database, id));
      return ok(null);
    },
  );
}

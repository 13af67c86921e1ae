import { z } from 'zod';
import { adminFriendLinkDto, adminLinkListQuery, contentMessages, delByIdBody, listOf, saveLinkBody } from '@portal/shared';
import { contentAdminDocs } from '../../content/admin-docs.js';
import type { App } from '../../http/app-types.js';
import { adminWrite, requireAdmin } from '../system/auth/guard.js';
import { list, ok } from '../../http/envelope.js';
import { keepOmittedFields } from '../../http/omitted-fields.js';
import { toAdminLinkDto } from './dto.js';
import { deleteLink, findLink, listLinks, saveLink } from './service.js';

const TARGET = '友情链接';
const linkMissing = { 404: contentMessages.linkNotFound };

/** 友情链接管理 (spec §7 GetWebFriendlinksList, SaveWebFriendlinks, DelWebFriendlinks under /api/XfSysBussiness/). */
export async function linksAdmin(app: App): Promise<void> {
  const { database, now } = app.services;

  app.get(
    '/GetWebFriendlinksList',
    {
      onRequest: requireAdmin('content:link:list'),
      schema: {
        ...contentAdminDocs,
        summary: '友情链接列表（全部状态，可按名称、状态筛选）',
        querystring: adminLinkListQuery,
        'x-data': listOf(adminFriendLinkDto),
      },
    },
    async (request) => {
      const { key, status, ...paging } = request.query;
      const page = await listLinks(database, { key, status }, paging);
      return list(page.items.map(toAdminLinkDto), page.total);
    },
  );

  app.post(
    '/SaveWebFriendlinks',
    {
      onRequest: requireAdmin('content:link:add', 'content:link:edit'),
      preValidation: keepOmittedFields('Id', async (id) => {
        const link = await findLink(database, id);
        return link && toAdminLinkDto(link);
      }),
      schema: {
        ...contentAdminDocs,
        summary: '新增（Id 为 0）或修改友情链接（地址仅限 http/https；未传的字段保持原值）',
        body: saveLinkBody,
        'x-data': z.int().describe('友情链接编号'),
        'x-codes': linkMissing,
      },
    },
    async (request) => {
      const body = request.body;
      const saved = await adminWrite(
        request,
        { action: body.Id ? 'content:link:edit' : 'content:link:add', target: TARGET, targetId: (l) => l.id, detail: (l) => l.title },
        () => saveLink(database, body, now()),
      );
      return ok(saved.id);
    },
  );

  app.post(
    '/DelWebFriendlinks',
    { onRequest: requireAdmin('content:link:delete'), schema: { ...contentAdminDocs, summary: '删除友情链接', body: delByIdBody, 'x-codes': linkMissing } },
    async (request) => {
      const id = request.body.Id;
      await adminWrite(request, { action: 'content:link:delete', target: TARGET, targetId: id, detail: (title) => title }, () => deleteLink(database, id));
      return ok(null);
    },
  );
}

import { z } from 'zod';
import { adminTypeItemDto, adminTypeListQuery, contentMessages, delByIdBody, listOf, saveTypeBody } from '@portal/shared';
import { contentAdminDocs } from '../../content/admin-docs.js';
import type { App } from '../../http/app-types.js';
import { adminWrite, requireAdmin } from '../system/auth/guard.js';
import { list, ok } from '../../http/envelope.js';
import { keepOmittedFields } from '../../http/omitted-fields.js';
import { toAdminTypeItemDto } from './dto.js';
import { deleteTypeItem, findTypeItem, listTypeItemsPage, saveTypeItem } from './service.js';

const TARGET = '类型';
const typeMissing = { 404: contentMessages.typeNotFound };

/**
 * 类型管理: the lookup lists 1 单位归类, 2 会员等级, 3 其他 (spec §7 GetTypeList under
 * /api/XfSysBussiness/; SaveType and DelType are our additions).
 */
export async function lookupsAdmin(app: App): Promise<void> {
  const { database, now } = app.services;

  // The member pages fill their 单位归类 / 会员等级 selects from here too (page size 999, spec §9).
  app.get(
    '/GetTypeList',
    {
      onRequest: requireAdmin('content:type:list', 'member:list', 'member:add', 'member:edit', 'member:audit'),
      schema: {
        ...contentAdminDocs,
        summary: '类型列表（type 1 单位归类、2 会员等级、3 其他；分页，含停用）',
        querystring: adminTypeListQuery,
        'x-data': listOf(adminTypeItemDto),
      },
    },
    async (request) => {
      const { type, key, status, ...paging } = request.query;
      const page = await listTypeItemsPage(database, { type, key, status }, paging);
      return list(page.items.map(toAdminTypeItemDto), page.total);
    },
  );

  app.post(
    '/SaveType',
    {
      onRequest: requireAdmin('content:type:add', 'content:type:edit'),
      preValidation: keepOmittedFields('Id', async (id) => {
        const item = await findTypeItem(database, id);
        return item && toAdminTypeItemDto(item);
      }),
      schema: {
        ...contentAdminDocs,
        summary: '新增（Id 为 0）或修改类型（同一类型下名称唯一；未传的字段保持原值）',
        body: saveTypeBody,
        'x-data': z.int().describe('类型编号'),
        'x-codes': typeMissing,
      },
    },
    async (request) => {
      const body = request.body;
      const saved = await adminWrite(
        request,
        { action: body.Id ? 'content:type:edit' : 'content:type:add', target: TARGET, targetId: (t) => t.id, detail: (t) => t.name },
        () => saveTypeItem(database, body, now()),
      );
      return ok(saved.id);
    },
  );

  app.post(
    '/DelType',
    {
      onRequest: requireAdmin('content:type:delete'),
      schema: { ...contentAdminDocs, summary: '删除类型（仍有会员使用时拒绝）', body: delByIdBody, 'x-codes': typeMissing },
    },
    async (request) => {
      const id = request.body.Id;
      await adminWrite(request, { action: 'content:type:delete', target: TARGET, targetId: id, detail: (name) => name }, () => deleteTypeItem(database, id));
      return ok(null);
    },
  );
}

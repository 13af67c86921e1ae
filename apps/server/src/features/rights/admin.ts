import { handleRightsRequestBody, listOf, rightsMessages, rightsRequestDto, rightsRequestListQuery } from '@portal/shared';
import type { App } from '../../http/app-types.js';
import { list, ok } from '../../http/envelope.js';
import { adminWrite, currentAdmin, requireAdmin } from '../system/auth/guard.js';
import { adminDocs } from '../system/docs.js';
import { handleRightsRequest, listRightsRequests } from './service.js';

/**
 * 系统管理 → 个人信息请求 under /api/XfSysBussiness/: the queue of members' requests with their
 * deadlines (GetRightsRequestList) and the answer to one (HandleRightsRequest), audited.
 */
export async function rightsAdmin(app: App): Promise<void> {
  const { database, now } = app.services;

  app.get(
    '/GetRightsRequestList',
    {
      onRequest: requireAdmin('system:rights:list'),
      schema: {
        ...adminDocs,
        summary: '个人信息请求：办理中的在前（按答复期限），其后为已办理的（新到旧）；status 0 办理中、1 已办结、2 不予办理；Overdue 为已过期限仍未办理',
        querystring: rightsRequestListQuery,
        'x-data': listOf(rightsRequestDto),
      },
    },
    async (request) => {
      const page = await listRightsRequests(database.db, request.query, now());
      return list(page.items, page.total);
    },
  );

  app.post(
    '/HandleRightsRequest',
    {
      onRequest: requireAdmin('system:rights:handle'),
      schema: {
        ...adminDocs,
        summary: '办理个人信息请求：Status 1 已办结（Answer 写明所做处理）或 2 不予办理（Answer 写明理由）；会员在“我的个人信息”中看到答复；只能办理一次',
        body: handleRightsRequestBody,
        'x-codes': { 400: rightsMessages.handled, 404: rightsMessages.notFound },
      },
    },
    async (request) => {
      await adminWrite(request, { action: 'system:rights:handle', target: '个人信息请求', targetId: (r) => r.id, detail: (r) => r.label }, () =>
        handleRightsRequest(database, request.body, currentAdmin(request).account, now()),
      );
      return ok(null);
    },
  );
}

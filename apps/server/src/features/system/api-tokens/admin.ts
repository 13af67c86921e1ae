import { z } from 'zod';
import {
  apiTokenCreatedDto,
  apiTokenDto,
  idParam,
  listOf,
  messages,
  pagingQuery,
  saveApiTokenBody,
  systemMessages,
  type ApiTokenCreatedDto,
  type ApiTokenDto,
} from '@portal/shared';
import type { App } from '../../../http/app-types.js';
import { adminWrite, currentAdmin, requireAdmin } from '../auth/guard.js';
import { list, ok } from '../../../http/envelope.js';
import { checkAssignableRole } from '../roles/authority.js';
import { adminDocs } from '../docs.js';
import { createApiToken, listApiTokens, revokeApiToken, type ApiToken } from './service.js';

const TARGET = '接口令牌';
const idParams = z.object({ id: idParam });

const toDto = (t: ApiToken): ApiTokenDto => ({
  TokenId: t.id,
  Name: t.name,
  RoleId: t.roleId,
  RoleName: t.roleName,
  Remark: t.remark,
  CreatedBy: t.createdBy,
  CreateTime: t.createdAt,
  LastUsedTime: t.lastUsedAt,
  RevokeTime: t.revokedAt,
});

/** 系统管理 → 接口令牌: list, create (the token shown once), revoke. */
export async function apiTokensAdmin(app: App): Promise<void> {
  const { database, now } = app.services;

  app.get(
    '/GetApiTokenList',
    {
      onRequest: requireAdmin('system:token:list'),
      schema: { ...adminDocs, summary: '接口令牌列表（含已吊销）', querystring: pagingQuery, 'x-data': listOf(apiTokenDto) },
    },
    async (request) => {
      const page = await listApiTokens(database.db, request.query);
      return list(page.items.map(toDto), page.total);
    },
  );

  app.post(
    '/SaveApiToken',
    {
      onRequest: requireAdmin('system:token:add'),
      schema: { ...adminDocs, summary: '新增接口令牌（绑定一个角色；Data.Token 只在此时返回一次）', body: saveApiTokenBody, 'x-data': apiTokenCreatedDto },
    },
    async (request) => {
      const { Name, RoleId, Remark } = request.body;
      const actor = currentAdmin(request);
      const created = await adminWrite(request, { action: 'system:token:add', target: TARGET, targetId: (r) => r.id, detail: (r) => r.name }, async () => {
        // No one hands a token more power than they hold (the same rule as assigning a role).
        await checkAssignableRole(database.db, actor, RoleId);
        return createApiToken(database, { name: Name, roleId: RoleId, remark: Remark, createdBy: actor.account }, now());
      });
      return ok<ApiTokenCreatedDto>({ TokenId: created.id, Name: created.name, Token: created.token }, messages.saved);
    },
  );

  app.post(
    '/DelApiToken/:id',
    {
      onRequest: requireAdmin('system:token:delete'),
      schema: { ...adminDocs, summary: '吊销接口令牌（记录保留）', params: idParams, 'x-codes': { 404: systemMessages.tokenNotFound } },
    },
    async (request) => {
      const { id } = request.params;
      await adminWrite(request, { action: 'system:token:delete', target: TARGET, targetId: id, detail: (name) => name }, () =>
        revokeApiToken(database, { id }, now()),
      );
      return ok(null);
    },
  );
}

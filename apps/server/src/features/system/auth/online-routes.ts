import { forceLogoutBody, listOf, messages, onlineSessionDto, onlineSessionListQuery, signInKinds } from '@portal/shared';
import type { App } from '../../../http/app-types.js';
import { adminWrite, currentAdmin, requireAdmin } from './guard.js';
import { list, ok } from '../../../http/envelope.js';
import { adminDocs } from '../docs.js';
import { toOnlineSessionDto } from './dto.js';
import { forceLogout, listOnlineSessions } from './online.js';

/** 在线用户 with 强制下线; our addition (等保 2.0). */
export async function onlineSessionRoutes(app: App): Promise<void> {
  const { services } = app;

  app.get(
    '/GetOnlineList',
    {
      onRequest: requireAdmin('system:online:list'),
      schema: {
        ...adminDocs,
        summary: '在线用户（kind=admin 后台会话，member 会员会话；按账号筛选，分页）；非超级管理员查看时，超级管理员会话的地址只显示网段（如 10.3.*.*）',
        querystring: onlineSessionListQuery,
        'x-data': listOf(onlineSessionDto),
      },
    },
    async (request) => {
      const { kind, account, ...paging } = request.query;
      const viewer = currentAdmin(request);
      const page = await listOnlineSessions(services, viewer, { kind, account }, paging);
      return list(
        page.items.map((s) => toOnlineSessionDto(kind, s, viewer.sessionId)),
        page.total,
      );
    },
  );

  app.post(
    '/ForceLogout',
    {
      onRequest: requireAdmin('system:online:forceLogout'),
      schema: { ...adminDocs, summary: '强制下线（结束一个后台或会员会话；不能是自己当前的会话）', body: forceLogoutBody },
    },
    async (request) => {
      const { Kind, SessionId } = request.body;
      await adminWrite(
        request,
        { action: 'system:online:forceLogout', target: `${signInKinds[Kind]}会话`, targetId: SessionId, detail: (account) => account },
        () => forceLogout(services, currentAdmin(request), Kind, SessionId),
      );
      return ok(null, messages.ok);
    },
  );
}

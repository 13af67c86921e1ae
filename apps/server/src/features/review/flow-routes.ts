import { z } from 'zod';
import { menuReviewFlowDto, menuReviewFlowQuery, messages, saveMenuReviewFlowBody } from '@portal/shared';
import type { App } from '../../http/app-types.js';
import { adminWrite, requireAdmin } from '../system/auth/guard.js';
import { ok } from '../../http/envelope.js';
import { docs } from './docs.js';
import { stepDtos, toMenuReviewFlowDto } from './dto.js';
import { menuReviewFlow, saveMenuFlow } from './flows.js';

/** 栏目管理's 审核流程: a menu's review chain (三审), read and saved. */
export async function reviewFlowRoutes(app: App): Promise<void> {
  const { database } = app.services;

  app.get(
    '/GetMenuReviewFlow',
    {
      onRequest: requireAdmin('content:menu:list'),
      schema: {
        ...docs,
        summary: '栏目的审核流程：自身的步骤，或沿用的上级栏目步骤（InheritedFrom）；Steps 为空则直接发布',
        querystring: menuReviewFlowQuery,
        'x-data': menuReviewFlowDto,
        'x-codes': { 404: messages.menuNotFound },
      },
    },
    async (request) => {
      const { menuid } = request.query;
      const chain = await menuReviewFlow(database, menuid);
      return ok(toMenuReviewFlowDto(menuid, chain?.owner, await stepDtos(database.db, chain?.steps ?? [])));
    },
  );

  app.post(
    '/SaveMenuReviewFlow',
    {
      onRequest: requireAdmin('content:menu:review'),
      schema: {
        ...docs,
        summary: '保存栏目自身的审核步骤（按顺序，最多5步；Steps 为空则沿用上级栏目）。每个角色须存在且可审核（超级管理员或拥有“待我审核”）',
        body: saveMenuReviewFlowBody,
        'x-data': z.int().describe('栏目编号'),
        'x-codes': { 404: messages.menuNotFound },
      },
    },
    async (request) => {
      const body = request.body;
      const detail = body.Steps.map((s) => s.Name).join('→') || '无（沿用上级栏目）';
      await adminWrite(
        request,
        { action: 'content:menu:review', target: '审核流程', targetId: body.MenuId, detail: (saved) => `${saved.menuName}：${detail}` },
        () => saveMenuFlow(database, body),
      );
      return ok(body.MenuId);
    },
  );
}

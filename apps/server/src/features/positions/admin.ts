import { z } from 'zod';
import { adminPositionDto, adminPositionListQuery, delPositionBody, listOf, messages, saveSelectPositionBody } from '@portal/shared';
import { contentAdminDocs } from '../../content/admin-docs.js';
import type { App } from '../../http/app-types.js';
import { adminWrite, requireAdmin } from '../system/auth/guard.js';
import { list, ok } from '../../http/envelope.js';
import { toAdminPositionDto } from './dto.js';
import { listPlacements, placeArticles, removePlacements } from './service.js';
import { POSITION as TARGET, positionMissing } from './route-parts.js';

/**
 * 推荐位管理: the articles in home seats 1–4 (spec §7 GetNewPositionList, SaveSelectPosition;
 * DelNewPosition is our addition; UpdateSortNumber and EditNewPositionStatus are in
 * placement-admin.ts). The public home tabs read the same rows, so changes show at once.
 */
export async function positionsAdmin(app: App): Promise<void> {
  const { database, config, now } = app.services;

  app.get(
    '/GetNewPositionList',
    {
      onRequest: requireAdmin('content:position:list'),
      schema: {
        ...contentAdminDocs,
        summary: '推荐位文章列表（全部状态，可按推荐位、标题、状态筛选）',
        querystring: adminPositionListQuery,
        'x-data': listOf(adminPositionDto),
      },
    },
    async (request) => {
      const { seat, key, status, ...paging } = request.query;
      const page = await listPlacements(database, { seat, key, status }, paging);
      return list(
        page.items.map((p) => toAdminPositionDto(p, config.assetBaseUrl)),
        page.total,
      );
    },
  );

  app.post(
    '/SaveSelectPosition',
    {
      onRequest: requireAdmin('content:position:add'),
      schema: {
        ...contentAdminDocs,
        summary: '把文章加入推荐位（已在该推荐位的文章保持不变），Data 为新加入的条数',
        body: saveSelectPositionBody,
        'x-data': z.int().describe('新加入的条数'),
        'x-codes': { 404: messages.articleNotFound },
      },
    },
    async (request) => {
      const { Seat, NewsId } = request.body;
      const added = await adminWrite(
        request,
        { action: 'content:position:add', target: TARGET, targetId: Seat, detail: (n) => `推荐位${Seat}加入${n}篇文章：${NewsId.join(',')}` },
        () => placeArticles(database, Seat, NewsId, now()),
      );
      return ok(added);
    },
  );

  app.post(
    '/DelNewPosition',
    {
      onRequest: requireAdmin('content:position:delete'),
      schema: {
        ...contentAdminDocs,
        summary: '移出推荐位（Id 为一个或多个推荐位记录编号）',
        body: delPositionBody,
        'x-data': z.int().describe('移出的条数'),
        'x-codes': positionMissing,
      },
    },
    async (request) => {
      const ids = request.body.Id;
      const removed = await adminWrite(
        request,
        { action: 'content:position:delete', target: TARGET, targetId: ids.join(','), detail: (n) => `移出${n}条` },
        () => removePlacements(database, ids),
      );
      return ok(removed);
    },
  );
}

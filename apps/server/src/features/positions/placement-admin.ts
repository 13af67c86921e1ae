import { editPositionStatusBody, updateSortNumberBody } from '@portal/shared';
import { contentAdminDocs } from '../../content/admin-docs.js';
import type { App } from '../../http/app-types.js';
import { adminWrite, requireAdmin } from '../system/auth/guard.js';
import { ok } from '../../http/envelope.js';
import { updatePlacement } from './service.js';
import { POSITION as TARGET, positionMissing } from './route-parts.js';

/** 推荐位管理's edits of one placement (spec §7 UpdateSortNumber, EditNewPositionStatus): its order and whether it shows. */
export async function positionPlacementAdmin(app: App): Promise<void> {
  const { database } = app.services;

  app.post(
    '/UpdateSortNumber',
    {
      onRequest: requireAdmin('content:position:edit'),
      schema: { ...contentAdminDocs, summary: '修改推荐位排序号（0–999999 的整数，小的在前）', body: updateSortNumberBody, 'x-codes': positionMissing },
    },
    async (request) => {
      const { Id, SortNumber } = request.body;
      await adminWrite(request, { action: 'content:position:edit', target: TARGET, targetId: Id, detail: () => `排序号改为${SortNumber}` }, () =>
        updatePlacement(database, Id, { sort_number: SortNumber }),
      );
      return ok(null);
    },
  );

  app.post(
    '/EditNewPositionStatus',
    {
      onRequest: requireAdmin('content:position:edit'),
      schema: { ...contentAdminDocs, summary: '启用（1）或停用（0）推荐位文章', body: editPositionStatusBody, 'x-codes': positionMissing },
    },
    async (request) => {
      const { Id, Status } = request.body;
      await adminWrite(request, { action: 'content:position:edit', target: TARGET, targetId: Id, detail: () => `状态改为${Status}` }, () =>
        updatePlacement(database, Id, { status: Status }),
      );
      return ok(null);
    },
  );
}

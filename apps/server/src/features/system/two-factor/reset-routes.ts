import { z } from 'zod';
import { idParam, twoFactorMessages } from '@portal/shared';
import type { App } from '../../../http/app-types.js';
import { adminWrite, currentAdmin, requireAdmin } from '../auth/guard.js';
import { ok } from '../../../http/envelope.js';
import { adminDocs } from '../docs.js';
import { resetSecondFactor } from './service.js';

/**
 * ResetAdminTotp: 管理员 → 重置二次验证, for an admin who lost their phone and their recovery
 * codes. The same permission and rules (roles/authority.ts) as editing that admin; audited.
 */
export async function twoFactorResetRoutes(app: App): Promise<void> {
  const { database } = app.services;
  app.post(
    '/ResetAdminTotp/:id',
    {
      onRequest: requireAdmin('system:admin:edit'),
      schema: { ...adminDocs, summary: '重置其他管理员的二次验证（其需重新绑定）', params: z.object({ id: idParam }) },
    },
    async (request) => {
      const { id } = request.params;
      await adminWrite(request, { action: 'system:admin:edit', auditAs: 'auth:totpReset', target: '管理员', targetId: id, detail: (account) => account }, () =>
        resetSecondFactor(database.db, currentAdmin(request), id),
      );
      return ok(null, twoFactorMessages.reset);
    },
  );
}

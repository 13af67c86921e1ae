import { z } from 'zod';
import { idParam, memberMessages, processDecisionNames, saveApplyAuditBody } from '@portal/shared';
import type { App } from '../../http/app-types.js';
import { adminWrite, currentAdmin, requireAdmin } from '../system/auth/guard.js';
import { notFound, ok } from '../../http/envelope.js';
import { adminDocs } from '../members/docs.js';
import { getMember } from '../members/service.js';
import { sendAttachment } from '../uploads/attachment.js';
import { reviewApplication } from './service.js';

/**
 * Reviewing applications (spec §7 SaveApplyAudit) and reading an applicant's papers
 * (GetMemberFile); the review-process items are process-admin.ts.
 */
export async function applicationsAdmin(app: App): Promise<void> {
  const { database, now } = app.services;

  app.post(
    '/SaveApplyAudit',
    {
      onRequest: requireAdmin('member:audit'),
      schema: {
        ...adminDocs,
        summary: '审核入会申请：ApplyState 1 通过，2 不通过（ProcessItemName 必填，为告知申请人的原因）',
        body: saveApplyAuditBody,
        'x-codes': { 404: memberMessages.memberNotFound },
      },
    },
    async (request) => {
      const { MemberId, ApplyState, ProcessItemName, Remark } = request.body;
      await adminWrite(
        request,
        { action: 'member:audit', target: '入会申请', targetId: MemberId, detail: (account) => `${account} ${processDecisionNames[ApplyState]}` },
        () => reviewApplication(database, currentAdmin(request), { memberId: MemberId, decision: ApplyState, reason: ProcessItemName, remark: Remark }, now()),
      );
      return ok(null);
    },
  );

  app.get(
    '/GetMemberFile/:id',
    {
      // Whoever works with members reads their papers.
      onRequest: requireAdmin('member:list', 'member:add', 'member:edit', 'member:audit', 'member:status'),
      schema: {
        ...adminDocs,
        summary: '下载会员入会申请的附件（原文件名）',
        params: z.object({ id: idParam }),
        'x-file': '*/*',
        'x-codes': { 404: `${memberMessages.memberNotFound}；${memberMessages.attachmentMissing}` },
      },
    },
    async (request, reply) => {
      const { filePath } = await getMember(database.db, request.params.id);
      if (!filePath) throw notFound(memberMessages.attachmentMissing);
      return sendAttachment(app.services, reply, filePath);
    },
  );
}

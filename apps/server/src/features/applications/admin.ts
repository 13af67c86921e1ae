import { z } from 'zod';
import {
  idParam,
  listOf,
  memberMessages,
  optionalParam,
  processDecisionNames,
  processItemDto,
  processListQuery,
  saveApplyAuditBody,
  saveProcessItemBody,
} from '@portal/shared';
import type { App } from '../../http/app-types.js';
import { adminWrite, currentAdmin, requireAdmin } from '../system/auth/guard.js';
import { badRequest, list, notFound, ok } from '../../http/envelope.js';
import { keepOmittedFields } from '../../http/omitted-fields.js';
import { adminDocs } from '../members/docs.js';
import { getMember } from '../members/service.js';
import { sendAttachment } from '../uploads/attachment.js';
import { toProcessItemDto } from './dto.js';
import { getProcessItem, listProcessItems, memberHistory, reviewApplication, saveProcessRemark } from './service.js';

/** The id of a record, from the path (`/GetProcessItem/5`) or the query (`?id=5`): the spec shows neither, so both are served. */
const optionalId = z.object({ id: optionalParam(idParam) });
const itemMissing = { 404: memberMessages.processItemNotFound };
function idFrom(path: number | undefined, query: number | undefined): number {
  const id = path ?? query;
  if (id === undefined) throw badRequest();
  return id;
}

/**
 * Reviewing applications (spec §7 SaveApplyAudit, GetMemberProcessList) and the review-process
 * items (GetProcessList, GetProcessItem, SaveProcessItem: every submission and decision, with
 * the reviewers' own remark).
 */
export async function applicationsAdmin(app: App): Promise<void> {
  const { database, now } = app.services;
  const readers = requireAdmin('member:list', 'member:audit');

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

  for (const url of ['/GetMemberProcessList', '/GetMemberProcessList/:id']) {
    app.get(
      url,
      {
        onRequest: readers,
        schema: {
          ...adminDocs,
          summary: '一个会员的审核记录（路径 id 或 memberid 参数；新的在前）',
          params: optionalId,
          querystring: z.object({ memberid: optionalParam(idParam) }),
          'x-data': z.array(processItemDto),
          'x-codes': { 404: memberMessages.memberNotFound },
        },
      },
      async (request) => ok((await memberHistory(database.db, idFrom(request.params.id, request.query.memberid))).map(toProcessItemDto)),
    );
  }

  app.get(
    '/GetProcessList',
    {
      onRequest: readers,
      schema: {
        ...adminDocs,
        summary: '全部审核记录（按会员、结果、名称或账号、日期筛选；分页）',
        querystring: processListQuery,
        'x-data': listOf(processItemDto),
      },
    },
    async (request) => {
      const page = await listProcessItems(database.db, request.query);
      return list(page.items.map(toProcessItemDto), page.total);
    },
  );

  for (const url of ['/GetProcessItem', '/GetProcessItem/:id']) {
    app.get(
      url,
      {
        onRequest: readers,
        schema: {
          ...adminDocs,
          summary: '一条审核记录（路径 id 或 id 参数）',
          params: optionalId,
          querystring: optionalId,
          'x-data': processItemDto,
          'x-codes': itemMissing,
        },
      },
      async (request) => ok(toProcessItemDto(await getProcessItem(database.db, idFrom(request.params.id, request.query.id)))),
    );
  }

  app.post(
    '/SaveProcessItem',
    {
      onRequest: requireAdmin('member:audit'),
      preValidation: keepOmittedFields('ProcessItemId', async (id) => toProcessItemDto(await getProcessItem(database.db, id))),
      schema: {
        ...adminDocs,
        summary: '修改一条审核记录的内部备注（审核结果与原因不可改；未传 Remark 时保持原值）',
        body: saveProcessItemBody,
        'x-data': processItemDto,
        'x-codes': itemMissing,
      },
    },
    async (request) => {
      const { ProcessItemId, Remark } = request.body;
      const item = await adminWrite(request, { action: 'member:audit', target: '审核记录', targetId: ProcessItemId, detail: (i) => i.account }, () =>
        saveProcessRemark(database.db, ProcessItemId, Remark, now()),
      );
      return ok(toProcessItemDto(item));
    },
  );
}

import { z } from 'zod';
import { idParam, listOf, memberMessages, optionalParam, processItemDto, processListQuery, saveProcessItemBody } from '@portal/shared';
import type { App } from '../../http/app-types.js';
import { adminWrite, requireAdmin } from '../system/auth/guard.js';
import { badRequest, list, ok } from '../../http/envelope.js';
import { keepOmittedFields } from '../../http/omitted-fields.js';
import { adminDocs } from '../members/docs.js';
import { toProcessItemDto } from './dto.js';
import { getProcessItem, listProcessItems, memberHistory, saveProcessRemark } from './service.js';

/** The id of a record, from the path (`/GetProcessItem/5`) or the query (`?id=5`): the spec shows neither, so both are served. */
const optionalId = z.object({ id: optionalParam(idParam) });
const itemMissing = { 404: memberMessages.processItemNotFound };
function idFrom(path: number | undefined, query: number | undefined): number {
  const id = path ?? query;
  if (id === undefined) throw badRequest();
  return id;
}

/**
 * The review-process items (spec §7 GetMemberProcessList, GetProcessList, GetProcessItem,
 * SaveProcessItem): every submission and decision, with the reviewers' own remark.
 */
export async function applicationProcessAdmin(app: App): Promise<void> {
  const { database, now } = app.services;
  const readers = requireAdmin('member:list', 'member:audit');

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

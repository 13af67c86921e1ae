import { z } from 'zod';
import { delByIdBody, listOf, memorialDayDto, memorialDayListQuery, memorialMessages, saveMemorialDayBody } from '@portal/shared';
import type { App } from '../../http/app-types.js';
import { adminWrite, requireAdmin } from '../system/auth/guard.js';
import { list, ok } from '../../http/envelope.js';
import { keepOmittedFields } from '../../http/omitted-fields.js';
import { adminDocs } from '../system/docs.js';
import { deleteMemorialDay, describeMemorialDay, findMemorialDay, listMemorialDays, saveMemorialDay, toMemorialDayDto } from './memorial.js';

const TARGET = '哀悼日';
const dayMissing = { 404: memorialMessages.notFound };

/**
 * 系统管理 → 哀悼日 (issue 33) under /api/XfSysBussiness/: GetMemorialDayList, SaveMemorialDay,
 * DelMemorialDay. Each write is audited and drops the cached pages here and on every instance.
 */
export async function memorialAdmin(app: App): Promise<void> {
  const { database, now } = app.services;

  app.get(
    '/GetMemorialDayList',
    {
      onRequest: requireAdmin('system:memorial:list'),
      schema: {
        ...adminDocs,
        summary: '哀悼日列表（按开始日期倒序，可按年份或日期筛选）',
        querystring: memorialDayListQuery,
        'x-data': listOf(memorialDayDto),
      },
    },
    async (request) => {
      const { year, date, ...paging } = request.query;
      const page = await listMemorialDays(database, { year, date }, paging);
      return list(page.items.map(toMemorialDayDto), page.total);
    },
  );

  app.post(
    '/SaveMemorialDay',
    {
      onRequest: requireAdmin('system:memorial:add', 'system:memorial:edit'),
      preValidation: keepOmittedFields('Id', async (id) => {
        const day = await findMemorialDay(database, id);
        return day && toMemorialDayDto(day);
      }),
      schema: {
        ...adminDocs,
        summary: '新增（Id 为 0）或修改哀悼日：起止日期（含首尾，最长366天）与置灰范围（1 仅首页，2 全站）；修改时未传的字段保持原值',
        body: saveMemorialDayBody,
        'x-data': z.int().describe('哀悼日编号'),
        'x-codes': dayMissing,
      },
    },
    async (request) => {
      const body = request.body;
      const saved = await adminWrite(
        request,
        { action: body.Id ? 'system:memorial:edit' : 'system:memorial:add', target: TARGET, targetId: (d) => d.id, detail: describeMemorialDay },
        () => saveMemorialDay(database, body, now()),
      );
      return ok(saved.id);
    },
  );

  app.post(
    '/DelMemorialDay',
    { onRequest: requireAdmin('system:memorial:delete'), schema: { ...adminDocs, summary: '删除哀悼日', body: delByIdBody, 'x-codes': dayMissing } },
    async (request) => {
      const id = request.body.Id;
      await adminWrite(request, { action: 'system:memorial:delete', target: TARGET, targetId: id, detail: describeMemorialDay }, () =>
        deleteMemorialDay(database, id),
      );
      return ok(null);
    },
  );
}

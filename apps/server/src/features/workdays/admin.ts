import { z } from 'zod';
import { delByIdBody, listOf, saveWorkdayBody, workdayDto, workdayListQuery, workdayMessages } from '@portal/shared';
import type { App } from '../../http/app-types.js';
import { adminWrite, requireAdmin } from '../system/auth/guard.js';
import { list, ok } from '../../http/envelope.js';
import { keepOmittedFields } from '../../http/omitted-fields.js';
import { adminDocs } from '../system/docs.js';
import { deleteWorkday, describeWorkday, findWorkday, listWorkdays, saveWorkday, toWorkdayDto } from './entries.js';

const TARGET = '工作日历';
const entryMissing = { 404: workdayMessages.notFound };

/**
 * 系统管理 → 工作日历 under /api/XfSysBussiness/: GetWorkdayList, SaveWorkday, DelWorkday. Each
 * write is audited; deadlines count with the new entries from the next reckoning on.
 */
export async function workdaysAdmin(app: App): Promise<void> {
  const { database, now } = app.services;

  app.get(
    '/GetWorkdayList',
    {
      onRequest: requireAdmin('system:workday:list'),
      schema: { ...adminDocs, summary: '工作日历：一年中标为休或班的日期（按日期排序）', querystring: workdayListQuery, 'x-data': listOf(workdayDto) },
    },
    async (request) => {
      const entries = await listWorkdays(database, request.query.year);
      return list(entries.map(toWorkdayDto), entries.length);
    },
  );

  app.post(
    '/SaveWorkday',
    {
      onRequest: requireAdmin('system:workday:add', 'system:workday:edit'),
      preValidation: keepOmittedFields('Id', async (id) => {
        const entry = await findWorkday(database, id);
        return entry && toWorkdayDto(entry);
      }),
      schema: {
        ...adminDocs,
        summary: '设置（Id 为 0）或修改一天：Kind 1 休（放假）、2 班（周六、周日调休上班），Name 为名称（如春节）；修改时未传的字段保持原值',
        body: saveWorkdayBody,
        'x-data': z.int().describe('工作日历条目编号'),
        'x-codes': entryMissing,
      },
    },
    async (request) => {
      const body = request.body;
      const saved = await adminWrite(
        request,
        { action: body.Id ? 'system:workday:edit' : 'system:workday:add', target: TARGET, targetId: (e) => e.id, detail: describeWorkday },
        () => saveWorkday(database, body, now()),
      );
      return ok(saved.id);
    },
  );

  app.post(
    '/DelWorkday',
    {
      onRequest: requireAdmin('system:workday:delete'),
      schema: { ...adminDocs, summary: '清除一天的设置（该日恢复按星期计算）', body: delByIdBody, 'x-codes': entryMissing },
    },
    async (request) => {
      const id = request.body.Id;
      await adminWrite(request, { action: 'system:workday:delete', target: TARGET, targetId: id, detail: describeWorkday }, () => deleteWorkday(database, id));
      return ok(null);
    },
  );
}

import { z } from 'zod';
import { formDetailDto, formDto, formIdQuery, formListQuery, listOf, saveFormBody } from '@portal/shared';
import type { App } from '../../http/app-types.js';
import { list, ok } from '../../http/envelope.js';
import { keepOmittedFields } from '../../http/omitted-fields.js';
import { adminWrite, requireAdmin } from '../system/auth/guard.js';
import { adminDocs, formMissing, TARGET } from './docs.js';
import { formDetail, listForms, saveForm } from './service.js';

/** 表单与问卷 in the back office: the forms and their fields (docs/api.md, "Forms, surveys and votes"). */
export async function formsAdmin(app: App): Promise<void> {
  const { database, now } = app.services;
  const { db } = database;

  app.get(
    '/GetFormList',
    {
      onRequest: requireAdmin('content:form:list'),
      schema: { ...adminDocs, summary: '表单、问卷与投票列表（按标题、类型、开关状态筛选）', querystring: formListQuery, 'x-data': listOf(formDto) },
    },
    async (request) => {
      const page = await listForms(db, request.query, now());
      return list(page.items, page.total);
    },
  );

  app.get(
    '/GetForm',
    {
      onRequest: requireAdmin('content:form:list'),
      schema: {
        ...adminDocs,
        summary: '表单的设置与题目；AnsweredFields 为已有人作答的题目标识（不能删除或更改题型）',
        querystring: formIdQuery,
        'x-data': formDetailDto,
        'x-codes': formMissing,
      },
    },
    async (request) => ok(await formDetail(db, request.query.formid, now())),
  );

  app.post(
    '/SaveForm',
    {
      onRequest: requireAdmin('content:form:add', 'content:form:edit'),
      preValidation: keepOmittedFields('Id', (id) => formDetail(db, id, now()).catch(() => undefined)),
      schema: {
        ...adminDocs,
        summary: '新增（Id 为 0，新表单为关闭状态）或修改表单（未传的字段保持原值）；Fields 的顺序即显示顺序；已有人作答的题目不能删除或更改题型',
        body: saveFormBody,
        'x-data': z.int().describe('表单编号'),
        'x-codes': formMissing,
      },
    },
    async (request) => {
      const body = request.body;
      const id = await adminWrite(
        request,
        { action: body.Id ? 'content:form:edit' : 'content:form:add', target: TARGET, targetId: (saved) => saved, detail: () => body.Title },
        () => saveForm(database, body, now()),
      );
      return ok(id);
    },
  );
}

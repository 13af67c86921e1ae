import { z } from 'zod';
import {
  formatCst,
  formDetailDto,
  formDto,
  formFilterQuery,
  formIdBody,
  formIdQuery,
  formIdsBody,
  formListQuery,
  formMessages,
  formResponseDto,
  formResponseListQuery,
  formResponseQuery,
  formStatusBody,
  formSummaryDto,
  formTextAnswerDto,
  formTextsQuery,
  listOf,
  saveFormBody,
  typeKinds,
} from '@portal/shared';
import type { App } from '../../http/app-types.js';
import { list, notFound, ok } from '../../http/envelope.js';
import { keepOmittedFields } from '../../http/omitted-fields.js';
import { publicBaseUrl } from '../../http/public-base-url.js';
import { xlsxAnswer } from '../../http/xlsx-export.js';
import { sendListExport } from '../system/list-export.js';
import { adminWrite, requireAdmin } from '../system/auth/guard.js';
import { findForm } from './definition.js';
import { adminDocs, formMissing, TARGET } from './docs.js';
import { exportColumns, exportRows } from './export.js';
import { formResponse, formResponses, formSummary, formTexts, toResponseDto } from './results.js';
import { copyForm, deleteForms, formDetail, listForms, saveForm, setFormStatus } from './service.js';

/** 表单与问卷 in the back office: the forms, their fields, their results and the export (docs/api.md, "Forms, surveys and votes"). */
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

  app.post(
    '/CopyForm',
    {
      onRequest: requireAdmin('content:form:add'),
      schema: {
        ...adminDocs,
        summary: '复制表单（设置与题目，不含提交记录；副本为关闭状态）',
        body: formIdBody,
        'x-data': z.int().describe('副本的表单编号'),
        'x-codes': formMissing,
      },
    },
    async (request) => {
      const { Id } = request.body;
      const copy = await adminWrite(request, { action: 'content:form:add', target: TARGET, targetId: (c) => c, detail: () => `复制表单${Id}` }, () =>
        copyForm(db, Id, now()),
      );
      return ok(copy, formMessages.copied);
    },
  );

  app.post(
    '/SetFormStatus',
    {
      onRequest: requireAdmin('content:form:edit'),
      schema: { ...adminDocs, summary: '开启（Status 1，含重新开启）或关闭（Status 0）表单', body: formStatusBody, 'x-codes': formMissing },
    },
    async (request) => {
      const { Id, Status } = request.body;
      await adminWrite(request, { action: 'content:form:edit', target: TARGET, targetId: Id, detail: () => (Status ? '开启' : '关闭') }, () =>
        setFormStatus(db, Id, Status, now()),
      );
      return ok(null);
    },
  );

  app.post(
    '/DelForm',
    {
      onRequest: requireAdmin('content:form:delete'),
      schema: {
        ...adminDocs,
        summary: '删除表单及其全部提交记录（Ids 数组）；Data 为删除的表单数',
        body: formIdsBody,
        'x-data': z.int().describe('删除的表单数'),
      },
    },
    async (request) => {
      const { Ids } = request.body;
      const deleted = await adminWrite(request, { action: 'content:form:delete', target: TARGET, detail: (n) => `删除${n}个：${Ids.join(',')}` }, () =>
        deleteForms(database, Ids),
      );
      return ok(deleted);
    },
  );

  app.get(
    '/GetFormSummary',
    {
      onRequest: requireAdmin('content:form:results'),
      schema: {
        ...adminDocs,
        summary: '结果汇总：每题的选项计数与百分比、评分与数字的平均值；可按会员等级、地区、提交日期筛选',
        querystring: formFilterQuery,
        'x-data': formSummaryDto,
        'x-codes': formMissing,
      },
    },
    async (request) => {
      const { formid, ...filter } = request.query;
      return ok(await formSummary(db, await findForm(db, formid), filter));
    },
  );

  app.get(
    '/GetFormTexts',
    {
      onRequest: requireAdmin('content:form:results'),
      schema: {
        ...adminDocs,
        summary: '一道文本题的全部回答（分页，新的在前，可按内容搜索；筛选同 GetFormSummary）',
        querystring: formTextsQuery,
        'x-data': listOf(formTextAnswerDto),
        'x-codes': formMissing,
      },
    },
    async (request) => {
      await findForm(db, request.query.formid);
      const page = await formTexts(db, request.query.formid, request.query);
      return list(page.items, page.total);
    },
  );

  app.get(
    '/GetFormResponseList',
    {
      onRequest: requireAdmin('content:form:results'),
      schema: {
        ...adminDocs,
        summary: '提交记录（分页，新的在前；筛选同 GetFormSummary）',
        querystring: formResponseListQuery,
        'x-data': listOf(formResponseDto),
        'x-codes': formMissing,
      },
    },
    async (request) => {
      const { formid, pageindex, pagesize, ...filter } = request.query;
      await findForm(db, formid);
      const page = await formResponses(db, formid, filter, { pageindex, pagesize });
      return list(page.items.map(toResponseDto), page.total);
    },
  );

  app.get(
    '/GetFormResponse',
    {
      onRequest: requireAdmin('content:form:results'),
      schema: {
        ...adminDocs,
        summary: '一条提交记录',
        querystring: formResponseQuery,
        'x-data': formResponseDto,
        'x-codes': { 404: formMessages.responseNotFound },
      },
    },
    async (request) => {
      const row = await formResponse(db, request.query.responseid);
      if (!row) throw notFound(formMessages.responseNotFound);
      return ok(toResponseDto(row));
    },
  );

  app.get(
    '/ExportFormResponses',
    {
      onRequest: requireAdmin('content:form:export'),
      schema: {
        ...adminDocs,
        summary: '导出全部提交记录为 .xlsx（每条一行、每题一列，附件为30天内有效的下载链接；筛选同 GetFormSummary）',
        querystring: formFilterQuery,
        ...xlsxAnswer,
      },
    },
    async (request, reply) => {
      const { formid, ...filter } = request.query;
      const form = await findForm(db, formid);
      const levels = await db.selectFrom('type_items').select(['id', 'name']).where('type', '=', typeKinds.memberLevel).execute();
      const at = { now: now(), base: publicBaseUrl(request) };
      return sendListExport(request, reply, {
        permission: 'content:form:export',
        target: TARGET,
        title: `${form.row.title}-提交记录-${formatCst(at.now).slice(0, 10)}`,
        asciiName: 'form-responses.xlsx',
        columns: exportColumns(form, new Map(levels.map((l) => [l.id, l.name]))),
        read: async (page) => exportRows(db, form, (await formResponses(db, formid, filter, page)).items, at),
      });
    },
  );
}

import {
  formFilterQuery,
  formMessages,
  formResponseDto,
  formResponseListQuery,
  formResponseQuery,
  formSummaryDto,
  formTextAnswerDto,
  formTextsQuery,
  listOf,
} from '@portal/shared';
import type { App } from '../../http/app-types.js';
import { list, notFound, ok } from '../../http/envelope.js';
import { requireAdmin } from '../system/auth/guard.js';
import { findForm } from './definition.js';
import { adminDocs, formMissing } from './docs.js';
import { formResponse, formResponses, formTexts, keptSummary, toResponseDto } from './results.js';

/** A form's results: the summary, the text answers, the responses (docs/api.md, "Forms, surveys and votes"). */
export async function formResultsAdmin(app: App): Promise<void> {
  const { database, now } = app.services;
  const { db } = database;

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
      return ok(await keptSummary(db, await findForm(db, formid), filter, { now: now(), staleMs: 0 }));
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
}

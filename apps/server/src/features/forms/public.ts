import { z } from 'zod';
import { formatCst, formIdQuery, formFileQuery, formMessages, formSummaryDto, myFormResponseDto, publicFormDto } from '@portal/shared';
import type { App } from '../../http/app-types.js';
import { ok } from '../../http/envelope.js';
import { PRIVATE_ANSWER } from '../../http/security-headers.js';
import { currentMember, optionalMember, requireMember } from '../members/guard.js';
import { sendAttachment } from '../uploads/attachment.js';
import { respondentOf } from './audience.js';
import { findForm } from './definition.js';
import { formMissing, publicDocs } from './docs.js';
import { fileOfToken } from './files.js';
import { myResponses, publicForm, resultsRefusal } from './reading.js';
import { keptSummary, PUBLIC_STALE_MS } from './results.js';

/** Forms, surveys and votes on the public site and in the member area (docs/api.md, "Forms, surveys and votes"). */
export async function formsPublic(app: App): Promise<void> {
  const { services } = app;
  const { database, now } = services;
  const { db } = database;

  app.get(
    '/GetPublicForm',
    {
      schema: {
        ...publicDocs,
        summary: '表单、问卷或投票的公开内容与题目；Refusal 为当前访客或会员此时不能提交的原因（空为可提交）',
        'x-optional-session': 'member',
        querystring: formIdQuery,
        'x-data': publicFormDto,
        'x-codes': formMissing,
      },
    },
    async (request, reply) => {
      // Said for this caller (whether they may answer, whether they did): kept by no one.
      void reply.header('cache-control', PRIVATE_ANSWER);
      return ok(await publicForm(db, request.query.formid, await respondentOf(db, await optionalMember(request)), now()));
    },
  );

  app.get(
    '/GetFormResults',
    {
      schema: {
        ...publicDocs,
        summary: '公开的结果汇总：投票按其设置（投票期间可见或结束后可见），表单与问卷在关闭后且设置了公开结果时',
        'x-optional-session': 'member',
        querystring: formIdQuery,
        'x-data': formSummaryDto,
        'x-codes': { ...formMissing, 403: formMessages.resultsHidden },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', PRIVATE_ANSWER);
      const form = await findForm(db, request.query.formid);
      const refusal = resultsRefusal(form, await respondentOf(db, await optionalMember(request)), formatCst(now()));
      if (refusal) throw refusal;
      return ok(await keptSummary(db, form, {}, { now: now(), staleMs: PUBLIC_STALE_MS }));
    },
  );

  app.get(
    '/GetMyFormResponses',
    {
      onRequest: requireMember,
      schema: { ...publicDocs, summary: '本会员提交过的表单、问卷与投票（匿名提交不记录提交人，不在其中），新的在前', 'x-data': z.array(myFormResponseDto) },
    },
    async (request) => ok(await myResponses(db, (await currentMember(request)).memberId)),
  );

  app.get(
    '/GetFormFile',
    {
      schema: {
        ...publicDocs,
        summary: '下载表单附件（导出表格中的链接，令牌30天内有效）',
        querystring: formFileQuery,
        'x-file': '*/*',
        'x-codes': { 404: formMessages.fileLinkInvalid },
      },
    },
    async (request, reply) => sendAttachment(services, reply, await fileOfToken(db, request.query.token, now())),
  );
}

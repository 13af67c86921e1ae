import rateLimit from '@fastify/rate-limit';
import { z } from 'zod';
import {
  captchaFields,
  formatCst,
  formIdQuery,
  formFileQuery,
  formMessages,
  formSummaryDto,
  messages,
  myFormResponseDto,
  publicFormDto,
  submitFormBody,
} from '@portal/shared';
import type { App } from '../../http/app-types.js';
import { ok } from '../../http/envelope.js';
import { currentMember, optionalMember, requireMember } from '../members/guard.js';
import { issueCaptcha } from '../system/auth/captcha.js';
import { sendAttachment } from '../uploads/attachment.js';
import { storedUploadDocs } from '../uploads/docs.js';
import { requestFile } from '../uploads/receive.js';
import { storeUpload } from '../uploads/records.js';
import { respondentOf } from './audience.js';
import { findForm } from './definition.js';
import { formMissing, publicDocs } from './docs.js';
import { fileOfToken } from './files.js';
import { myResponses, publicForm, resultsRefusal } from './reading.js';
import { formSummary } from './results.js';
import { submitResponse, UPLOAD_KIND } from './submit.js';

/** Per client address and 10 minutes: a household or an office behind one address answers, a script does not flood. */
export const perAddress = { rateLimit: { max: 30, timeWindow: 10 * 60_000 } };
/** Captchas: a few per answer (a wrong one, an expired one). */
const captchasPerAddress = { rateLimit: { max: 60, timeWindow: 10 * 60_000 } };

/** Forms, surveys and votes on the public site and in the member area (docs/api.md, "Forms, surveys and votes"). */
export async function formsPublic(app: App): Promise<void> {
  const { services } = app;
  const { database, now, privateStorage } = services;
  const { db } = database;

  app.get(
    '/GetPublicForm',
    {
      schema: {
        ...publicDocs,
        summary: '表单、问卷或投票的公开内容与题目；Refusal 为当前访客或会员此时不能提交的原因（空为可提交）',
        querystring: formIdQuery,
        'x-data': publicFormDto,
        'x-codes': formMissing,
      },
    },
    async (request) => ok(await publicForm(db, request.query.formid, await respondentOf(db, await optionalMember(request)), now())),
  );

  app.get(
    '/GetFormResults',
    {
      schema: {
        ...publicDocs,
        summary: '公开的结果汇总：投票按其设置（投票期间可见或结束后可见），表单与问卷在关闭后且设置了公开结果时',
        querystring: formIdQuery,
        'x-data': formSummaryDto,
        'x-codes': { ...formMissing, 403: formMessages.resultsHidden },
      },
    },
    async (request) => {
      const form = await findForm(db, request.query.formid);
      const refusal = resultsRefusal(form, await respondentOf(db, await optionalMember(request)), formatCst(now()));
      if (refusal) throw refusal;
      return ok(await formSummary(db, form, {}));
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

  // Per client address, on every instance (http/rate-limit-counters.ts): the captcha, the files and the answers.
  await app.register(async (scope) => {
    const limited = scope as App;
    await limited.register(rateLimit, { global: false, ...services.rateLimitCounters.options('forms') });

    /** Data: the captcha image; Url: its one-time ticket (as GetCode of the back office). */
    limited.get(
      '/GetFormCaptcha',
      {
        schema: { ...publicDocs, summary: '访客提交表单用的验证码（图片与一次性票据）', 'x-data': captchaFields.Data, 'x-fields': { Url: captchaFields.Url } },
        config: captchasPerAddress,
      },
      async () => {
        const captcha = await issueCaptcha(database, now(), app.captchaIssued);
        return { ...ok(captcha.image), Url: captcha.ticket };
      },
    );

    limited.post(
      '/UploadFormFile',
      {
        schema: {
          ...publicDocs,
          summary: '上传表单附件（multipart 字段 file，图片或办公文档，不超过10MB）；Data 为提交时填入附件题的路径',
          ...storedUploadDocs(true),
        },
        config: perAddress,
      },
      async (request) => {
        const upload = await requestFile(request);
        const member = await optionalMember(request);
        const owner = member ? (`member:${member.memberId}` as const) : 'visitor';
        return ok(await storeUpload(services, upload, UPLOAD_KIND, owner, privateStorage, request), messages.uploadOk);
      },
    );

    limited.post(
      '/SubmitForm',
      {
        schema: {
          ...publicDocs,
          summary: '提交表单、问卷或投票：按题目标识填写 Answers；访客须附 GetFormCaptcha 的验证码（Captcha）与票据（CaptchaTicket）；每个地址10分钟内至多30次',
          body: submitFormBody,
          'x-rate-limited': true,
          'x-data': z.int().describe('提交编号'),
          'x-codes': { ...formMissing, 401: formMessages.membersOnly, 403: `${formMessages.notInAudience}；${formMessages.lapsed}` },
        },
        config: perAddress,
      },
      async (request) => {
        const who = await respondentOf(db, await optionalMember(request));
        const id = await submitResponse(services, { formId: request.body.FormId, body: request.body, who, ip: request.ip });
        return ok(id, messages.submitted);
      },
    );
  });
}

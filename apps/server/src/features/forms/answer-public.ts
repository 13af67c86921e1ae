import rateLimit from '@fastify/rate-limit';
import { z } from 'zod';
import { captchaFields, formMessages, messages, submitFormBody } from '@portal/shared';
import type { App } from '../../http/app-types.js';
import { ok } from '../../http/envelope.js';
import { optionalMember } from '../members/guard.js';
import { issueCaptcha } from '../system/auth/captcha.js';
import { requestFile } from '../uploads/receive.js';
import { storeUpload } from '../uploads/records.js';
import { storedUploadDocs } from '../uploads/docs.js';
import { respondentOf } from './audience.js';
import { formMissing, publicDocs } from './docs.js';
import { submitResponse, UPLOAD_KIND } from './submit.js';
import { acceptedConsent } from '../privacy/consents.js';

/** Per client address and 10 minutes: a household or an office behind one address answers, a script does not flood. */
const perAddress = { rateLimit: { max: 30, timeWindow: 10 * 60_000 } };
/** Captchas: a few per answer (a wrong one, an expired one). */
const captchasPerAddress = { rateLimit: { max: 60, timeWindow: 10 * 60_000 } };

/**
 * Answering a form: a visitor's captcha, a file for a file question, the response; counted per
 * client address on every instance (http/rate-limit-counters.ts).
 */
export async function formAnswersPublic(app: App): Promise<void> {
  const { services } = app;
  const { database, now, privateStorage } = services;
  const { db } = database;

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
          'x-optional-session': 'member',
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
          'x-optional-session': 'member',
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
        const consent = await acceptedConsent(services.database, services.config.site, request.body.PrivacyVersion, services.now());
        const id = await submitResponse(services, { formId: request.body.FormId, body: request.body, who, ip: request.clientAddress, consent });
        return ok(id, messages.submitted);
      },
    );
  });
}

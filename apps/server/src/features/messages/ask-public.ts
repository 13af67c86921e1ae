import rateLimit from '@fastify/rate-limit';
import { z } from 'zod';
import { captchaFields, messageBoardMessages, messageOptionsDto, messages, saveMessageBody } from '@portal/shared';
import type { App } from '../../http/app-types.js';
import { ok } from '../../http/envelope.js';
import { optionalMember } from '../members/guard.js';
import { issueCaptcha } from '../system/auth/captcha.js';
import { requestFile } from '../uploads/receive.js';
import { storeUpload } from '../uploads/records.js';
import { storedUploadDocs } from '../uploads/docs.js';
import { askMessage, ATTACHMENT_KIND, uploaderOf } from './ask.js';
import { acceptedConsent } from '../privacy/consents.js';
import { listCategories } from './catalogue.js';
import { publicDocs } from './docs.js';
import { toCategoryDto } from './dto.js';
import { askLimit } from './intake.js';
import { messageSettings } from './settings.js';

/** Per client address and 10 minutes, on every instance (http/rate-limit-counters.ts): the page's calls a person makes, not a script's. */
const perAddress = { rateLimit: { max: 30, timeWindow: 10 * 60_000 } };
const captchasPerAddress = { rateLimit: { max: 60, timeWindow: 10 * 60_000 } };

/** Asking on the 在线留言 page: what it offers, a visitor's captcha, an attachment, the message (docs/api.md, "在线留言"). */
export async function messageAskPublic(app: App): Promise<void> {
  const { services } = app;
  const { database, now, privateStorage } = services;

  app.get(
    '/GetMessageOptions',
    { schema: { ...publicDocs, summary: '在线留言页的选项：启用的留言类别（含办理时限）、是否必填姓名、联系方式要求', 'x-data': messageOptionsDto } },
    async () => {
      const [categories, settings] = await Promise.all([listCategories(database.db, true), messageSettings(database.db)]);
      return ok({ Categories: categories.map(toCategoryDto), RequireName: settings.requireName, Contact: settings.contact });
    },
  );

  await app.register(async (scope) => {
    const limited = scope as App;
    await limited.register(rateLimit, { global: false, ...services.rateLimitCounters.options('messages') });

    limited.get(
      '/GetMessageCaptcha',
      {
        schema: { ...publicDocs, summary: '访客留言用的验证码（图片与一次性票据）', 'x-data': captchaFields.Data, 'x-fields': { Url: captchaFields.Url } },
        config: captchasPerAddress,
      },
      async () => {
        const captcha = await issueCaptcha(database, now(), app.captchaIssued);
        return { ...ok(captcha.image), Url: captcha.ticket };
      },
    );

    limited.post(
      '/UploadMessageFile',
      {
        schema: {
          ...publicDocs,
          'x-optional-session': 'member',
          summary: '上传留言附件（multipart 字段 file，图片或办公文档，不超过10MB，不公开）；Data 为 SaveMessage 的 Attachment',
          ...storedUploadDocs(true),
        },
        config: perAddress,
      },
      async (request) => {
        const upload = await requestFile(request);
        const owner = uploaderOf(await optionalMember(request));
        return ok(await storeUpload(services, upload, ATTACHMENT_KIND, owner, privateStorage, request), messages.uploadOk);
      },
    );

    limited.post(
      '/SaveMessage',
      {
        schema: {
          ...publicDocs,
          'x-optional-session': 'member',
          summary: `提交留言；访客须附 GetMessageCaptcha 的验证码（Captcha）与票据（CaptchaTicket）；每个地址10分钟内至多${askLimit.max}条（与建议留言合计）；Data 为查询码`,
          body: saveMessageBody,
          'x-rate-limited': true,
          'x-data': z.string().describe('查询码（20位，凭此查询办理进度与答复）'),
          'x-codes': { 429: messages.tooManyRequests, 400: messageBoardMessages.categoryUnknown },
        },
        config: perAddress,
      },
      async (request) => {
        const consent = await acceptedConsent(services.database, services.config.site, request.body.PrivacyVersion, services.now());
        const code = await askMessage(
          services,
          request.body,
          await optionalMember(request),
          { address: request.clientAddress, group: request.addressGroup },
          consent,
        );
        return ok(code, messages.submitted);
      },
    );
  });
}

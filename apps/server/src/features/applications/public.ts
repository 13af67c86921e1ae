import rateLimit from '@fastify/rate-limit';
import { applyMemberForm, memberMessages, memberProfileDto, membershipMessages, messages } from '@portal/shared';
import type { App } from '../../http/app-types.js';
import { optionalConsent } from '../privacy/consents.js';
import { notFound, ok } from '../../http/envelope.js';
import { currentApplicant, optionalApplication, requireApplicant } from '../members/guard.js';
import { memberDocs, publicDocs } from '../members/docs.js';
import { toMemberProfileDto } from '../members/dto.js';
import { getMember } from '../members/service.js';
import { storedUploadDocs } from '../uploads/docs.js';
import { requestFile } from '../uploads/receive.js';
import { storeUpload } from '../uploads/records.js';
import { sendAttachment } from '../uploads/attachment.js';
import { resubmitApplication, submitApplication } from './service.js';

/** Per client address and 10 minutes: enough for an applicant's retries, not for a flood of accounts or files. */
const perAddress = { rateLimit: { max: 10, timeWindow: 10 * 60_000 } };

/** The membership application (spec §5, §7 ApplyMember, GetMemberApplyRc, UploadFile). */
export async function applicationsPublic(app: App): Promise<void> {
  const { database, config, privateStorage, now } = app.services;

  app.get(
    '/GetMemberApplyRc',
    {
      onRequest: requireApplicant,
      schema: { ...memberDocs, summary: '本人的入会申请（申请令牌或会员令牌）；未通过时 ProcessItemName 为原因', 'x-data': memberProfileDto },
    },
    async (request) => {
      const applicant = await currentApplicant(request);
      return ok(toMemberProfileDto(await getMember(database.db, applicant.memberId), config.assetBaseUrl));
    },
  );

  app.get(
    '/GetApplyFile',
    {
      onRequest: requireApplicant,
      schema: { ...memberDocs, summary: '下载本人入会申请的附件（原文件名）', 'x-file': '*/*', 'x-codes': { 404: memberMessages.attachmentMissing } },
    },
    async (request, reply) => {
      const applicant = await currentApplicant(request);
      const { filePath } = await getMember(database.db, applicant.memberId);
      if (!filePath) throw notFound(memberMessages.attachmentMissing);
      return sendAttachment(app.services, reply, filePath);
    },
  );

  await app.register(async (scope) => {
    const limited = scope as App;
    await limited.register(rateLimit, { global: false, ...app.services.rateLimitCounters.options('applications') });

    /**
     * A visitor's application, or, with the application token of a rejected applicant, its
     * resubmission. Any other token (a member's, an expired one) is no identity here: the
     * call is then a new application.
     */
    limited.post(
      '/ApplyMember',
      { schema: { ...publicDocs, summary: '入会申请；携带未通过申请的申请令牌时为修改后重新提交', body: applyMemberForm }, config: perAddress },
      async (request) => {
        const applicant = await optionalApplication(request);
        const consent = await optionalConsent(database, config.site, request.body.PrivacyVersion, now());
        const { admitted } = applicant
          ? await resubmitApplication(database, applicant.memberId, request.body, consent, now())
          : await submitApplication(database, request.body, consent, now());
        return ok(null, admitted ? membershipMessages.admitted : messages.submitted);
      },
    );

    /** The application attachment: multipart field `file`; Data is the stored path (docs/api.md). */
    limited.post(
      '/UploadFile',
      {
        schema: { ...publicDocs, summary: '上传入会申请附件（multipart 字段 file，办公文档或压缩包，不超过10MB）', ...storedUploadDocs(true) },
        config: perAddress,
      },
      async (request) => {
        const upload = await requestFile(request);
        // Application papers are for the applicant and the association only: kept out of /uploads/.
        // A rejected applicant uploading under their application token makes them theirs at once (members/papers.ts).
        const applicant = await optionalApplication(request);
        const owner = applicant ? (`member:${applicant.memberId}` as const) : 'visitor';
        return ok(await storeUpload(app.services, upload, 'memberAttachment', owner, privateStorage, request), messages.uploadOk);
      },
    );
  });
}

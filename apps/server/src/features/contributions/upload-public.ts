import { contentMessages, messages } from '@portal/shared';
import type { App } from '../../http/app-types.js';
import { badRequest, ok } from '../../http/envelope.js';
import { currentMember, requireMemberInGoodStanding } from '../members/guard.js';
import { storedUploadDocs } from '../uploads/docs.js';
import { storeUpload } from '../uploads/records.js';
import { memberDocs } from './docs.js';

/** The contribution centre's picture upload (cover and body pictures), for a member whose membership has not lapsed. */
export async function contributionUploadPublic(app: App): Promise<void> {
  const { storage } = app.services;

  app.post(
    '/UploadContributionImage',
    {
      onRequest: requireMemberInGoodStanding,
      schema: { ...memberDocs, summary: '上传投稿图片（封面或正文图片；multipart 字段 file，jpg/png/jpeg，不超过900kb）', ...storedUploadDocs(true) },
    },
    async (request) => {
      const upload = await request.file();
      if (!upload || upload.fieldname !== 'file') {
        upload?.file.resume();
        throw badRequest(contentMessages.uploadMissing);
      }
      const member = await currentMember(request);
      return ok(await storeUpload(app.services, upload, 'contributionImage', `member:${member.memberId}`, storage, request), messages.uploadOk);
    },
  );
}

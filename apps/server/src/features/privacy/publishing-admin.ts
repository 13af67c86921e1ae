import { z } from 'zod';
import { delByIdBody } from '@portal/shared';
import type { App } from '../../http/app-types.js';
import { ok } from '../../http/envelope.js';
import { adminWrite, requireAdmin } from '../system/auth/guard.js';
import { adminDocs } from '../system/docs.js';
import { describePrivacyPolicy, PRIVACY_AUDIT_TARGET, privacyCodes, publishPrivacyPolicy } from './policy.js';

/** 隐私政策's 发布 (/api/XfSysBussiness/PublishPrivacyPolicy): a draft becomes the current version, for good. */
export async function privacyPublishingAdmin(app: App): Promise<void> {
  const { database, now, config } = app.services;

  app.post(
    '/PublishPrivacyPolicy',
    {
      onRequest: requireAdmin('system:privacy:publish'),
      schema: {
        ...adminDocs,
        summary: '发布隐私政策草稿：取下一个版本号和当前时间，立即成为访客看到的版本；发布后不能再修改或删除',
        body: delByIdBody,
        'x-data': z.int().describe('发布后的版本号'),
        'x-codes': privacyCodes,
      },
    },
    async (request) => {
      const id = request.body.Id;
      const published = await adminWrite(
        request,
        { action: 'system:privacy:publish', target: PRIVACY_AUDIT_TARGET, targetId: id, detail: describePrivacyPolicy },
        () => publishPrivacyPolicy(database, id, config.site, now()),
      );
      return ok(published.version);
    },
  );
}

import { mailingSettingsDto, saveMailingSettingsBody } from '@portal/shared';
import type { App } from '../../http/app-types.js';
import { ok } from '../../http/envelope.js';
import { adminWrite, requireAdmin } from '../system/auth/guard.js';
import { dispatchRate, saveDispatchRate } from './dispatch.js';
import { adminDocs } from './docs.js';

/** 群发设置: how many mails a minute the dispatch job hands to the outbox. */
export async function mailingSettingsAdmin(app: App): Promise<void> {
  const { database, now } = app.services;
  const { db } = database;

  app.get(
    '/GetMailingSettings',
    { onRequest: requireAdmin('mailing:send'), schema: { ...adminDocs, summary: '群发设置：每分钟交给发信队列的邮件数', 'x-data': mailingSettingsDto } },
    async () => ok({ PerMinute: await dispatchRate(db) }),
  );

  app.post(
    '/SaveMailingSettings',
    {
      onRequest: requireAdmin('mailing:send'),
      schema: { ...adminDocs, summary: '保存群发设置（PerMinute 1-6000）；未传的字段保持原值', body: saveMailingSettingsBody, 'x-data': mailingSettingsDto },
    },
    async (request) => {
      const perMinute = await adminWrite(request, { action: 'mailing:send', target: '群发设置', detail: (n) => `每分钟${n}封` }, () =>
        saveDispatchRate(db, request.body.PerMinute, now()),
      );
      return ok({ PerMinute: perMinute });
    },
  );
}

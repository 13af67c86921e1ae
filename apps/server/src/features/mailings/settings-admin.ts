import { mailingSettingsDto, saveMailingSettingsBody } from '@portal/shared';
import type { App } from '../../http/app-types.js';
import { ok } from '../../http/envelope.js';
import { adminWrite, requireAdmin } from '../system/auth/guard.js';
import { dispatchRate, saveDispatchRate } from './dispatch.js';
import { adminDocs } from './docs.js';
import { saveTracking, trackingOn } from './opens.js';

/** 群发设置: how many mails a minute the dispatch job hands to the outbox, and 打开跟踪 (off by default). */
export async function mailingSettingsAdmin(app: App): Promise<void> {
  const { database, now } = app.services;
  const { db } = database;

  app.get(
    '/GetMailingSettings',
    {
      onRequest: requireAdmin('mailing:send'),
      schema: { ...adminDocs, summary: '群发设置：每分钟交给发信队列的邮件数；打开跟踪是否开启（默认关闭）', 'x-data': mailingSettingsDto },
    },
    async () => ok({ PerMinute: await dispatchRate(db), TrackOpens: await trackingOn(db) }),
  );

  app.post(
    '/SaveMailingSettings',
    {
      onRequest: requireAdmin('mailing:send'),
      schema: {
        ...adminDocs,
        summary: '保存群发设置（PerMinute 1-6000；TrackOpens 对此后发出的通知生效）；未传的字段保持原值',
        body: saveMailingSettingsBody,
        'x-data': mailingSettingsDto,
      },
    },
    async (request) => {
      const b = request.body;
      const saved = await adminWrite(
        request,
        { action: 'mailing:send', target: '群发设置', detail: (s) => `每分钟${s.PerMinute}封，打开跟踪${s.TrackOpens ? '开启' : '关闭'}` },
        async () => ({ PerMinute: await saveDispatchRate(db, b.PerMinute, now()), TrackOpens: await saveTracking(db, b.TrackOpens, now()) }),
      );
      return ok(saved);
    },
  );
}

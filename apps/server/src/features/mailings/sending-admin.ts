import { mailingIdBody, mailingMessages, sendMailingBody, testMailingBody } from '@portal/shared';
import { z } from 'zod';
import type { App } from '../../http/app-types.js';
import { badRequest, ok } from '../../http/envelope.js';
import { publicBaseUrl } from '../../http/public-base-url.js';
import { mailEnabled } from '../mail/outbox.js';
import { adminWrite, requireAdmin } from '../system/auth/guard.js';
import { adminDocs } from './docs.js';
import { cancelSchedule, sendMailing, testMailing } from './sending.js';

/** 群发通知's sending: a test to one address, the send (now or at a time), and calling a scheduled one back. */
export async function mailingSendingAdmin(app: App): Promise<void> {
  const { database, now, config } = app.services;
  const guard = requireAdmin('mailing:send');

  app.post(
    '/TestMailing',
    {
      onRequest: guard,
      schema: {
        ...adminDocs,
        summary: '测试发送：以某会员（MemberId，0 为发送范围内的第一位）的信息填好变量，发到 Address；标题前加【测试】，退订链接不生效',
        'x-codes': { 404: mailingMessages.mailingNotFound },
        body: testMailingBody,
      },
    },
    async (request) => {
      const b = request.body;
      if (!mailEnabled(app.services)) throw badRequest(mailingMessages.mailDisabled);
      if (!b.Address) throw badRequest(mailingMessages.testAddressMissing);
      await adminWrite(request, { action: 'mailing:send', target: '群发通知', targetId: b.MailingId, detail: () => `测试发送到 ${b.Address}` }, () =>
        testMailing(
          database,
          b.MailingId,
          { address: b.Address, memberId: b.MemberId },
          { baseUrl: publicBaseUrl(request), siteEmail: config.site.email },
          now(),
        ),
      );
      return ok(null);
    },
  );

  app.post(
    '/SendMailing',
    {
      onRequest: guard,
      schema: {
        ...adminDocs,
        summary:
          '发送通知：SendAt 为空立即发送，否则定时（yyyy-MM-dd HH:mm:ss，不能早于当前时间）；收件人在发送时确定，按群发设置的速度交给发信队列；Data 为 sent 或 scheduled',
        'x-codes': { 404: mailingMessages.mailingNotFound },
        body: sendMailingBody,
        'x-data': z.enum(['sent', 'scheduled']),
      },
    },
    async (request) => {
      const b = request.body;
      const state = await adminWrite(
        request,
        { action: 'mailing:send', target: '群发通知', targetId: b.MailingId, detail: (s) => (s === 'sent' ? '立即发送' : `定时 ${b.SendAt}`) },
        () => sendMailing(database, b.MailingId, b.SendAt, { baseUrl: publicBaseUrl(request), mailEnabled: mailEnabled(app.services) }, now()),
      );
      return ok(state);
    },
  );

  app.post(
    '/CancelMailingSchedule',
    {
      onRequest: guard,
      schema: { ...adminDocs, summary: '取消定时发送，通知回到草稿', 'x-codes': { 404: mailingMessages.mailingNotFound }, body: mailingIdBody },
    },
    async (request) => {
      await adminWrite(request, { action: 'mailing:send', target: '群发通知', targetId: request.body.MailingId, detail: () => '取消定时' }, () =>
        cancelSchedule(database.db, request.body.MailingId, now()),
      );
      return ok(null);
    },
  );
}

import { listOf, sendTestSmsBody, smsLogDto, smsLogQuery, smsMessages } from '@portal/shared';
import type { App } from '../../http/app-types.js';
import { badRequest, list, ok } from '../../http/envelope.js';
import { adminWrite, currentAdmin, requireAdmin } from '../system/auth/guard.js';
import { smsDocs } from './docs.js';
import { maskedPhone, smsLog, toSmsLogDto } from './log.js';
import { sendSms } from './send.js';

/** 短信's 测试发送, and the log of every message handed to the provider. */
export async function smsSendingAdmin(app: App): Promise<void> {
  const { db } = app.services.database;
  const guard = requireAdmin('mailing:sms');

  app.post(
    '/SendTestSms',
    {
      onRequest: guard,
      schema: {
        ...smsDocs,
        summary: '测试发送一条短信：服务商审核通过的模板编号及其变量，发到 Phone；结果记入短信记录。未配置时不发送',
        'x-codes': { 400: smsMessages.notConfigured },
        body: sendTestSmsBody,
      },
    },
    async (request) => {
      const b = request.body;
      const source = `测试发送（${currentAdmin(request).account}）`;
      await adminWrite(
        request,
        { action: 'mailing:sms', target: '短信', detail: () => `测试发送到 ${maskedPhone(b.Phone)}，模板 ${b.TemplateCode}` },
        async () => {
          const outcome = await sendSms(app.services, { phone: b.Phone, templateCode: b.TemplateCode, variables: b.Variables }, source);
          if (outcome.state === 'failed') throw badRequest(smsMessages.failed(outcome.answer));
        },
      );
      return ok(null, smsMessages.sent);
    },
  );

  app.get(
    '/GetSmsLogList',
    {
      onRequest: guard,
      schema: { ...smsDocs, summary: '短信记录，新的在前；可按状态（sent、failed）或完整手机号筛选', querystring: smsLogQuery, 'x-data': listOf(smsLogDto) },
    },
    async (request) => {
      const { rows, total } = await smsLog(db, request.query);
      return list(rows.map(toSmsLogDto), total);
    },
  );
}

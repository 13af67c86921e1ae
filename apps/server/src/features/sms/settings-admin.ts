import { saveSmsSettingsBody, smsMessages, smsSettingsDto } from '@portal/shared';
import type { App } from '../../http/app-types.js';
import { badRequest, ok } from '../../http/envelope.js';
import { adminWrite, requireAdmin } from '../system/auth/guard.js';
import { smsDocs } from './docs.js';
import { saveSmsSettings, smsReady, smsSettings, type SmsSettings } from './settings.js';

/** 短信设置: the installed provider (none ships), the signature and the switch. */
export async function smsSettingsAdmin(app: App): Promise<void> {
  const { database, now } = app.services;
  const { db } = database;
  const guard = requireAdmin('mailing:sms');
  const provider = app.services.sms;
  const dto = (s: SmsSettings) => ({ Provider: provider?.name ?? '', SignName: s.signName, Enabled: s.enabled, Ready: smsReady(provider, s) });

  app.get(
    '/GetSmsSettings',
    {
      onRequest: guard,
      schema: { ...smsDocs, summary: '短信设置：已接入的服务商（未接入为空，本系统不内置服务商）、短信签名、是否启用', 'x-data': smsSettingsDto },
    },
    async () => ok(dto(await smsSettings(db))),
  );

  app.post(
    '/SaveSmsSettings',
    {
      onRequest: guard,
      schema: {
        ...smsDocs,
        summary: '保存短信签名与启用开关；未传的字段保持原值。未接入服务商或没有签名时不能启用',
        'x-codes': { 400: smsMessages.noProvider },
        body: saveSmsSettingsBody,
        'x-data': smsSettingsDto,
      },
    },
    async (request) => {
      const b = request.body;
      const saved = await adminWrite(
        request,
        { action: 'mailing:sms', target: '短信设置', detail: (s) => `签名 ${s.signName || '（无）'}，${s.enabled ? '启用' : '停用'}` },
        async () => {
          const next = {
            ...(await smsSettings(db)),
            ...(b.SignName === undefined ? {} : { signName: b.SignName }),
            ...(b.Enabled === undefined ? {} : { enabled: b.Enabled }),
          };
          if (next.enabled && !provider) throw badRequest(smsMessages.noProvider);
          if (next.enabled && next.signName === '') throw badRequest(smsMessages.signNameRequired);
          return saveSmsSettings(db, { signName: b.SignName, enabled: b.Enabled }, now());
        },
      );
      return ok(dto(saved));
    },
  );
}

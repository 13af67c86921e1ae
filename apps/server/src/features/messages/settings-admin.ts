import { messageSettingsDto, saveMessageSettingsBody } from '@portal/shared';
import type { App } from '../../http/app-types.js';
import { ok } from '../../http/envelope.js';
import { adminWrite, requireAdmin } from '../system/auth/guard.js';
import { adminDocs } from './docs.js';
import { messageSettings, saveMessageSettings } from './settings.js';

/** 留言设置: what the ask page requires, and when handlers are warned before a due time. */
export async function messageSettingsAdmin(app: App): Promise<void> {
  const { database, now } = app.services;
  const { db } = database;
  const guard = requireAdmin('message:setting');

  app.get(
    '/GetMessageSettings',
    { onRequest: guard, schema: { ...adminDocs, summary: '在线留言的设置：是否必填姓名、联系方式要求、到期前几小时提醒', 'x-data': messageSettingsDto } },
    async () => {
      const s = await messageSettings(db);
      return ok({ RequireName: s.requireName, Contact: s.contact, WarnHours: s.warnHours });
    },
  );

  app.post(
    '/SaveMessageSettings',
    { onRequest: guard, schema: { ...adminDocs, summary: '保存在线留言的设置（Contact：phone、email、either、both）', body: saveMessageSettingsBody } },
    async (request) => {
      const b = request.body;
      await adminWrite(
        request,
        {
          action: 'message:setting',
          target: '留言设置',
          detail: () => `姓名${b.RequireName ? '必填' : '选填'}，联系方式${b.Contact}，提前${b.WarnHours}小时提醒`,
        },
        () => saveMessageSettings(db, b, now()),
      );
      return ok(null);
    },
  );
}

import { messageBoardMessages, messages, messageSettingsDto, saveMessageSettingsBody } from '@portal/shared';
import type { App } from '../../http/app-types.js';
import { ok } from '../../http/envelope.js';
import { adminWrite, requireAdmin } from '../system/auth/guard.js';
import { adminDocs } from './docs.js';
import { messageSettings, saveMessageSettings, type MessageSettings } from './settings.js';

const toSettingsDto = (s: MessageSettings) => ({
  RequireName: s.requireName,
  Contact: s.contact,
  WarnHours: s.warnHours,
  ReplyReviewMenuId: s.replyReviewMenuId,
});

/** 留言设置: what the ask page requires, and when handlers are warned before a due time. */
export async function messageSettingsAdmin(app: App): Promise<void> {
  const { database, now } = app.services;
  const { db } = database;
  const guard = requireAdmin('message:setting');

  app.get(
    '/GetMessageSettings',
    {
      onRequest: guard,
      schema: {
        ...adminDocs,
        summary: '在线留言的设置：是否必填姓名、联系方式要求、到期前几小时提醒、答复须经哪个栏目的审核流程审核（0 不审核）',
        'x-data': messageSettingsDto,
      },
    },
    async () => ok(toSettingsDto(await messageSettings(db))),
  );

  app.post(
    '/SaveMessageSettings',
    {
      onRequest: guard,
      schema: {
        ...adminDocs,
        summary:
          '保存在线留言的设置（Contact：phone、email、either、both；ReplyReviewMenuId：答复须经该栏目的审核流程审核，0 不审核，栏目须有审核流程）；未传的字段保持原值；Data 为保存后的设置',
        'x-codes': { 400: messageBoardMessages.reviewMenuNoChain, 404: messages.menuNotFound },
        body: saveMessageSettingsBody,
        'x-data': messageSettingsDto,
      },
    },
    async (request) => {
      const saved = await adminWrite(
        request,
        {
          action: 'message:setting',
          target: '留言设置',
          detail: (s) =>
            `姓名${s.requireName ? '必填' : '选填'}，联系方式${s.contact}，提前${s.warnHours}小时提醒，答复${s.replyReviewMenuId ? `须经栏目${s.replyReviewMenuId}的审核流程审核` : '无须审核'}`,
        },
        () => saveMessageSettings(database, request.body, now()),
      );
      return ok(toSettingsDto(saved));
    },
  );
}

import { z } from 'zod';
import { activityIdBody, activityMessages, idsBody } from '@portal/shared';
import type { App } from '../../http/app-types.js';
import { adminWrite, requireAdmin } from '../system/auth/guard.js';
import { ok } from '../../http/envelope.js';
import { activityMissing, adminDocs, TARGET } from './docs.js';
import { mailContext } from '../mail/context.js';
import { deliverNotices, withMailNote } from './notices.js';
import { nudgeOutbox } from '../mail/outbox.js';
import { closeActivity, deleteActivities, publishActivity } from './service.js';

/**
 * Publishing an activity (its notices and mails), closing it and deleting activities (spec §7 has no
 * such calls; ours, docs/api.md). Publishing and closing are edits (activity:edit).
 */
export async function activityPublishingAdmin(app: App): Promise<void> {
  const { database, now } = app.services;
  const { db } = database;

  app.post(
    '/PublishActivity',
    {
      onRequest: requireAdmin('activity:edit'),
      schema: {
        ...adminDocs,
        summary:
          '发布活动（草稿或已关闭的活动）：向通知对象中的每位会员发出通知，配置了 SMTP_URL 时同时发送邮件；Data 为新通知数，Message 为“已发布，已通知N位会员”，未配置时另加“未配置邮件服务器，仅站内通知”',
        body: activityIdBody,
        'x-data': z.int().describe('新通知数'),
        'x-codes': activityMissing,
      },
    },
    async (request) => {
      const id = request.body.ActivityId;
      const mail = mailContext(request);
      const delivered = await adminWrite(
        request,
        { action: 'activity:edit', target: TARGET, targetId: id, detail: (n) => `发布，通知${n}位会员` },
        async () => {
          await publishActivity(db, id, now());
          return deliverNotices(database, { activityId: id }, mail, now());
        },
      );
      return ok(delivered, withMailNote(activityMessages.published(delivered), mail));
    },
  );

  app.post(
    '/CloseActivity',
    {
      onRequest: requireAdmin('activity:edit'),
      schema: { ...adminDocs, summary: '关闭已发布的活动：停止报名，会员仍可查看', body: activityIdBody, 'x-codes': activityMissing },
    },
    async (request) => {
      const id = request.body.ActivityId;
      await adminWrite(request, { action: 'activity:edit', target: TARGET, targetId: id, detail: (title) => `关闭：${title}` }, () =>
        closeActivity(db, id, now()),
      );
      return ok(null);
    },
  );

  app.post(
    '/DelActivity',
    {
      onRequest: requireAdmin('activity:delete'),
      schema: {
        ...adminDocs,
        summary:
          '删除活动（Ids 数组或逗号分隔）及其通知与报名记录；已发布且未结束的活动，配置了 SMTP_URL 时向已报名会员发送取消通知（附 METHOD:CANCEL 日历文件）；Data 为删除条数',
        body: idsBody,
        'x-data': z.int().describe('删除条数'),
      },
    },
    async (request) => {
      const { Ids } = request.body;
      const mail = mailContext(request);
      const deleted = await adminWrite(
        request,
        { action: 'activity:delete', target: TARGET, ...(Ids.length === 1 ? { targetId: Ids[0] } : {}), detail: (n) => `删除${n}条：${Ids.join(',')}` },
        () => deleteActivities(db, Ids, mail, now()),
      );
      if (mail) nudgeOutbox(database);
      return ok(deleted);
    },
  );
}

import { z } from 'zod';
import {
  activityIdBody,
  activityListQuery,
  activityMemberFilter,
  activityMemberListQuery,
  activityMessages,
  idParam,
  idsBody,
  resendActivityBody,
  saveActivityBody,
} from '@portal/shared';
import type { App } from '../../http/app-types.js';
import { adminWrite, requireAdmin } from '../../http/admin-auth.js';
import { list, ok } from '../../http/envelope.js';
import { sendListExport } from '../../http/xlsx-export.js';
import { adminDocs } from './docs.js';
import { toActivityDetailDto, toActivityDto, toActivityMemberDto } from './dto.js';
import { audienceColumns, audiencePages } from './export.js';
import { mailContext } from './mail.js';
import { deliverNotices, listAudience, remindMembers } from './notices.js';
import { closeActivity, deleteActivities, getActivity, listActivities, publishActivity, saveActivity } from './service.js';

const TARGET = '活动';

/**
 * 活动列表 in the back office (spec §7 GetActivityList, GetActivity/{id}, SaveActivityDetail,
 * ResendActivityMember; publish, close, delete, the audience and its export are ours).
 * Publishing and closing are edits (activity:edit); the audience and export need activity:list.
 */
export async function activitiesAdmin(app: App): Promise<void> {
  const { database, now } = app.services;
  const { db } = database;

  app.get(
    '/GetActivityList',
    { onRequest: requireAdmin('activity:list'), schema: { ...adminDocs, summary: '活动列表（按标题、状态、开始日期筛选；分页；含通知人数、已读人数、报名人数）', querystring: activityListQuery } },
    async (request) => {
      const page = await listActivities(db, request.query);
      return list(page.items.map(toActivityDto), page.total);
    },
  );

  app.get(
    '/GetActivity/:id',
    { onRequest: requireAdmin('activity:list', 'activity:add', 'activity:edit'), schema: { ...adminDocs, summary: '活动详情（含说明 Description 与附件 Attachments）', params: z.object({ id: idParam }) } },
    async (request) => ok(toActivityDetailDto(await getActivity(db, request.params.id))),
  );

  app.post(
    '/SaveActivityDetail',
    {
      onRequest: requireAdmin('activity:add', 'activity:edit'),
      schema: { ...adminDocs, summary: '新增（ActivityId 为 0，保存为草稿）或修改活动；修改已发布的活动保留阅读与报名记录；Data 为活动 id', body: saveActivityBody },
    },
    async (request) => {
      const body = request.body;
      const action = body.ActivityId > 0 ? 'activity:edit' : 'activity:add';
      const saved = await adminWrite(request, { action, target: TARGET, targetId: (r: { id: number }) => r.id, detail: () => body.Title }, () => saveActivity(db, body, now()));
      // A published activity whose audience grew reaches its new members at once.
      if (!saved.created) await deliverNotices(database, { activityId: saved.id }, mailContext(request), now());
      return ok(saved.id);
    },
  );

  app.post(
    '/PublishActivity',
    { onRequest: requireAdmin('activity:edit'), schema: { ...adminDocs, summary: '发布活动（草稿或已关闭的活动）：向通知对象中的每位会员发出通知，配置了 SMTP_URL 时同时发送邮件；Data 为新通知数', body: activityIdBody } },
    async (request) => {
      const id = request.body.ActivityId;
      const delivered = await adminWrite(request, { action: 'activity:edit', target: TARGET, targetId: id, detail: (n) => `发布，通知${n}位会员` }, async () => {
        await publishActivity(db, id, now());
        return deliverNotices(database, { activityId: id }, mailContext(request), now());
      });
      return ok(delivered);
    },
  );

  app.post(
    '/CloseActivity',
    { onRequest: requireAdmin('activity:edit'), schema: { ...adminDocs, summary: '关闭已发布的活动：停止报名，会员仍可查看', body: activityIdBody } },
    async (request) => {
      const id = request.body.ActivityId;
      await adminWrite(request, { action: 'activity:edit', target: TARGET, targetId: id, detail: (title) => `关闭：${title}` }, () => closeActivity(db, id, now()));
      return ok(null);
    },
  );

  app.post(
    '/DelActivity',
    { onRequest: requireAdmin('activity:delete'), schema: { ...adminDocs, summary: '删除活动（Ids 数组或逗号分隔）及其通知与报名记录；Data 为删除条数', body: idsBody } },
    async (request) => {
      const { Ids } = request.body;
      const deleted = await adminWrite(request, { action: 'activity:delete', target: TARGET, ...(Ids.length === 1 ? { targetId: Ids[0] } : {}), detail: (n) => `删除${n}条：${Ids.join(',')}` }, () =>
        deleteActivities(db, Ids),
      );
      return ok(deleted);
    },
  );

  app.get(
    '/GetActivityMemberList',
    {
      onRequest: requireAdmin('activity:list'),
      schema: { ...adminDocs, summary: '活动的通知对象：阅读状态与时间、报名状态与时间、邮件发送状态（isread 1 已读 0 未读；signedup 1 已报名 0 未报名；key 会员名称或账号；分页）', querystring: activityMemberListQuery },
    },
    async (request) => {
      const q = request.query;
      await getActivity(db, q.activityid);
      await deliverNotices(database, { activityId: q.activityid }, mailContext(request), now());
      const page = await listAudience(db, q);
      return list(page.items.map(toActivityMemberDto), page.total);
    },
  );

  app.get(
    '/ExportActivityMembers',
    { onRequest: requireAdmin('activity:export'), schema: { ...adminDocs, summary: '导出活动的通知对象（筛选条件同 GetActivityMemberList）为 .xlsx（流式输出）', querystring: activityMemberFilter } },
    async (request, reply) => {
      const filter = request.query;
      const activity = await getActivity(db, filter.activityid);
      return sendListExport(request, reply, {
        permission: 'activity:export',
        target: TARGET,
        title: `${activity.title}-名单`,
        asciiName: 'activity-members.xlsx',
        columns: audienceColumns,
        read: audiencePages(database, filter),
      });
    },
  );

  app.post(
    '/ResendActivityMember',
    {
      onRequest: requireAdmin('activity:resend'),
      schema: { ...adminDocs, summary: '提醒会员：所选会员（MemberIds），或不传时全部未读会员；通知重新变为未读并记录提醒时间，配置了 SMTP_URL 时再发邮件；Data 为提醒人数', body: resendActivityBody },
    },
    async (request) => {
      const { ActivityId, MemberIds } = request.body;
      const reminded = await adminWrite(request, { action: 'activity:resend', target: TARGET, targetId: ActivityId, detail: (n) => `提醒${n}位会员${MemberIds.length > 0 ? `：${MemberIds.join(',')}` : '（全部未读）'}` }, () =>
        remindMembers(database, ActivityId, MemberIds, mailContext(request), now()),
      );
      return ok(reminded, activityMessages.reminded(reminded));
    },
  );
}

import { z } from 'zod';
import {
  activityDetailDto,
  activityIdBody,
  activityListItemDto,
  activityListQuery,
  activityMemberDto,
  activityMemberFilter,
  activityMemberListQuery,
  activityMessages,
  calendarFileName,
  idParam,
  idsBody,
  listOf,
  resendActivityBody,
  saveActivityBody,
} from '@portal/shared';
import type { App } from '../../http/app-types.js';
import { adminWrite, requireAdmin } from '../system/auth/guard.js';
import { list, ok } from '../../http/envelope.js';
import { keepOmittedFields } from '../../http/omitted-fields.js';
import { attachment, xlsxAnswer } from '../../http/xlsx-export.js';
import { sendListExport } from '../system/list-export.js';
import { activityCalendar, CALENDAR_TYPE, staffCalendarActivity } from './calendar.js';
import { adminDocs } from './docs.js';
import { toActivityDetailDto, toActivityDto, toActivityMemberDto } from './dto.js';
import { audienceColumns, audiencePages } from './export.js';
import { mailContext, siteContext } from '../mail/context.js';
import { deliverNotices, listAudience, remindMembers } from './notices.js';
import { mailEnabled, nudgeOutbox } from '../mail/outbox.js';
import { rosterColumns, rosterPages } from './roster.js';
import { lapseOffers } from './waitlist.js';
import { closeActivity, deleteActivities, getActivity, listActivities, publishActivity, saveActivity } from './service.js';

const TARGET = '活动';
const activityMissing = { 404: activityMessages.notFound };

/** What publishing or reminding did, and, without a mail server, that no e-mail went. */
const withMailNote = (done: string, mail: unknown) => (mail ? done : `${done}；${activityMessages.mailOff}`);

/** ExportActivitySignUps: one activity. */
const activityIdQuery = z.object({ activityid: idParam });

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
    {
      onRequest: requireAdmin('activity:list'),
      schema: {
        ...adminDocs,
        summary: '活动列表（按标题、状态、开始日期筛选；分页；含通知人数、已读人数、报名人数）',
        querystring: activityListQuery,
        'x-data': listOf(activityListItemDto),
      },
    },
    async (request) => {
      // Offers past their time go to the next in line before the counts are read.
      await lapseOffers(database, mailContext(request), now());
      const page = await listActivities(db, request.query);
      return list(page.items.map(toActivityDto), page.total);
    },
  );

  app.get(
    '/GetActivity/:id',
    {
      onRequest: requireAdmin('activity:list', 'activity:add', 'activity:edit'),
      schema: {
        ...adminDocs,
        summary: '活动详情（含说明 Description 与附件 Attachments）',
        params: z.object({ id: idParam }),
        'x-data': activityDetailDto,
        'x-codes': activityMissing,
      },
    },
    async (request) => {
      await lapseOffers(database, mailContext(request), now(), request.params.id);
      return ok(toActivityDetailDto(await getActivity(db, request.params.id)));
    },
  );

  app.post(
    '/SaveActivityDetail',
    {
      onRequest: requireAdmin('activity:add', 'activity:edit'),
      preValidation: keepOmittedFields('ActivityId', async (id) => toActivityDetailDto(await getActivity(db, id))),
      schema: {
        ...adminDocs,
        summary:
          '新增（ActivityId 为 0，保存为草稿）或修改活动（未传的字段保持原值）；修改已发布的活动保留阅读与报名记录，提高人数上限时空出的名额依次保留给候补会员；ConfirmHours 候补确认时限（小时，默认 24）；SelfCheckInStart/SelfCheckInEnd 自助签到时段（可不填）；SelfCheckInRotating 动态签到码（现场二维码每30秒更换，默认 false）；Data 为活动 id',
        body: saveActivityBody,
        'x-data': z.int().describe('活动编号'),
        'x-codes': activityMissing,
      },
    },
    async (request) => {
      const body = request.body;
      const action = body.ActivityId > 0 ? 'activity:edit' : 'activity:add';
      const mail = mailContext(request);
      const saved = await adminWrite(request, { action, target: TARGET, targetId: (r: { id: number }) => r.id, detail: () => body.Title }, () =>
        saveActivity(db, body, mail, now()),
      );
      // Places a raised capacity freed went to the waitlist: their e-mails go now.
      if (mail && saved.promoted > 0) nudgeOutbox(database);
      // A published activity whose audience grew reaches its new members at once.
      if (!saved.created) await deliverNotices(database, { activityId: saved.id }, mail, now());
      return ok(saved.id);
    },
  );

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

  app.get(
    '/GetActivityMemberList',
    {
      onRequest: requireAdmin('activity:list'),
      schema: {
        ...adminDocs,
        summary:
          '活动的通知对象：阅读状态与时间、报名状态与时间、邮件发送状态（MailState：inapp 未配置邮件服务器仅站内通知，pending 待发送，sent 已发送，failed 发送失败；isread 1 已读 0 未读；signedup 1 已报名 0 未报名；key 会员名称或账号；分页）',
        querystring: activityMemberListQuery,
        'x-data': listOf(activityMemberDto),
        'x-codes': activityMissing,
      },
    },
    async (request) => {
      const q = request.query;
      await getActivity(db, q.activityid);
      await deliverNotices(database, { activityId: q.activityid }, mailContext(request), now());
      await lapseOffers(database, mailContext(request), now(), q.activityid);
      const page = await listAudience(db, q, mailEnabled(app.services));
      return list(page.items.map(toActivityMemberDto), page.total);
    },
  );

  app.get(
    '/ExportActivityMembers',
    {
      onRequest: requireAdmin('activity:export'),
      schema: {
        ...adminDocs,
        summary: '导出活动的通知对象（筛选条件同 GetActivityMemberList）为 .xlsx（流式输出）',
        querystring: activityMemberFilter,
        ...xlsxAnswer,
        'x-codes': activityMissing,
      },
    },
    async (request, reply) => {
      const filter = request.query;
      const activity = await getActivity(db, filter.activityid);
      return sendListExport(request, reply, {
        permission: 'activity:export',
        target: TARGET,
        title: `${activity.title}-名单`,
        asciiName: 'activity-members.xlsx',
        columns: audienceColumns,
        read: audiencePages(database, filter, mailEnabled(app.services)),
      });
    },
  );

  app.get(
    '/ExportActivitySignUps',
    {
      onRequest: requireAdmin('activity:export'),
      schema: {
        ...adminDocs,
        summary: '导出活动的报名签到表为 .xlsx：已报名（含签到时间与签到人）、候补获得名额待确认、候补名单（按位次）',
        querystring: activityIdQuery,
        ...xlsxAnswer,
        'x-codes': activityMissing,
      },
    },
    async (request, reply) => {
      const activity = await getActivity(db, request.query.activityid);
      return sendListExport(request, reply, {
        permission: 'activity:export',
        target: TARGET,
        title: `${activity.title}-报名签到表`,
        asciiName: 'activity-sign-ups.xlsx',
        columns: rosterColumns,
        read: rosterPages(database, activity.id),
      });
    },
  );

  app.get(
    '/GetActivityCalendar/:id',
    {
      onRequest: requireAdmin('activity:list', 'activity:add', 'activity:edit'),
      schema: {
        ...adminDocs,
        summary: '活动的日历文件（.ics，RFC 5545），与会员下载的相同；草稿也可预览',
        params: z.object({ id: idParam }),
        'x-file': 'text/calendar',
        'x-codes': activityMissing,
      },
    },
    async (request, reply) => {
      const activity = await staffCalendarActivity(db, request.params.id);
      attachment(reply, CALENDAR_TYPE, `activity-${activity.id}.ics`, calendarFileName(activity.title));
      return activityCalendar(siteContext(request), activity, { now: now() });
    },
  );

  app.post(
    '/ResendActivityMember',
    {
      onRequest: requireAdmin('activity:resend'),
      schema: {
        ...adminDocs,
        summary: '提醒会员：所选会员（MemberIds），或不传时全部未读会员；通知重新变为未读并记录提醒时间，配置了 SMTP_URL 时再发邮件；Data 为提醒人数',
        body: resendActivityBody,
        'x-data': z.int().describe('提醒人数'),
        'x-codes': activityMissing,
      },
    },
    async (request) => {
      const { ActivityId, MemberIds } = request.body;
      const mail = mailContext(request);
      const reminded = await adminWrite(
        request,
        {
          action: 'activity:resend',
          target: TARGET,
          targetId: ActivityId,
          detail: (n) => `提醒${n}位会员${MemberIds.length > 0 ? `：${MemberIds.join(',')}` : '（全部未读）'}`,
        },
        () => remindMembers(database, ActivityId, MemberIds, mail, now()),
      );
      return ok(reminded, withMailNote(activityMessages.reminded(reminded), mail));
    },
  );
}

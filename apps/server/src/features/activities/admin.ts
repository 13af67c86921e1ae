import { z } from 'zod';
import { activityDetailDto, activityListItemDto, activityListQuery, idParam, listOf, saveActivityBody } from '@portal/shared';
import type { App } from '../../http/app-types.js';
import { adminWrite, requireAdmin } from '../system/auth/guard.js';
import { list, ok } from '../../http/envelope.js';
import { keepOmittedFields } from '../../http/omitted-fields.js';
import { activityMissing, adminDocs, TARGET } from './docs.js';
import { toActivityDetailDto, toActivityDto } from './dto.js';
import { mailContext } from '../mail/context.js';
import { deliverNotices } from './notices.js';
import { nudgeOutbox } from '../mail/outbox.js';
import { lapseOffers } from './waitlist.js';
import { getActivity, listActivities, saveActivity } from './service.js';

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
}

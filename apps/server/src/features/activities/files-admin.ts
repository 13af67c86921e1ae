import { z } from 'zod';
import { calendarFileName, idParam } from '@portal/shared';
import type { App } from '../../http/app-types.js';
import { requireAdmin } from '../system/auth/guard.js';
import { attachment, xlsxAnswer } from '../../http/xlsx-export.js';
import { sendListExport } from '../system/list-export.js';
import { activityCalendar, CALENDAR_TYPE, staffCalendarActivity } from './calendar.js';
import { activityMissing, adminDocs, TARGET } from './docs.js';
import { siteContext } from '../mail/context.js';
import { rosterColumns, rosterPages } from './roster.js';
import { getActivity } from './service.js';
import { publicBaseUrl } from '../../http/public-base-url.js';

/** ExportActivitySignUps: one activity. */
const activityIdQuery = z.object({ activityid: idParam });

/**
 * What staff download of an activity: its sign-up and check-in sheet (.xlsx) and its calendar file.
 */
export async function activityFilesAdmin(app: App): Promise<void> {
  const { database, now } = app.services;
  const { db } = database;

  app.get(
    '/ExportActivitySignUps',
    {
      onRequest: requireAdmin('activity:export'),
      schema: {
        ...adminDocs,
        summary:
          '导出活动的报名签到表为 .xlsx：已报名（含签到时间与签到人）、候补获得名额待确认、候补名单（按位次）；活动设有报名表时，每题一列（附件为30天内有效的下载链接）',
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
        columns: rosterColumns(activity.signUpColumns),
        read: rosterPages(database, activity.id, activity.signUpFormId, { now: now(), base: publicBaseUrl(request) }),
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
}

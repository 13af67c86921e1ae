import { mailStateNames, type ActivityMemberFilter } from '@portal/shared';
import type { Database } from '../../db/connection.js';
import { pageWindow } from '../../http/paging.js';
import type { ExportColumn, PageReader } from '../../http/xlsx-export.js';
import { audienceOrder, audienceQuery, toAudienceMember, type AudienceMember } from './notices.js';

/** The audience table's columns, as the back office's 通知对象 list shows them. */
export const audienceColumns: readonly ExportColumn<AudienceMember>[] = [
  { header: '账号', width: 16, cell: (m) => m.account },
  { header: '会员名称', width: 32, cell: (m) => m.memberName },
  { header: '会员等级', width: 12, cell: (m) => m.levelName },
  { header: '邮箱', width: 26, cell: (m) => m.email },
  { header: '阅读状态', width: 10, cell: (m) => (m.readAt ? '已读' : '未读') },
  { header: '阅读时间', width: 20, cell: (m) => m.readAt },
  { header: '提醒时间', width: 20, cell: (m) => m.remindedAt },
  { header: '报名状态', width: 10, cell: (m) => (m.signedUpAt ? '已报名' : '未报名') },
  { header: '报名时间', width: 20, cell: (m) => m.signedUpAt },
  { header: '邮件状态', width: 10, cell: (m) => mailStateNames[m.mailState] },
  { header: '失败原因', width: 40, cell: (m) => m.mailError },
];

/** One activity's audience (as filtered), a page at a time, in the list's order; `mailOn` as toAudienceMember. */
export const audiencePages =
  ({ db }: Database, filter: ActivityMemberFilter, mailOn: boolean): PageReader<AudienceMember> =>
  async (page) => {
    const { limit, offset } = pageWindow(page);
    return (await audienceOrder(audienceQuery(db, filter)).limit(limit).offset(offset).execute()).map((r) => toAudienceMember(r, mailOn));
  };

import { PassThrough, type Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { mailStateNames, type ActivityMemberFilter } from '@portal/shared';
import type { Database } from '../../db/connection.js';
import { audienceOrder, audienceQuery, toAudienceMember, type AudienceMember } from './notices.js';

const PAGE = 1000;

const columns: { header: string; width: number; cell: (m: AudienceMember) => string }[] = [
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

/** One activity's audience (as filtered) as .xlsx, streamed a page of rows at a time. */
export function audienceWorkbook({ db }: Database, filter: ActivityMemberFilter, sheetName: string): Readable {
  const stream = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useStyles: false, useSharedStrings: false });
  // Sheet names: at most 31 characters, none of : \ / ? * [ ].
  const sheet = workbook.addWorksheet(sheetName.replace(/[:\\/?*[\]]/g, '_').slice(0, 31) || '报名名单');
  sheet.columns = columns.map((c) => ({ header: c.header, width: c.width }));
  const write = async () => {
    for (let offset = 0; ; offset += PAGE) {
      const rows = await audienceOrder(audienceQuery(db, filter)).limit(PAGE).offset(offset).execute();
      for (const row of rows) {
        const member = toAudienceMember(row);
        sheet.addRow(columns.map((c) => c.cell(member))).commit();
      }
      if (rows.length < PAGE) break;
    }
    sheet.commit();
    await workbook.commit();
  };
  // A failure half-way ends the download broken rather than passing for a complete file.
  write().catch((error: unknown) => stream.destroy(error as Error));
  return stream;
}

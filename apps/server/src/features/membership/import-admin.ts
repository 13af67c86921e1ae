import { memberImportMessages, memberImportResultDto, type MemberImportResultDto } from '@portal/shared';
import type { App } from '../../http/app-types.js';
import { adminWrite, currentAdmin, requireAdmin } from '../system/auth/guard.js';
import { ok } from '../../http/envelope.js';
import { exceljs } from '../../http/exceljs.js';
import { attachment, xlsxAnswer, XLSX } from '../../http/xlsx-export.js';
import { importRefusal, receiveXlsx, templateSheet } from '../uploads/xlsx-import.js';
import { mailContext } from '../mail/context.js';
import { nudgeOutbox } from '../mail/outbox.js';
import { uploadBody } from '../uploads/docs.js';
import { adminDocs } from '../members/docs.js';
import { memberColumns } from '../members/sheet-columns.js';
import { importMembers, MEMBER_IMPORT_MAX_BYTES } from './import.js';

/** 会员导入模板.xlsx: the columns ImportMembers reads, every one text-formatted, with their notes. */
async function memberImportTemplate(): Promise<Buffer> {
  const workbook = new (await exceljs()).Workbook();
  templateSheet(
    workbook,
    '会员导入模板',
    memberColumns.map((c) => ({ ...c, numFmt: '@' })),
  );
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** Moving an association's member list from its spreadsheets: ImportMembers and its template. */
export async function memberImportAdmin(app: App): Promise<void> {
  const { database, now } = app.services;

  app.post(
    '/ImportMembers',
    {
      onRequest: requireAdmin('member:import'),
      schema: {
        ...adminDocs,
        summary:
          '导入会员 .xlsx（multipart 字段 file，不超过10MB、5000行）：全部有效则一次导入为已通过、按状态列启用或停用的会员，各有随机生成的初始密码（配置了 SMTP_URL 时同时发至会员邮箱），会员首次登录须修改；Data.Imported 为个数，Data.Accounts 为各会员的账号与初始密码（仅此一次）；否则 Code 400，Data.Errors 为 [{ Row, Column, Message }]，不导入任何会员',
        'x-multipart': uploadBody(),
        'x-data': memberImportResultDto,
        'x-codes': importRefusal,
      },
    },
    async (request) => {
      const { file, filename } = await receiveXlsx(request, MEMBER_IMPORT_MAX_BYTES);
      const mail = mailContext(request);
      const imported = await adminWrite(
        request,
        {
          action: 'member:import',
          target: '会员',
          detail: (members) => `导入${filename}：${members.length}个会员（随机初始密码${mail ? '，已邮件通知' : ''}，首次登录须修改）`,
        },
        () => importMembers(database, currentAdmin(request), file, mail, now()),
      );
      if (mail) nudgeOutbox(database);
      const mailed = imported.filter((m) => m.mailed).length;
      return ok<MemberImportResultDto>(
        {
          Imported: imported.length,
          Accounts: imported.map((m) => ({ Row: m.row, Account: m.account, MemberName: m.memberName, Email: m.email, Password: m.password, Mailed: m.mailed })),
        },
        memberImportMessages.imported(imported.length, mailed),
      );
    },
  );

  app.get(
    '/GetMemberImportTemplate',
    { onRequest: requireAdmin('member:import'), schema: { ...adminDocs, summary: '下载会员导入模板（会员导入模板.xlsx，由导入所读的列生成）', ...xlsxAnswer } },
    async (_request, reply) => attachment(reply, XLSX, 'member-template.xlsx', '会员导入模板.xlsx').send(await memberImportTemplate()),
  );
}

import { z } from 'zod';
import { memberImportMessages, memberImportResultDto, type MemberImportResultDto } from '@portal/shared';
import type { App } from '../../http/app-types.js';
import { adminWrite, currentAdmin, requireAdmin } from '../system/auth/guard.js';
import { ok } from '../../http/envelope.js';
import { exceljs } from '../../http/exceljs.js';
import { attachment, xlsxAnswer, XLSX } from '../../http/xlsx-export.js';
import { fieldValue, importRefusal, receiveXlsx, templateSheet } from '../uploads/xlsx-import.js';
import { uploadBody } from '../uploads/docs.js';
import { adminDocs } from '../members/docs.js';
import { memberColumns } from './import-columns.js';
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
          '导入会员 .xlsx（multipart：先字段 Pwd 为导入会员的初始密码，再字段 file，不超过10MB、5000行）：全部有效则一次导入为已通过、按状态列启用或停用的会员，Data.Imported 为个数；否则 Code 400，Data.Errors 为 [{ Row, Column, Message }]，不导入任何会员',
        'x-multipart': uploadBody({ Pwd: z.string().describe('导入会员的初始密码') }),
        'x-data': memberImportResultDto,
        'x-codes': importRefusal,
      },
    },
    async (request) => {
      const { file, filename, fields } = await receiveXlsx(request, MEMBER_IMPORT_MAX_BYTES);
      const imported = await adminWrite(request, { action: 'member:import', target: '会员', detail: (n) => `导入${filename}：${n}个会员` }, () =>
        importMembers(database.db, currentAdmin(request), file, fieldValue(fields.Pwd), now()),
      );
      return ok<MemberImportResultDto>({ Imported: imported }, memberImportMessages.imported(imported));
    },
  );

  app.get(
    '/GetMemberImportTemplate',
    { onRequest: requireAdmin('member:import'), schema: { ...adminDocs, summary: '下载会员导入模板（会员导入模板.xlsx，由导入所读的列生成）', ...xlsxAnswer } },
    async (_request, reply) => attachment(reply, XLSX, 'member-template.xlsx', '会员导入模板.xlsx').send(await memberImportTemplate()),
  );
}

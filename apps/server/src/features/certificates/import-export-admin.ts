import { z } from 'zod';
import { certFilterQuery, certMessages, importCertsQuery } from '@portal/shared';
import type { App } from '../../http/app-types.js';
import { can } from '../system/auth/access.js';
import { adminWrite, currentAdmin } from '../system/auth/guard.js';
import { ok } from '../../http/envelope.js';
import { attachment, xlsxAnswer, XLSX } from '../../http/xlsx-export.js';
import { sendListExport } from '../system/list-export.js';
import { importRefusal, receiveXlsx } from '../uploads/xlsx-import.js';
import { uploadBody } from '../uploads/docs.js';
import { adminDocs } from './docs.js';
import { exportColumns, importTemplate, recordPages } from './export.js';
import { IMPORT_MAX_BYTES, importCertificates } from './import.js';
import { either, pages, TARGET } from './admin-pages.js';
import { searchedRecords } from './search.js';

/** Records by spreadsheet (ours): ImportCerts (.xlsx, all or nothing), its template, and ExportCerts (the search as .xlsx). */
export async function certificateImportExportAdmin(app: App): Promise<void> {
  const { database, now } = app.services;

  app.post(
    '/ImportCerts',
    {
      onRequest: either('import'),
      schema: {
        ...adminDocs,
        summary:
          '导入 .xlsx（multipart 字段 file，不超过10MB）：全部有效则一次导入，Data.Imported 为条数；否则 Code 400，Data.Errors 为 [{ Row, Column, Message }]，不导入任何记录',
        querystring: importCertsQuery,
        'x-multipart': uploadBody(),
        'x-data': z.object({ Imported: z.int() }),
        'x-codes': importRefusal,
      },
    },
    async (request) => {
      const { file, filename } = await receiveXlsx(request, IMPORT_MAX_BYTES);
      const imported = await adminWrite(request, { action: pages[request.query.view].import, target: TARGET, detail: (n) => `导入${filename}：${n}条` }, () =>
        importCertificates(database, file, now()),
      );
      return ok({ Imported: imported }, certMessages.imported(imported));
    },
  );

  app.get(
    '/GetCertTemplate',
    { onRequest: either('import'), schema: { ...adminDocs, summary: '下载导入模板（导入模板.xlsx，由导入所读的列生成）', ...xlsxAnswer } },
    async (_request, reply) => attachment(reply, XLSX, 'template.xlsx', '导入模板.xlsx').send(await importTemplate()),
  );

  app.get(
    '/ExportCerts',
    {
      onRequest: either('export'),
      schema: {
        ...adminDocs,
        summary: '导出当前查询条件下的全部记录为 .xlsx（导入模板的列加状态；流式输出）；证件号码打码，有“查看完整证件号码”权限时完整，并在操作日志中注明',
        querystring: certFilterQuery,
        ...xlsxAnswer,
      },
    },
    async (request, reply) => {
      const filters = request.query;
      const page = pages[filters.view];
      const unmasked = can(currentAdmin(request), page.idNumbers);
      return sendListExport(request, reply, {
        permission: page.export,
        target: TARGET,
        title: page.name,
        auditNote: unmasked ? '（含完整证件号码）' : '',
        asciiName: 'export.xlsx',
        columns: exportColumns({ unmasked }),
        read: recordPages(database.idNumbers, searchedRecords(database, filters)),
      });
    },
  );
}

import { exportWrongWordsQuery, proofreadingMessages, wrongWordsImportedDto, type WrongWordsImportedDto } from '@portal/shared';
import { contentAdminDocs } from '../../content/admin-docs.js';
import type { App } from '../../http/app-types.js';
import { ok } from '../../http/envelope.js';
import { xlsxAnswer } from '../../http/xlsx-export.js';
import { adminWrite, requireAdmin } from '../system/auth/guard.js';
import { sendListExport } from '../system/list-export.js';
import { uploadBody } from '../uploads/docs.js';
import { receiveXlsx } from '../uploads/xlsx-import.js';
import { TARGET } from './admin.js';
import { importWrongWords, WRONG_WORDS_IMPORT_MAX_BYTES, WRONG_WORDS_IMPORT_MAX_ROWS, type WrongWordsImported } from './import.js';
import { wrongWordColumns } from './sheet.js';
import { listWrongWords } from './service.js';

const importedDto = (r: WrongWordsImported): WrongWordsImportedDto => ({
  Added: r.added,
  Updated: r.updated,
  Unchanged: r.unchanged,
  Skipped: r.skipped,
  Notes: r.notes.map((n) => ({ Row: n.row, Column: n.column, Message: n.message })),
});

/** 易错词's spreadsheets: ImportWrongWords and ExportWrongWords, in the same columns (sheet.ts). */
export async function wrongWordSheetsAdmin(app: App): Promise<void> {
  const { database, now } = app.services;

  app.post(
    '/ImportWrongWords',
    {
      onRequest: requireAdmin('content:wrongword:import'),
      schema: {
        ...contentAdminDocs,
        summary: `导入易错词 .xlsx（multipart 字段 file，不超过10MB、${WRONG_WORDS_IMPORT_MAX_ROWS}行；列：错误写法、正确写法、级别 严重|一般，缺省一般）：有效的行导入，词库已有的错误写法按该行更新；Data.Notes 列出每个更新或跳过的行 { Row, Column, Message }`,
        'x-multipart': uploadBody(),
        'x-data': wrongWordsImportedDto,
      },
    },
    async (request) => {
      const { file, filename } = await receiveXlsx(request, WRONG_WORDS_IMPORT_MAX_BYTES);
      const imported = await adminWrite(
        request,
        {
          action: 'content:wrongword:import',
          target: TARGET,
          detail: (r) => `导入${filename}：新增${r.added}条，更新${r.updated}条，跳过${r.skipped}条`,
        },
        () => importWrongWords(database, file, now()),
      );
      return ok(importedDto(imported), proofreadingMessages.imported(imported));
    },
  );

  app.get(
    '/ExportWrongWords',
    {
      onRequest: requireAdmin('content:wrongword:export'),
      schema: {
        ...contentAdminDocs,
        summary: '导出易错词（筛选同 GetWrongWordList）为 .xlsx，列与 ImportWrongWords 相同，可修改后导回',
        querystring: exportWrongWordsQuery,
        ...xlsxAnswer,
      },
    },
    async (request, reply) => {
      const { key, severity } = request.query;
      return sendListExport(request, reply, {
        permission: 'content:wrongword:export',
        target: TARGET,
        title: '易错词',
        asciiName: 'wrong-words.xlsx',
        columns: wrongWordColumns,
        read: async (page) => (await listWrongWords(database, { key, severity }, page)).items,
      });
    },
  );
}

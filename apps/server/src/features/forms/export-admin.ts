import { formatCst, formFilterQuery, typeKinds } from '@portal/shared';
import type { App } from '../../http/app-types.js';
import { publicBaseUrl } from '../../http/public-base-url.js';
import { xlsxAnswer } from '../../http/xlsx-export.js';
import { sendListExport } from '../system/list-export.js';
import { requireAdmin } from '../system/auth/guard.js';
import { findForm } from './definition.js';
import { adminDocs, TARGET } from './docs.js';
import { exportColumns, exportRows } from './export.js';
import { formResponses } from './results.js';

/** ExportFormResponses: every response to .xlsx (docs/api.md, "Forms, surveys and votes"). */
export async function formExportAdmin(app: App): Promise<void> {
  const { database, now } = app.services;
  const { db } = database;

  app.get(
    '/ExportFormResponses',
    {
      onRequest: requireAdmin('content:form:export'),
      schema: {
        ...adminDocs,
        summary: '导出全部提交记录为 .xlsx（每条一行、每题一列，附件为30天内有效的下载链接；筛选同 GetFormSummary）',
        querystring: formFilterQuery,
        ...xlsxAnswer,
      },
    },
    async (request, reply) => {
      const { formid, ...filter } = request.query;
      const form = await findForm(db, formid);
      const levels = await db.selectFrom('type_items').select(['id', 'name']).where('type', '=', typeKinds.memberLevel).execute();
      const at = { now: now(), base: publicBaseUrl(request) };
      return sendListExport(request, reply, {
        permission: 'content:form:export',
        target: TARGET,
        title: `${form.row.title}-提交记录-${formatCst(at.now).slice(0, 10)}`,
        asciiName: 'form-responses.xlsx',
        columns: exportColumns(form, new Map(levels.map((l) => [l.id, l.name]))),
        read: async (page) => exportRows(db, form, (await formResponses(db, formid, filter, page)).items, at),
      });
    },
  );
}

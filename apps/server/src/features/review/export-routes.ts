import type { App } from '../../http/app-types.js';
import { adminWrite, currentAdmin, requireAdmin } from '../system/auth/guard.js';
import { attachment, xlsxAnswer, XLSX } from '../../http/xlsx-export.js';
import { docs, idParams, reviewMissing } from './docs.js';
import { readReview } from './queue.js';
import { reviewRecordWorkbook } from './record-export.js';

/** The 审批单 as a workbook (.xlsx), for whoever may read it. */
export async function reviewExportRoutes(app: App): Promise<void> {
  const { database } = app.services;

  app.get(
    '/ExportReview/:id',
    {
      onRequest: requireAdmin('content:review:export'),
      schema: { ...docs, summary: '导出审批单（.xlsx）；可查看该审批单者方可导出', params: idParams, ...xlsxAnswer, 'x-codes': reviewMissing },
    },
    async (request, reply) => {
      const { review, decisions } = await adminWrite(
        request,
        { action: 'content:review:export', target: '审批单', targetId: request.params.id, detail: (r) => `导出审批单：${r.review.title}` },
        () => readReview(database, request.params.id, currentAdmin(request)),
      );
      return attachment(reply, XLSX, `review-${review.id}.xlsx`, `审批单_${review.id}.xlsx`).send(await reviewRecordWorkbook(review, decisions));
    },
  );
}

import { z } from 'zod';
import {
  idParam,
  listOf,
  type MailingCategory,
  mailingMessages,
  mailingPreviewDto,
  mailTemplateDto,
  mailTemplateListQuery,
  previewMailingQuery,
  saveMailTemplateBody,
} from '@portal/shared';
import type { App } from '../../http/app-types.js';
import { list, ok } from '../../http/envelope.js';
import { keepOmittedFields } from '../../http/omitted-fields.js';
import { publicBaseUrl } from '../../http/public-base-url.js';
import { adminWrite, requireAdmin } from '../system/auth/guard.js';
import { adminDocs } from './docs.js';
import { toTemplateDto } from './dto.js';
import { mailingById } from './mailings.js';
import { previewFor } from './sending.js';
import { deleteTemplate, listTemplates, saveTemplate, templateById } from './templates.js';

/** 通知模板: templates with merge variables, and the preview of a template or mailing for one member. */
export async function mailTemplatesAdmin(app: App): Promise<void> {
  const { database, now } = app.services;
  const { db } = database;
  const guard = requireAdmin('mailing:template');

  app.get(
    '/GetMailTemplateList',
    {
      onRequest: requireAdmin('mailing:template', 'mailing:edit'),
      schema: {
        ...adminDocs,
        summary: '通知模板列表（category：notice、activity、dues、survey）',
        querystring: mailTemplateListQuery,
        'x-data': listOf(mailTemplateDto),
      },
    },
    async (request) => {
      const { rows, total } = await listTemplates(db, request.query);
      return list(rows.map(toTemplateDto), total);
    },
  );

  app.post(
    '/SaveMailTemplate',
    {
      onRequest: guard,
      preValidation: keepOmittedFields('TemplateId', async (id) => toTemplateDto(await templateById(db, id))),
      schema: {
        ...adminDocs,
        summary: '新增（TemplateId 0）或修改通知模板；正文保存时清理；标题和正文只能使用已知的变量；修改时未传的字段保持原值；Data 为模板 id',
        'x-codes': { 404: mailingMessages.templateNotFound },
        body: saveMailTemplateBody,
        'x-data': z.int(),
      },
    },
    async (request) =>
      ok(
        await adminWrite(request, { action: 'mailing:template', target: '通知模板', targetId: (id) => id, detail: () => request.body.Name }, () =>
          saveTemplate(db, request.body, now()),
        ),
      ),
  );

  app.post(
    '/DeleteMailTemplate',
    {
      onRequest: guard,
      schema: {
        ...adminDocs,
        summary: '删除通知模板（已用它发出的通知不受影响）',
        'x-codes': { 404: mailingMessages.templateNotFound },
        body: z.object({ TemplateId: idParam }),
      },
    },
    async (request) => {
      await adminWrite(request, { action: 'mailing:template', target: '通知模板', targetId: request.body.TemplateId, detail: (t) => `删除 ${t.name}` }, () =>
        deleteTemplate(db, request.body.TemplateId),
      );
      return ok(null);
    },
  );

  app.get(
    '/PreviewMailing',
    {
      onRequest: requireAdmin('mailing:template', 'mailing:edit'),
      schema: {
        ...adminDocs,
        summary: '以某会员的实际信息预览通知（mailingid）或模板（templateid）：标题、HTML 正文与纯文本正文',
        'x-codes': { 404: mailingMessages.mailingNotFound },
        querystring: previewMailingQuery,
        'x-data': mailingPreviewDto,
      },
    },
    async (request) => {
      const q = request.query;
      const what = q.mailingid
        ? await mailingById(db, q.mailingid).then((m) => ({ ...m, activityId: m.segment.ActivityId }))
        : await templateById(db, q.templateid ?? 0).then((t) => ({ subject: t.subject, body: t.body, category: t.category as MailingCategory, activityId: 0 }));
      const r = await previewFor(db, what, q.memberid, publicBaseUrl(request), now());
      return ok({ Subject: r.subject, Html: r.html, Text: r.text });
    },
  );
}

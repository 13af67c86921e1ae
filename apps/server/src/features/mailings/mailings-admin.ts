import { z } from 'zod';
import { countMailingSegmentBody, listOf, mailingDto, idParam, mailingListQuery, mailingMessages, saveMailingBody, segmentCountDto } from '@portal/shared';
import type { App } from '../../http/app-types.js';
import { list, ok } from '../../http/envelope.js';
import { keepOmittedFields } from '../../http/omitted-fields.js';
import { adminWrite, currentAdmin, requireAdmin } from '../system/auth/guard.js';
import { inboxReadCounts } from '../inbox/deliver.js';
import { adminDocs } from './docs.js';
import { toMailingDto } from './dto.js';
import { listMailings, mailingById, saveMailing } from './mailings.js';
import { mailingCounts } from './records.js';
import { countSegment } from './segments.js';

/** 群发通知: drafts, their segment's count, and the sending rate. */
export async function mailingsAdmin(app: App): Promise<void> {
  const { database, now } = app.services;
  const { db } = database;
  const editor = requireAdmin('mailing:edit');

  app.get(
    '/GetMailingList',
    {
      onRequest: requireAdmin('mailing:list'),
      schema: { ...adminDocs, summary: '群发通知列表，新的在前，含各通知的发送统计', querystring: mailingListQuery, 'x-data': listOf(mailingDto) },
    },
    async (request) => {
      const { rows, total } = await listMailings(db, request.query);
      const counts = await mailingCounts(
        db,
        rows.map((m) => m.id),
      );
      return list(
        rows.map((m) => toMailingDto(m, counts.get(m.id)!)),
        total,
      );
    },
  );

  app.get(
    '/GetMailing',
    {
      onRequest: requireAdmin('mailing:list'),
      schema: {
        ...adminDocs,
        summary: '一条通知及其发送统计（待发送、发送中、已发送、发送失败、仅站内信）与站内信的送达和已读数',
        'x-codes': { 404: mailingMessages.mailingNotFound },
        querystring: z.object({ mailingid: idParam }),
        'x-data': mailingDto,
      },
    },
    async (request) => {
      const m = await mailingById(db, request.query.mailingid);
      const [counts, inbox] = await Promise.all([mailingCounts(db, [m.id]), inboxReadCounts(db, [m.id])]);
      return ok(toMailingDto(m, counts.get(m.id)!, inbox.get(m.id)));
    },
  );

  app.post(
    '/SaveMailing',
    {
      onRequest: editor,
      preValidation: keepOmittedFields('MailingId', async (id) => toMailingDto(await mailingById(db, id), (await mailingCounts(db, [id])).get(id)!)),
      schema: {
        ...adminDocs,
        summary: '新增（MailingId 0）或修改通知草稿：类别、模板或自拟标题正文、发送范围、发送方式；只有草稿可以修改；修改时未传的字段保持原值；Data 为通知 id',
        'x-codes': { 404: mailingMessages.mailingNotFound },
        body: saveMailingBody,
        'x-data': z.int(),
      },
    },
    async (request) =>
      ok(
        await adminWrite(
          request,
          { action: 'mailing:edit', target: '群发通知', targetId: (id) => id, detail: () => request.body.Subject || `模板${request.body.TemplateId}` },
          () => saveMailing(db, request.body, currentAdmin(request).account, now()),
        ),
      ),
  );

  app.post(
    '/CountMailingSegment',
    {
      onRequest: editor,
      schema: {
        ...adminDocs,
        summary: '发送前统计发送范围：符合条件的会员、有邮箱的、因无邮箱排除的、因退订该类别排除的、最终收件人数',
        body: countMailingSegmentBody.extend({ Channels: saveMailingBody.shape.Channels }),
        'x-data': segmentCountDto,
      },
    },
    async (request) => {
      const c = await countSegment(db, request.body.Segment, request.body.Category, request.body.Channels);
      return ok({ Matched: c.matched, WithAddress: c.withAddress, NoAddress: c.noAddress, OptedOut: c.optedOut, Recipients: c.recipients });
    },
  );
}

import { idParam, listOf, mailingMessages, mailingRecipientDto, mailingRecipientsQuery, memberMailingDto, memberMailingsQuery } from '@portal/shared';
import { z } from 'zod';
import type { App } from '../../http/app-types.js';
import { list } from '../../http/envelope.js';
import { EXPORT_PAGE, sendWorkbook, xlsxAnswer } from '../../http/xlsx-export.js';
import { requireAdmin } from '../system/auth/guard.js';
import { adminDocs } from './docs.js';
import { toMemberMailingDto, toRecipientDto } from './dto.js';
import { mailingById } from './mailings.js';
import { mailingRecipients, memberMailings, recipientStateNames, type RecipientRow } from './records.js';

const exportColumns = [
  { header: '会员名称', width: 30, cell: (r: RecipientRow) => r.memberName },
  { header: '电子邮箱', width: 30, cell: (r: RecipientRow) => r.email },
  { header: '状态', width: 10, cell: (r: RecipientRow) => recipientStateNames[r.state] },
  { header: '发送时间', width: 20, cell: (r: RecipientRow) => r.sentAt },
  { header: '失败/退信原因', width: 50, cell: (r: RecipientRow) => r.error },
  { header: '首次打开时间', width: 20, cell: (r: RecipientRow) => r.openedAt },
] as const;

/** 群发通知's records: a mailing's recipients and their state, a member's mailings, the export. */
export async function mailingRecordsAdmin(app: App): Promise<void> {
  const { db } = app.services.database;
  const guard = requireAdmin('mailing:list');

  app.get(
    '/GetMailingRecipients',
    {
      onRequest: guard,
      schema: {
        ...adminDocs,
        summary: '一条通知的收件人，分页，含各自的状态（待发送、发送中、已发送、发送失败、仅站内信、退信）与失败或退信的原因',
        'x-codes': { 404: mailingMessages.mailingNotFound },
        querystring: mailingRecipientsQuery,
        'x-data': listOf(mailingRecipientDto),
      },
    },
    async (request) => {
      await mailingById(db, request.query.mailingid);
      const { list: rows, total } = await mailingRecipients(db, request.query.mailingid, request.query);
      return list(rows.map(toRecipientDto), total);
    },
  );

  app.get(
    '/GetMemberMailings',
    {
      onRequest: guard,
      schema: {
        ...adminDocs,
        summary: '一位会员收到过的群发通知，新的在前；标题中的变量按该会员现在的信息填写',
        querystring: memberMailingsQuery,
        'x-data': listOf(memberMailingDto),
      },
    },
    async (request) => {
      const { list: rows, total } = await memberMailings(db, request.query.memberid, request.query, app.services.now());
      return list(rows.map(toMemberMailingDto), total);
    },
  );

  app.get(
    '/ExportMailingRecipients',
    {
      onRequest: guard,
      schema: {
        ...adminDocs,
        summary: '导出一条通知的收件人及其状态（.xlsx）',
        'x-codes': { 404: mailingMessages.mailingNotFound },
        querystring: z.object({ mailingid: idParam }),
        ...xlsxAnswer,
      },
    },
    async (request, reply) => {
      const m = await mailingById(db, request.query.mailingid);
      const read = async (page: { pageindex: number; pagesize: number }) => (await mailingRecipients(db, m.id, page)).list;
      return sendWorkbook(
        reply,
        { title: `通知收件人-${m.id}`, asciiName: `mailing-${m.id}-recipients.xlsx`, columns: exportColumns, read },
        await read({ pageindex: 1, pagesize: EXPORT_PAGE }),
      );
    },
  );
}

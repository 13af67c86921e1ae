import { z } from 'zod';
import {
  idsBody,
  listOf,
  proofreadingMessages,
  saveWrongWordBody,
  wrongWordDto,
  wrongWordListQuery,
  wrongWordSeverityNames,
  type WrongWordDto,
} from '@portal/shared';
import { contentAdminDocs } from '../../content/admin-docs.js';
import type { App } from '../../http/app-types.js';
import { list, ok } from '../../http/envelope.js';
import { keepOmittedFields } from '../../http/omitted-fields.js';
import { adminWrite, requireAdmin } from '../system/auth/guard.js';
import { deleteWrongWords, findWrongWord, listWrongWords, saveWrongWord, type WrongWord } from './service.js';

export const TARGET = '易错词';
const wordMissing = { 404: proofreadingMessages.notFound };

export const toWrongWordDto = (w: WrongWord): WrongWordDto => ({
  Id: w.id,
  Wrong: w.wrong,
  Right: w.right,
  Severity: w.severity,
  CreatedAt: w.createdAt,
  UpdatedAt: w.updatedAt,
});

/** 易错词 (内容管理): the dictionary's list, an entry added or edited, entries deleted; its spreadsheets are sheet-admin.ts. */
export async function wrongWordsAdmin(app: App): Promise<void> {
  const { database, now } = app.services;

  app.get(
    '/GetWrongWordList',
    {
      onRequest: requireAdmin('content:wrongword:list'),
      schema: {
        ...contentAdminDocs,
        summary: '易错词列表（key 匹配错误或正确写法，severity 为 serious 严重或 normal 一般），新添加的在前',
        querystring: wrongWordListQuery,
        'x-data': listOf(wrongWordDto),
      },
    },
    async (request) => {
      const { key, severity, ...paging } = request.query;
      const page = await listWrongWords(database, { key, severity }, paging);
      return list(page.items.map(toWrongWordDto), page.total);
    },
  );

  app.post(
    '/SaveWrongWord',
    {
      onRequest: requireAdmin('content:wrongword:save'),
      preValidation: keepOmittedFields('Id', async (id) => {
        const word = await findWrongWord(database, id);
        return word && toWrongWordDto(word);
      }),
      schema: {
        ...contentAdminDocs,
        summary: '新增（Id 为 0）或修改易错词（Severity 缺省为 normal 一般；修改时未传的字段保持原值），Data 为编号',
        body: saveWrongWordBody,
        'x-data': z.int().describe('易错词编号'),
        'x-codes': wordMissing,
      },
    },
    async (request) => {
      const body = request.body;
      const saved = await adminWrite(
        request,
        {
          action: 'content:wrongword:save',
          target: TARGET,
          targetId: (w) => w.id,
          detail: () => `${body.Id ? '修改' : '新增'}${body.Wrong}→${body.Right}（${wrongWordSeverityNames[body.Severity]}）`,
        },
        () => saveWrongWord(database, body, now()),
      );
      return ok(saved.id);
    },
  );

  app.post(
    '/DelWrongWord',
    {
      onRequest: requireAdmin('content:wrongword:delete'),
      schema: { ...contentAdminDocs, summary: '删除易错词（Ids 数组或逗号分隔）', body: idsBody, 'x-codes': wordMissing },
    },
    async (request) => {
      const ids = request.body.Ids;
      await adminWrite(
        request,
        {
          action: 'content:wrongword:delete',
          target: TARGET,
          targetId: ids.join(',').slice(0, 50),
          detail: (words) => `删除${words.length}条：${words.join('、')}`.slice(0, 200),
        },
        () => deleteWrongWords(database, ids),
      );
      return ok(null);
    },
  );
}

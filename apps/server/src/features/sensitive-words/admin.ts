import {
  idsBody,
  listOf,
  saveSensitiveWordsBody,
  sensitiveWordDto,
  sensitiveWordListQuery,
  wordsAddedDto,
  type SensitiveWordDto,
  type WordsAddedDto,
} from '@portal/shared';
import { contentAdminDocs } from '../../content/admin-docs.js';
import type { App } from '../../http/app-types.js';
import { adminWrite, requireAdmin } from '../system/auth/guard.js';
import { list, ok } from '../../http/envelope.js';
import { addWords, deleteWords, listWords } from './service.js';

export const TARGET = '敏感词';
/** A SaveSensitiveWords or ImportSensitiveWords answer: how many words were added and how many were there already. */
export const added = (r: { added: number; skipped: number }): WordsAddedDto => ({ Added: r.added, Skipped: r.skipped });

/** 敏感词 (内容管理): list, add (one a line) and delete; importing a .txt word list is import-admin.ts. */
export async function sensitiveWordsAdmin(app: App): Promise<void> {
  const { database, now } = app.services;

  app.get(
    '/GetSensitiveWordList',
    {
      onRequest: requireAdmin('content:word:list'),
      schema: { ...contentAdminDocs, summary: '敏感词列表（key 匹配词）', querystring: sensitiveWordListQuery, 'x-data': listOf(sensitiveWordDto) },
    },
    async (request) => {
      const { key, ...paging } = request.query;
      const page = await listWords(database, key, paging);
      return list(
        page.items.map((w): SensitiveWordDto => ({ Id: w.id, Word: w.word, CreateTime: w.createdAt })),
        page.total,
      );
    },
  );

  app.post(
    '/SaveSensitiveWords',
    {
      onRequest: requireAdmin('content:word:add'),
      schema: {
        ...contentAdminDocs,
        summary: '添加敏感词（Words 每行一个；已有的跳过），Data 为添加数与跳过数',
        body: saveSensitiveWordsBody,
        'x-data': wordsAddedDto,
      },
    },
    async (request) => {
      const words = request.body.Words;
      const result = await adminWrite(request, { action: 'content:word:add', target: TARGET, detail: (r) => `添加${r.added}个，跳过${r.skipped}个` }, () =>
        addWords(database, words, now()),
      );
      return ok(added(result));
    },
  );

  app.post(
    '/DelSensitiveWords',
    { onRequest: requireAdmin('content:word:delete'), schema: { ...contentAdminDocs, summary: '删除敏感词（Ids 数组或逗号分隔）', body: idsBody } },
    async (request) => {
      const ids = request.body.Ids;
      await adminWrite(request, { action: 'content:word:delete', target: TARGET, targetId: ids.join(',').slice(0, 50), detail: (n) => `删除${n}个` }, () =>
        deleteWords(database, ids),
      );
      return ok(null);
    },
  );
}

import { z } from 'zod';
import { newsAutosaveDto, newsAutosaveQuery, saveNewsAutosaveBody, type NewsAutosaveDto } from '@portal/shared';
import { contentAdminDocs } from '../../content/admin-docs.js';
import type { App } from '../../http/app-types.js';
import { currentAdmin, requireAdmin } from '../system/auth/guard.js';
import { ok } from '../../http/envelope.js';
import { deleteAutosave, readAutosave, saveAutosave } from './autosave.js';

/**
 * The article editor's autosaves (features/news/autosave.ts), for whoever may write articles.
 * Each call reads or writes the caller's own copy only (an admin's, or one API token's). They are not audited: a copy in the
 * writer's drawer changes nothing on the site, and one every 30 seconds would drown the log;
 * the save that does change the article is audited as ever. The body is held to the app's
 * body limit (2 MB), as SaveNews is.
 */
export async function newsAutosaveAdmin(app: App): Promise<void> {
  const { database, now } = app.services;
  const guard = requireAdmin('content:news:add', 'content:news:edit');

  app.post(
    '/SaveNewsAutosave',
    {
      onRequest: guard,
      schema: {
        ...contentAdminDocs,
        summary: '自动保存文章编辑框（Form 为表单 JSON，NewsId 为 0 时是新增文章）；每个管理员（或接口令牌）每篇文章一份，覆盖前一份；Data 为保存时间',
        body: saveNewsAutosaveBody,
        'x-data': z.string().describe('保存时间'),
      },
    },
    async (request) => ok(await saveAutosave(database, currentAdmin(request), request.body.NewsId, request.body.Form, now())),
  );

  app.get(
    '/GetNewsAutosave',
    {
      onRequest: guard,
      schema: {
        ...contentAdminDocs,
        summary: '本人对该文章（0 为新增文章）的自动保存；没有或不比文章最后一次保存新时 Data 为 null',
        querystring: newsAutosaveQuery,
        'x-data': newsAutosaveDto.nullable(),
      },
    },
    async (request) => {
      const found = await readAutosave(database, currentAdmin(request), request.query.newsid);
      const data: NewsAutosaveDto | null = found && { NewsId: found.newsId, Form: found.form, SaveTime: found.savedAt };
      return ok(data);
    },
  );

  app.post(
    '/DelNewsAutosave',
    { onRequest: guard, schema: { ...contentAdminDocs, summary: '丢弃本人对该文章（0 为新增文章）的自动保存', querystring: newsAutosaveQuery } },
    async (request) => {
      await deleteAutosave(database, currentAdmin(request), request.query.newsid);
      return ok(null);
    },
  );
}

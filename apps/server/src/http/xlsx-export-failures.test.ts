import http from 'node:http';
import type net from 'node:net';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ListDto } from '@portal/shared';
import { adminCall, createAdminTestApp, loginAdmin } from '../../test/admin.js';
import { insertManyNews, insertMenu } from '../../test/fixtures.js';
import { engines, envelope, type TestApp } from '../../test/harness.js';
import { readSheet } from '../../test/xlsx.js';
import { listArticles } from '../features/news/admin-service.js';
import { requireAdmin } from '../features/system/auth/guard.js';
import { EXPORT_PAGE } from './xlsx-export.js';
import { sendListExport } from '../features/system/list-export.js';

/** What a real HTTP client received: the status and headers sent, the bytes, and whether the transfer ended properly. */
interface Received {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
  complete: boolean;
}

/**
 * Exports whose database fails them: before the file begins, the envelope answers with its code;
 * after, the client sees the transfer cut off, never a complete 200 with a file that does not open.
 */
describe.each(engines)('exports that fail on %s', (engine) => {
  let t: TestApp;
  let token: string;
  let port: number;
  const db = () => t.app.services.database.db;
  /** Runs `step` with the articles' table renamed away, as a schema change or a lost table would leave it. */
  const withoutNewsTable = async <T>(step: () => Promise<T>) => {
    try {
      return await step();
    } finally {
      await sql`alter table news_gone rename to news`.execute(db()).catch(() => undefined);
    }
  };
  const loseNewsTable = () => sql`alter table news rename to news_gone`.execute(db());

  /** Settles when the client of the download under way has received the status and headers. */
  let begun: Promise<void> = Promise.resolve();
  const download = (path: string) =>
    new Promise<Received>((resolve, reject) => {
      let received!: () => void;
      begun = new Promise((resolve) => (received = resolve));
      http
        .get({ host: '127.0.0.1', port, path, headers: { token } }, (res) => {
          received();
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          // 'close' comes whether the transfer ended properly (complete) or was cut off.
          res.on('close', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks), complete: res.complete }));
          res.on('error', () => undefined);
        })
        .on('error', reject);
    });

  beforeAll(async () => {
    t = await createAdminTestApp(engine);
    // The article list's export as the news feature makes it, its row source losing its table
    // when the second page is asked for, once the client has the file's beginning.
    t.app.get('/api/XfSysBussiness/ExportNewsListLosingTable', { onRequest: requireAdmin('content:news:export') }, (request, reply) =>
      sendListExport(request, reply, {
        permission: 'content:news:export',
        target: '文章',
        title: '文章列表',
        asciiName: 'news.xlsx',
        columns: [{ header: '标题', width: 40, cell: (a: { title: string }) => a.title }],
        read: async (page) => {
          if (page.pageindex === 2) {
            await begun;
            await loseNewsTable();
          }
          return (await listArticles(t.app.services.database, {}, page)).items;
        },
      }),
    );
    token = await loginAdmin(t);
    const menuId = await insertMenu(db(), { name: '协会动态' });
    // Two pages and a half: the export reads a second one.
    for (let part = 0; part < 5; part++) {
      await insertManyNews(
        db(),
        Array.from({ length: EXPORT_PAGE / 2 }, (_, i) => ({ menuId, title: `通知 ${part}-${i}` })),
      );
    }
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    port = (t.app.server.address() as net.AddressInfo).port;
  });
  afterAll(() => t.close());

  it('downloads the whole list when nothing fails', async () => {
    const res = await download('/api/XfSysBussiness/ExportNewsList');
    expect(res.status).toBe(200);
    expect(res.complete).toBe(true);
    expect(await readSheet(res.body)).toHaveLength(1 + (5 * EXPORT_PAGE) / 2);
  });

  it('answers the envelope with its code when the first page fails, no file, and audits the refusal', async () => {
    const res = await withoutNewsTable(async () => {
      await loseNewsTable();
      return download('/api/XfSysBussiness/ExportNewsList');
    });
    expect(res.complete).toBe(true);
    expect(res.headers['content-type']).toContain('application/json');
    expect(res.headers['content-disposition']).toBeUndefined();
    expect(envelope({ body: res.body.toString() })).toEqual({ Code: 500, Message: '系统未知错误，请反馈给管理员', Data: null });
    const audit = await adminCall<ListDto<{ Detail: string; Result: number }>>(t, token, 'GET', '/api/XfSystemApi/GetAuditLogList?action=content:news:export');
    expect(audit.Data.List[0]).toMatchObject({ Result: 0, Detail: '系统未知错误，请反馈给管理员' });
  });

  it('cuts the transfer off when a later page fails after the file began: no complete 200, no file that passes for whole', async () => {
    const res = await withoutNewsTable(() => download('/api/XfSysBussiness/ExportNewsListLosingTable'));
    expect(res.status).toBe(200);
    expect(res.headers['content-disposition']).toContain('attachment');
    expect(res.complete).toBe(false);
    await expect(readSheet(res.body)).rejects.toThrow();
    // The server goes on: the next export is whole.
    expect((await download('/api/XfSysBussiness/ExportNewsList')).complete).toBe(true);
  });
});

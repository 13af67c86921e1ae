import { z } from 'zod';
import { codeMessages, idParam, listOf, uploadDto, uploadListQuery } from '@portal/shared';
import { contentAdminDocs } from '../../content/admin-docs.js';
import type { App } from '../../http/app-types.js';
import { adminWrite, requireAdmin } from '../system/auth/guard.js';
import { list, ok } from '../../http/envelope.js';
import { deleteUpload, listUploads } from './library.js';

const TARGET = '媒体库';
const idParams = z.object({ id: idParam });

/** 媒体库 (GetUploadList, DelUpload/{id} under /api/XfSysBussiness/): the public uploads and where they are used. */
export async function uploadLibraryAdmin(app: App): Promise<void> {
  app.get(
    '/GetUploadList',
    {
      // The editor's 从媒体库选择 lists the library too: whoever may write an article may pick from it.
      onRequest: requireAdmin('content:media:list', 'content:news:add', 'content:news:edit'),
      schema: {
        ...contentAdminDocs,
        summary: '媒体库列表（公开上传，新的在前；可按类型、文件名、上传者、日期筛选），含使用位置',
        querystring: uploadListQuery,
        'x-data': listOf(uploadDto),
      },
    },
    async (request) => {
      const { pageindex, pagesize, ...filter } = request.query;
      const page = await listUploads(app.services, filter, { pageindex, pagesize });
      return list(page.items, page.total);
    },
  );

  app.post(
    '/DelUpload/:id',
    {
      onRequest: requireAdmin('content:media:delete'),
      schema: { ...contentAdminDocs, summary: '删除未被使用的上传文件（连同图片的网页副本）', params: idParams, 'x-codes': { 404: codeMessages[404] } },
    },
    async (request) => {
      const { id } = request.params;
      await adminWrite(request, { action: 'content:media:delete', target: TARGET, targetId: id, detail: (name) => name }, () => deleteUpload(app.services, id));
      return ok(null);
    },
  );
}

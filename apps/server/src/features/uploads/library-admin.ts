import { z } from 'zod';
import { codeMessages, idParam, listOf, messages, uploaderPermissions, uploadDto, uploadListQuery, uploadQuery } from '@portal/shared';
import { contentAdminDocs } from '../../content/admin-docs.js';
import type { App } from '../../http/app-types.js';
import { adminWrite, requireAdmin } from '../system/auth/guard.js';
import { list, ok } from '../../http/envelope.js';
import { adminUploadDocs, storeAdminUpload } from './admin.js';
import { deleteUpload, keepInLibrary, listUploads } from './library.js';

const TARGET = '媒体库';
const idParams = z.object({ id: idParam });

/**
 * 媒体库 (GetUploadList, UploadLibraryFile, DelUpload/{id} under /api/XfSysBussiness/): the public
 * uploads and where they are used. A file uploaded here is kept until deleted here, used or not.
 */
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
    '/UploadLibraryFile',
    {
      onRequest: requireAdmin(...uploaderPermissions),
      schema: {
        ...contentAdminDocs,
        summary: '媒体库上传（同 UploadFile；文件留在媒体库，不因未被使用而清理），Data 为存储路径',
        querystring: uploadQuery,
        ...adminUploadDocs,
      },
    },
    async (request) => {
      const path = await storeAdminUpload(request, request.query.kind);
      await keepInLibrary(app.services.database.db, path);
      return ok(path, messages.uploadOk);
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

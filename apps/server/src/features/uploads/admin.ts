import type { Multipart } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { contentMessages, messages, uploaderPermissions, uploadKinds, uploadQuery, type EditorUploadKind } from '@portal/shared';
import { z } from 'zod';
import { contentAdminDocs } from '../../content/admin-docs.js';
import type { App } from '../../http/app-types.js';
import { currentAdmin, requireAdmin } from '../system/auth/guard.js';
import { badRequest, ok } from '../../http/envelope.js';
import { allowsExtension, extensionOf, uploadRules } from './checks.js';
import { storedUploadDocs } from './docs.js';
import { storeUpload } from './records.js';

/**
 * The back-office upload (spec §7 XfSysBussiness UploadFile; the editor's default upload call
 * XfSysBussinessUploadFile is this same route). Multipart with one file in field `file`;
 * `kind` (image | file | media, as query or as a field before the file) picks the checks,
 * otherwise the extension does. Data is the stored path '/uploads/…'.
 */
export async function uploadsAdmin(app: App): Promise<void> {
  app.post(
    '/UploadFile',
    {
      // Every back-office editor that holds pictures, media or attachments uploads here.
      onRequest: requireAdmin(...uploaderPermissions),
      schema: {
        ...contentAdminDocs,
        summary: '上传文件（multipart 字段 file；kind=image|file|media），Data 为存储路径',
        querystring: uploadQuery,
        ...adminUploadDocs,
      },
    },
    async (request) => ok(await storeAdminUpload(request, request.query.kind), messages.uploadOk),
  );
}

/** The multipart body of a back-office upload, for the API document. */
export const adminUploadDocs = storedUploadDocs(false, {
  // kind may come as a field before the file instead of in the query.
  kind: z.enum(uploadKinds).optional().describe('image、file 或 media：按其检查文件；缺省时按扩展名'),
});

/** A back-office upload's file stored and recorded as its sender's: answers the stored path. */
export async function storeAdminUpload(request: FastifyRequest, askedKind: EditorUploadKind | undefined): Promise<string> {
  const upload = await request.file();
  if (!upload || upload.fieldname !== 'file') {
    upload?.file.resume();
    throw badRequest(contentMessages.uploadMissing);
  }
  const kind = askedKind ?? fieldKind(upload.fields.kind) ?? kindByExtension(extensionOf(upload.filename));
  const { services } = request.server;
  return storeUpload(services, upload, kind, `admin:${currentAdmin(request).adminId}`, services.storage, request);
}

/** `kind` sent as a form field (it must precede the file to be seen). */
function fieldKind(field: Multipart | Multipart[] | undefined): EditorUploadKind | undefined {
  if (field === undefined) return undefined;
  const value = Array.isArray(field) || field.type !== 'field' ? undefined : field.value;
  const kind = uploadKinds.find((k) => k === value);
  if (!kind) throw badRequest();
  return kind;
}

/** Pictures and media by their extension; anything else is checked as an attachment (and named in its type message). */
function kindByExtension(extension: string): EditorUploadKind {
  return (['image', 'media'] as const).find((kind) => allowsExtension(uploadRules[kind], extension)) ?? 'file';
}

import { z } from 'zod';
import { contentMessages } from '@portal/shared';

/**
 * What the API document says of the calls that take an upload. The handlers read the multipart
 * stream themselves (receive.ts), so Fastify has no body schema to show: this is the document's.
 */

/** A multipart/form-data body: the file in field `file`, after any `fields` (sent before it to be seen). */
export const uploadBody = (fields: z.ZodRawShape = {}) => z.object({ ...fields, file: z.file().describe('上传的文件') });

/** Code 500 of an upload the storage refused (full, read-only), beside the generic one. */
const storageRefused = `${contentMessages.storageFull}；${contentMessages.storageReadOnly}`;

/** An upload kept as it came: Data is its stored path. `quota`: members' and visitors' uploads count towards the hourly quotas (Code 429). */
export const storedUploadDocs = (quota: boolean, fields: z.ZodRawShape = {}) => ({
  'x-multipart': uploadBody(fields),
  'x-data': z.string().describe('文件的存储路径'),
  'x-codes': { 500: storageRefused, ...(quota && { 429: `${contentMessages.uploadTooFrequent}；${contentMessages.uploadQuotaReached}` }) },
});

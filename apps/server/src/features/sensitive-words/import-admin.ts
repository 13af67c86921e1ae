import { contentMessages, contributionMessages, wordsAddedDto } from '@portal/shared';
import { contentAdminDocs } from '../../content/admin-docs.js';
import type { App } from '../../http/app-types.js';
import { adminWrite, requireAdmin } from '../system/auth/guard.js';
import { badRequest, ok } from '../../http/envelope.js';
import { extensionOf } from '../uploads/checks.js';
import { uploadBody } from '../uploads/docs.js';
import { added, TARGET } from './admin.js';
import { addWords } from './service.js';

const WORD_FILE_MAX_BYTES = 1024 * 1024;

/** 敏感词 (内容管理): importing a .txt word list, one word a line. */
export async function sensitiveWordImportAdmin(app: App): Promise<void> {
  const { database, now } = app.services;

  app.post(
    '/ImportSensitiveWords',
    {
      onRequest: requireAdmin('content:word:add'),
      schema: {
        ...contentAdminDocs,
        summary: '导入敏感词（multipart 字段 file，UTF-8 的 .txt，每行一个词，不超过1MB）',
        'x-multipart': uploadBody(),
        'x-data': wordsAddedDto,
      },
    },
    async (request) => {
      const upload = await request.file();
      if (!upload || upload.fieldname !== 'file') {
        upload?.file.resume();
        throw badRequest(contentMessages.uploadMissing);
      }
      if (extensionOf(upload.filename) !== 'txt') {
        upload.file.resume();
        throw badRequest(contributionMessages.wordFileType);
      }
      const words = parseWordFile(await readLimited(upload.file, WORD_FILE_MAX_BYTES));
      const result = await adminWrite(
        request,
        { action: 'content:word:add', target: TARGET, detail: (r) => `导入${upload.filename}：添加${r.added}个，跳过${r.skipped}个` },
        () => addWords(database, words, now()),
      );
      return ok(added(result));
    },
  );
}

/** The whole stream, refused past `max` bytes (the rest drained unread). */
async function readLimited(stream: NodeJS.ReadableStream, max: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    size += (chunk as Buffer).length;
    if (size > max) {
      stream.resume();
      throw badRequest(contributionMessages.wordFileTooLarge);
    }
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

/** One word a line of UTF-8 text (a byte-order mark, blank lines and surrounding spaces ignored). */
function parseWordFile(bytes: Buffer): string[] {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw badRequest(contributionMessages.wordFileType);
  }
  if (text.includes('\u0000')) throw badRequest(contributionMessages.wordFileType);
  const words = text
    .replace(/^\uFEFF/, '')
    .split(/\r?\n/)
    .map((w) => w.trim())
    .filter(Boolean);
  if (words.length === 0) throw badRequest(contributionMessages.wordRequired);
  if (words.some((w) => [...w].length > 50)) throw badRequest(contributionMessages.wordTooLong);
  if (words.length > 10_000) throw badRequest(contributionMessages.tooManyWords);
  return words;
}

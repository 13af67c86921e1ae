import {
  contentMessages,
  contributionMessages,
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
import { badRequest, list, ok } from '../../http/envelope.js';
import { extensionOf } from '../uploads/checks.js';
import { uploadBody } from '../uploads/docs.js';
import { addWords, deleteWords, listWords } from './service.js';

const TARGET = '敏感词';
const WORD_FILE_MAX_BYTES = 1024 * 1024;
const added = (r: { added: number; skipped: number }): WordsAddedDto => ({ Added: r.added, Skipped: r.skipped });

/** 敏感词 (内容管理): list, add (one a line), delete, and import a .txt word list. */
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

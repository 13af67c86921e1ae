import { z } from 'zod';
import { checkArticleTextBody, proofFindingDto, type ProofFindingDto } from '@portal/shared';
import { contentAdminDocs } from '../../content/admin-docs.js';
import type { App } from '../../http/app-types.js';
import { ok } from '../../http/envelope.js';
import { requireAdmin } from '../system/auth/guard.js';
import { proofread, type ProofFinding } from './service.js';

export const toProofFindingDto = (f: ProofFinding): ProofFindingDto => ({
  Kind: f.kind,
  Word: f.word,
  Suggestion: f.suggestion,
  Severity: f.severity,
  Count: f.count,
});

/** 校对: CheckArticleText, for whoever writes articles, reviews them (待我审核 shows the findings) or keeps the dictionary. */
export async function proofreadingCheckAdmin(app: App): Promise<void> {
  const { database } = app.services;

  app.post(
    '/CheckArticleText',
    {
      onRequest: requireAdmin('content:news:add', 'content:news:edit', 'content:review:list', 'content:wrongword:list'),
      schema: {
        ...contentAdminDocs,
        summary:
          '校对文章（Title 纯文本，Content 为 HTML，标签不计）：Data 为易错词与敏感词，每个词一项 { Kind wrong|sensitive, Word 文中写法, Suggestion 正确写法（敏感词为 null）, Severity serious|normal（敏感词为 serious）, Count }，严重的在前，其次出现多的在前；重叠时取较长的词',
        body: checkArticleTextBody,
        'x-data': z.array(proofFindingDto),
      },
    },
    async (request) => {
      const { Title, Content } = request.body;
      return ok((await proofread(database, { title: Title, html: Content })).map(toProofFindingDto));
    },
  );
}

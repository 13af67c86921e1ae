import rateLimit from '@fastify/rate-limit';
import { z } from 'zod';
import { myDataDto, myDataQuery, rightsMessages, rightsRequestDto, saveRightsRequestBody } from '@portal/shared';
import type { App } from '../../http/app-types.js';
import { ok } from '../../http/envelope.js';
import { attachment, XLSX, xlsxAnswer } from '../../http/xlsx-export.js';
import { currentApplicant, requireApplicant } from '../members/guard.js';
import { myData } from './my-data.js';
import { myDataWorkbook } from './workbook.js';
import { memberRightsRequests, submitRightsRequest } from './service.js';

const memberDocs = { tags: ['privacy'] };
/** A copy is a few queries and a workbook: ten an hour from one address is more than anyone needs, and a flood stops there. */
const downloads = { rateLimit: { max: 10, timeWindow: 60 * 60_000 } };

/**
 * 会员中心 → 我的个人信息: what the association holds about the member (to read, and to download
 * as a workbook or JSON), and requests to correct or delete it. Open to a lapsed member, and to an
 * applicant with the application token GetLoginToken hands out (pending or turned down): these
 * are a person's rights, not a member's benefits.
 */
export async function rightsMember(app: App): Promise<void> {
  const { database, now } = app.services;

  app.get(
    '/GetMyData',
    { onRequest: requireApplicant, schema: { ...memberDocs, summary: '本会员在协会保存的个人信息，按类别列出（不含密码等凭据）', 'x-data': myDataDto } },
    async (request) => ok(await myData(database.db, (await currentApplicant(request)).memberId, now())),
  );

  await app.register(async (scope) => {
    const limited = scope as App;
    await limited.register(rateLimit, { global: false, ...app.services.rateLimitCounters.options('my-data') });
    limited.get(
      '/DownMyData',
      {
        onRequest: requireApplicant,
        schema: {
          ...memberDocs,
          summary: '下载本会员的个人信息副本：format=xlsx（默认，每类一个工作表）或 json；每个地址每小时至多10次',
          querystring: myDataQuery,
          'x-rate-limited': true,
          ...xlsxAnswer,
        },
        config: downloads,
      },
      async (request, reply) => {
        const data = await myData(database.db, (await currentApplicant(request)).memberId, now());
        const day = data.ExportTime.slice(0, 10);
        if (request.query.format === 'json') {
          attachment(reply, 'application/json; charset=utf-8', `my-data-${day}.json`, `我的个人信息-${day}.json`);
          return JSON.stringify(data, null, 2);
        }
        attachment(reply, XLSX, `my-data-${day}.xlsx`, `我的个人信息-${day}.xlsx`);
        return myDataWorkbook(data);
      },
    );
  });

  app.get(
    '/GetMyRightsRequests',
    {
      onRequest: requireApplicant,
      schema: { ...memberDocs, summary: '本会员提出的个人信息请求（新到旧），含答复期限与办理结果', 'x-data': z.array(rightsRequestDto) },
    },
    async (request) => ok(await memberRightsRequests(database.db, (await currentApplicant(request)).memberId, now())),
  );

  app.post(
    '/SaveRightsRequest',
    {
      onRequest: requireApplicant,
      schema: {
        ...memberDocs,
        summary: '提出个人信息请求：Kind 为 access（查阅复制）、correction（更正补充）或 deletion（删除）；协会在15个工作日内答复；办理中的请求至多3项',
        body: saveRightsRequestBody,
        'x-data': z.int().describe('请求编号'),
        'x-codes': { 400: rightsMessages.tooManyPending },
      },
    },
    async (request) => ok(await submitRightsRequest(database, (await currentApplicant(request)).memberId, request.body, now()), rightsMessages.submitted),
  );
}

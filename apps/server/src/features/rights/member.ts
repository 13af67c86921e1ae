import rateLimit from '@fastify/rate-limit';
import type { FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import { z } from 'zod';
import {
  certHolderSessionDto,
  messages,
  myDataDto,
  myDataQuery,
  rightsMessages,
  rightsRequestDto,
  saveRightsRequestBody,
  verifyCertHolderBody,
  type MyDataDto,
} from '@portal/shared';
import type { App } from '../../http/app-types.js';
import { ok } from '../../http/envelope.js';
import { attachment, XLSX, xlsxAnswer } from '../../http/xlsx-export.js';
import { currentApplicant, requireApplicant } from '../members/guard.js';
import { currentCertHolder, requireCertHolder, verifyCertHolder } from './holder.js';
import { holderData, myData } from './my-data.js';
import { myDataWorkbook } from './workbook.js';
import { ownRightsRequests, submitRightsRequest, type RightsRequester } from './service.js';

const memberDocs = { tags: ['privacy'] };
/** A copy is a few queries and a workbook: ten an hour from one address is more than anyone needs, and a flood stops there. */
const downloads = { rateLimit: { max: 10, timeWindow: 60 * 60_000 } };

/** One kind of person with rights over what the association holds: how they are admitted and what is theirs. */
interface Person {
  /** The calls' names: GetMyData, DownMyData, GetMyRightsRequests; or the same with Holder. */
  calls: { data: string; download: string; requests: string; save: string };
  who: string;
  guard: onRequestAsyncHookHandler;
  requester: (request: FastifyRequest) => Promise<RightsRequester>;
  data: (request: FastifyRequest) => Promise<MyDataDto>;
}

/**
 * 会员中心 → 我的个人信息, and the same for a certificate holder (证书查询 → 个人信息查询与更正):
 * what the association holds about the person (to read, and to download as a workbook or JSON),
 * and requests to correct or delete it. The member's calls are open to a lapsed member and to an
 * applicant with the application token GetLoginToken hands out (pending or turned down): these
 * are a person's rights, not a member's benefits. A holder first proves who they are
 * (VerifyCertHolder) and calls with the token it answers.
 */
export async function rightsMember(app: App): Promise<void> {
  const { database, now } = app.services;
  const member: Person = {
    calls: { data: 'GetMyData', download: 'DownMyData', requests: 'GetMyRightsRequests', save: 'SaveRightsRequest' },
    who: '本会员（或申请人）',
    guard: requireApplicant,
    requester: async (request) => ({ memberId: (await currentApplicant(request)).memberId }),
    data: async (request) => myData(database.db, (await currentApplicant(request)).memberId, now()),
  };
  const holder: Person = {
    calls: { data: 'GetHolderData', download: 'DownHolderData', requests: 'GetHolderRightsRequests', save: 'SaveHolderRightsRequest' },
    who: '已核验的证书持有人',
    guard: requireCertHolder(database, now),
    requester: (request) => Promise.resolve({ holder: currentCertHolder(request) }),
    data: (request) => holderData(database, currentCertHolder(request), now()),
  };

  app.post(
    '/VerifyCertHolder',
    {
      schema: {
        ...memberDocs,
        summary:
          '证书持有人身份核验：姓名、完整证件号码，及本人一张证书的编号（未发证书的，填考试日期 yyyy-MM-dd）；答30分钟内有效的令牌，用于 GetHolderData 等；与证书查询共用每个地址的查询次数',
        body: verifyCertHolderBody,
        'x-data': certHolderSessionDto,
        'x-codes': { 400: rightsMessages.holderNotVerified, 429: messages.tooManyRequests },
      },
    },
    async (request) => ok(await verifyCertHolder(database, request.addressGroup, request.body, now())),
  );

  for (const person of [member, holder]) await personCalls(app, person);
}

async function personCalls(app: App, person: Person): Promise<void> {
  const { database, now } = app.services;
  const { calls, who, guard } = person;

  app.get(
    `/${calls.data}`,
    { onRequest: guard, schema: { ...memberDocs, summary: `${who}在协会保存的个人信息，按类别列出（不含密码等凭据）`, 'x-data': myDataDto } },
    async (request) => ok(await person.data(request)),
  );

  await app.register(async (scope) => {
    const limited = scope as App;
    await limited.register(rateLimit, { global: false, ...app.services.rateLimitCounters.options(calls.download) });
    limited.get(
      `/${calls.download}`,
      {
        onRequest: guard,
        schema: {
          ...memberDocs,
          summary: `下载${who}的个人信息副本：format=xlsx（默认，每类一个工作表）或 json；每个地址每小时至多10次`,
          querystring: myDataQuery,
          'x-rate-limited': true,
          ...xlsxAnswer,
        },
        config: downloads,
      },
      async (request, reply) => {
        const data = await person.data(request);
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
    `/${calls.requests}`,
    { onRequest: guard, schema: { ...memberDocs, summary: `${who}提出的个人信息请求（新到旧），含答复期限与办理结果`, 'x-data': z.array(rightsRequestDto) } },
    async (request) => ok(await ownRightsRequests(database.db, await person.requester(request), now())),
  );

  app.post(
    `/${calls.save}`,
    {
      onRequest: guard,
      schema: {
        ...memberDocs,
        summary: `${who}提出个人信息请求：Kind 为 access（查阅复制）、correction（更正补充）或 deletion（删除）；协会在15个工作日内答复；办理中的请求至多3项`,
        body: saveRightsRequestBody,
        'x-data': z.int().describe('请求编号'),
        'x-codes': { 400: rightsMessages.tooManyPending },
      },
    },
    async (request) => ok(await submitRightsRequest(database, await person.requester(request), request.body, now()), rightsMessages.submitted),
  );
}

import { z } from 'zod';
import { certMessages, certRecordDto, certSearchForm, certSearchQuery, downCertQuery, listOf, messages } from '@portal/shared';
import type { App } from '../../http/app-types.js';
import { badRequest, ok } from '../../http/envelope.js';
import { optionalMember } from '../members/guard.js';
import { publicDocs } from './docs.js';
import { certificatePng } from './download.js';
import { DOWNLOAD_TOKEN_HOURS, lookupList } from './download-token.js';
import { companyRecords, countLookup, downloadableRecord, lookupLimit, memberCompany, visitorLookup } from './lookup.js';

const budget = `每个地址${lookupLimit.windowMs / 60_000}分钟内共${lookupLimit.max}次，超出 Code 429`;

/** A member token widens both calls to the member's company; both count against the address's budget. */
const lookupDocs = { ...publicDocs, 'x-optional-session': 'member' } as const;
const overBudget = { 429: messages.tooManyRequests };

/** The public certificate lookup (spec §2 certsearch, §7 GetCertList, DownCert); a member token is optional. */
export async function certificatesPublic(app: App): Promise<void> {
  const { database, now } = app.services;
  const { db } = database;

  app.get(
    '/GetCertList',
    {
      schema: {
        ...lookupDocs,
        summary: `证书与成绩查询：Name（精确）加 IdNum 或 CertNum；证件号码打码，_certId 为下载令牌（${DOWNLOAD_TOKEN_HOURS}小时内有效）。带会员令牌且不填 Name 时列出本单位证书。查询与下载${budget}`,
        querystring: certSearchQuery,
        'x-data': listOf(certRecordDto),
        'x-codes': overBudget,
      },
    },
    async (request) => {
      const { pageindex, pagesize, ...search } = request.query;
      const member = await optionalMember(request);
      if (search.Name === '' && member) {
        const own = await companyRecords(database, await memberCompany(db, member.memberId), { pageindex, pagesize });
        return ok(await lookupList(db, own, now()));
      }
      const form = certSearchForm.safeParse(search);
      if (!form.success) throw badRequest(form.error.issues[0]?.message);
      const at = now();
      const page = await visitorLookup(database, request.addressGroup, at, form.data, { pageindex, pagesize });
      return ok(await lookupList(db, page, at));
    },
  );

  app.get(
    '/DownCert',
    {
      schema: {
        ...lookupDocs,
        summary:
          '下载证书：CertId 为查询结果的 _certId（下载令牌，本身即凭证）；或记录编号加持证人证件号码 IdNum（或查询所用的 Name 与 CertNum；会员可下载本单位证书）。仅考试合格；Data 为 PNG 的 base64',
        querystring: downCertQuery,
        'x-data': z.string().describe('证书 PNG 的 base64'),
        'x-codes': { ...overBudget, 404: `${certMessages.downloadRefused}；${certMessages.downloadExpired}` },
      },
    },
    async (request) => {
      const { CertId, IdNum, Name, CertNum } = request.query;
      const member = await optionalMember(request);
      const company = member ? await memberCompany(db, member.memberId) : null;
      const at = now();
      const record = await downloadableRecord(
        database,
        CertId,
        { idNum: IdNum, name: Name, certNum: CertNum, company },
        () => countLookup(database, request.addressGroup, at),
        at,
      );
      return ok((await certificatePng(request, record)).toString('base64'));
    },
  );
}

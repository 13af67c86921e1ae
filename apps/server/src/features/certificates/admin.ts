import { z } from 'zod';
import {
  certAdminDto,
  certMessages,
  certModelDto,
  certInputOfBody,
  certListQuery,
  certModelQuery,
  editCertInfoBody,
  isMaskedIdNumber,
  listOf,
  normaliseIdNumber,
} from '@portal/shared';
import type { App } from '../../http/app-types.js';
import { can } from '../system/auth/access.js';
import { adminWrite, requirePermission } from '../system/auth/guard.js';
import { badRequest, list, ok } from '../../http/envelope.js';
import { keepOmittedFields } from '../../http/omitted-fields.js';
import { publicBaseUrl } from '../../http/public-base-url.js';
import { adminDocs } from './docs.js';
import { verifyUrl } from './download.js';
import { maskIdNumber, toAdminDto, toModelDto } from './dto.js';
import { certMissing, either, pages, TARGET } from './admin-pages.js';
import { getRecord, pageOfRecords, saveRecord, type CertRecord } from './records.js';
import { searchedRecords } from './search.js';

/**
 * Certificates and exam results in the back office (spec §7 GetCertList, GetCertModel, EditCertInfo):
 * the list, one record, and saving one. Status changes are in status-admin.ts, downloads in
 * download-admin.ts, the spreadsheets in import-export-admin.ts.
 */
export async function certificatesAdmin(app: App): Promise<void> {
  const { database, now } = app.services;

  app.get(
    '/GetCertList',
    {
      onRequest: either('list'),
      schema: {
        ...adminDocs,
        summary:
          'view=cert 证书列表（合格且有证书编号）/ score 考试成绩（全部）；按姓名、证件号码、证书编号、单位（包含）、考试结果、状态（-1 已删除）、考试日期筛选；证件号码打码',
        querystring: certListQuery,
        'x-data': listOf(certAdminDto),
      },
    },
    async (request) => {
      await requirePermission(request, pages[request.query.view].list);
      const page = await pageOfRecords(database.idNumbers, searchedRecords(database, request.query), request.query);
      return list(page.items.map(toAdminDto), page.total);
    },
  );

  app.get(
    '/GetCertModel',
    {
      onRequest: either('list'),
      schema: {
        ...adminDocs,
        summary: '一条记录，附验证地址 _verifyUrl；证件号码打码，有“查看完整证件号码”权限（cert:idnum / cert:score:idnum）时完整并记入操作日志',
        querystring: certModelQuery,
        'x-unmasked-for': [pages.cert.idNumbers, pages.score.idNumbers],
        'x-data': certModelDto,
        'x-codes': certMissing,
      },
    },
    async (request) => {
      const { CertId, view } = request.query;
      const admin = await requirePermission(request, pages[view].list);
      const read = () => getRecord(database, CertId, view);
      // Each sight of a number in the clear is in the audit log: who saw whose, when, from where.
      const unmasked = can(admin, pages[view].idNumbers);
      const record = unmasked
        ? await adminWrite(request, { action: pages[view].idNumbers, target: TARGET, targetId: CertId, detail: (r) => `查看证件号码：${r.name}` }, read)
        : await read();
      return ok(toModelDto(record, verifyUrl(publicBaseUrl(request), record), { unmasked }));
    },
  );

  app.post(
    '/EditCertInfo',
    {
      onRequest: either('edit'),
      // The record as GetCertModel answers it, from the page the body names (the other page's records are not there).
      preValidation: keepOmittedFields('_certId', async (id, _request, body) => {
        const view = editCertInfoBody.shape.View.safeParse(body.View);
        if (!view.success) return undefined;
        const record = await getRecord(database, id, view.data);
        keepShownIdNumber(body, record);
        return toModelDto(record, '', { unmasked: true });
      }),
      schema: {
        ...adminDocs,
        summary: '新增（_certId 为 0）或修改记录（未传的字段保持原值）；身份证校验位、证书编号唯一、合格须有证书编号与发证日期；Data 为记录 id',
        body: editCertInfoBody,
        'x-data': z.int().describe('记录编号'),
        'x-codes': certMissing,
      },
    },
    async (request) => {
      const body = request.body;
      const id = await adminWrite(
        request,
        {
          action: pages[body.View].edit,
          target: TARGET,
          targetId: (saved) => saved,
          detail: () => `${body._certId ? '修改' : '新增'} ${body._name} ${body._certNum}`.trim(),
        },
        () => saveRecord(database, body._certId, certInputOfBody(body), body._status, body.View, now()),
      );
      return ok(id);
    },
  );
}

/**
 * A masked number sent back as the dialog showed it (to staff who may not see it whole) means
 * the stored number, which is put back before the body is checked; any other masked text is
 * refused, so no masked text is ever stored.
 */
function keepShownIdNumber(body: Record<string, unknown>, record: CertRecord): void {
  const sent = body._idNum;
  if (typeof sent !== 'string' || !isMaskedIdNumber(sent)) return;
  if (normaliseIdNumber(sent) !== maskIdNumber(record.idNum)) throw badRequest(certMessages.idNumMasked);
  body._idNum = record.idNum;
}

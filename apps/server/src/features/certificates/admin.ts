import { z } from 'zod';
import {
  certAdminDto,
  certModelDto,
  certInputOfBody,
  certListQuery,
  certFilterQuery,
  certMessages,
  certImageQuery,
  certModelQuery,
  certStatusNames,
  CertStatus,
  delCertsBody,
  downCertsQuery,
  editCertInfoBody,
  editCertStatusBody,
  importCertsQuery,
  listOf,
  type CertView,
  type Permission,
} from '@portal/shared';
import type { App } from '../../http/app-types.js';
import { adminWrite, requireAdmin, requirePermission } from '../system/auth/guard.js';
import { list, notFound, ok } from '../../http/envelope.js';
import { keepOmittedFields } from '../../http/omitted-fields.js';
import { attachment, xlsxAnswer, XLSX } from '../../http/xlsx-export.js';
import { sendListExport } from '../system/list-export.js';
import { importRefusal, receiveXlsx } from '../uploads/xlsx-import.js';
import { uploadBody } from '../uploads/docs.js';
import { adminDocs } from './docs.js';
import { publicBaseUrl } from '../../http/public-base-url.js';
import { certificatePng, certificatesZip, verifyUrl } from './download.js';
import { toAdminDto, toModelDto } from './dto.js';
import { exportColumns, importTemplate, recordPages } from './export.js';
import { IMPORT_MAX_BYTES, importCertificates } from './import.js';
import { getRecord, inView, live, newestFirst, pageOfRecords, saveRecord, selectRecords, setRecordStatus, toRecord } from './records.js';
import { searchedRecords } from './search.js';

const TARGET = '证书';
const certMissing = { 404: certMessages.certNotFound };

/**
 * The back office's two pages over the records: 证书列表 (view 'cert', permissions cert:*) and
 * 考试成绩 (view 'score', cert:score:*). Every call names its view (default 'cert'); the
 * caller needs that page's permission, and reaches only records within it.
 */
const pages: Record<CertView, { name: string; list: Permission; edit: Permission; delete: Permission; import: Permission; export: Permission }> = {
  cert: { name: '证书列表', list: 'cert:list', edit: 'cert:edit', delete: 'cert:delete', import: 'cert:import', export: 'cert:export' },
  score: {
    name: '考试成绩',
    list: 'cert:score:list',
    edit: 'cert:score:edit',
    delete: 'cert:score:delete',
    import: 'cert:score:import',
    export: 'cert:score:export',
  },
};
const either = (action: 'list' | 'edit' | 'delete' | 'import' | 'export') => requireAdmin(pages.cert[action], pages.score[action]);
/** The audit log's record id for one record; a batch is listed in the detail instead. */
const batch = (ids: number[]) => (ids.length === 1 ? { targetId: ids[0] } : {});

/** Certificates and exam results in the back office (spec §7 GetCertList, GetCertModel, DownCerts, DelCerts, EditCertInfo; the rest ours). */
export async function certificatesAdmin(app: App): Promise<void> {
  const { database, now } = app.services;
  const { db } = database;

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
      const page = await pageOfRecords(searchedRecords(db, request.query), request.query);
      return list(page.items.map(toAdminDto), page.total);
    },
  );

  app.get(
    '/GetCertModel',
    {
      onRequest: either('list'),
      schema: {
        ...adminDocs,
        summary: '一条记录（证件号码不打码，附验证地址 _verifyUrl）',
        querystring: certModelQuery,
        'x-data': certModelDto,
        'x-codes': certMissing,
      },
    },
    async (request) => {
      const { CertId, view } = request.query;
      await requirePermission(request, pages[view].list);
      const record = await getRecord(db, CertId, view);
      return ok(toModelDto(record, verifyUrl(publicBaseUrl(request), record)));
    },
  );

  app.post(
    '/EditCertInfo',
    {
      onRequest: either('edit'),
      // The record as GetCertModel answers it, from the page the body names (the other page's records are not there).
      preValidation: keepOmittedFields('_certId', async (id, _request, body) => {
        const view = editCertInfoBody.shape.View.safeParse(body.View);
        return view.success ? toModelDto(await getRecord(db, id, view.data), '') : undefined;
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
        () => saveRecord(db, body._certId, certInputOfBody(body), body._status, body.View, now()),
      );
      return ok(id);
    },
  );

  app.post(
    '/DelCerts',
    {
      onRequest: either('delete'),
      schema: {
        ...adminDocs,
        summary: '删除（状态改为 -1 已删除，记录保留备查；Ids 数组或逗号分隔）；Data 为删除条数',
        body: delCertsBody,
        'x-data': z.int().describe('删除条数'),
      },
    },
    async (request) => {
      const { Ids, View } = request.body;
      const deleted = await adminWrite(
        request,
        { action: pages[View].delete, target: TARGET, ...batch(Ids), detail: (n) => `删除${n}条：${Ids.join(',')}` },
        () => setRecordStatus(db, Ids, CertStatus.Deleted, View, now()),
      );
      return ok(deleted);
    },
  );

  app.post(
    '/EditCertStatus',
    {
      onRequest: either('edit'),
      schema: {
        ...adminDocs,
        summary: '切换状态：1 正常、0 官网隐藏（Ids 数组或逗号分隔）；Data 为修改条数',
        body: editCertStatusBody,
        'x-data': z.int().describe('修改条数'),
      },
    },
    async (request) => {
      const { Ids, View, Status } = request.body;
      const changed = await adminWrite(
        request,
        { action: pages[View].edit, target: TARGET, ...batch(Ids), detail: (n) => `${certStatusNames[Status]}${n}条：${Ids.join(',')}` },
        () => setRecordStatus(db, Ids, Status, View, now()),
      );
      return ok(changed);
    },
  );

  app.get(
    '/DownCerts',
    {
      onRequest: requireAdmin('cert:download'),
      schema: {
        ...adminDocs,
        summary: '批量下载证书：所选证书的 PNG 打包为 zip（流式输出）',
        querystring: downCertsQuery,
        'x-file': 'application/zip',
        'x-codes': certMissing,
      },
    },
    async (request, reply) => {
      const { Ids } = request.query;
      const records = await adminWrite(
        request,
        { action: 'cert:download', target: TARGET, ...batch(Ids), detail: (found) => `下载${found.length}份：${found.map((r) => r.id).join(',')}` },
        async () => {
          const rows = await newestFirst(selectRecords(db).where('id', 'in', Ids).where(live).where(inView('cert'))).execute();
          if (rows.length === 0) throw notFound(certMessages.certNotFound);
          return rows.map(toRecord);
        },
      );
      return attachment(reply, 'application/zip', 'certificates.zip', '证书.zip').send(await certificatesZip(request, records));
    },
  );

  app.get(
    '/GetCertImage',
    {
      onRequest: requireAdmin('cert:download'),
      schema: {
        ...adminDocs,
        summary: '一份证书的 PNG（证书列表的记录，含官网隐藏的；查看与单份下载），文件名 姓名_证书编号.png',
        querystring: certImageQuery,
        'x-file': 'image/png',
        'x-codes': certMissing,
      },
    },
    async (request, reply) => {
      const { CertId } = request.query;
      const record = await adminWrite(request, { action: 'cert:download', target: TARGET, targetId: CertId, detail: (r) => `下载1份：${r.id}` }, () =>
        getRecord(db, CertId, 'cert'),
      );
      const png = await certificatePng(request, record);
      return attachment(reply, 'image/png', 'certificate.png', `${record.name}_${record.certNum}.png`).send(png);
    },
  );

  app.post(
    '/ImportCerts',
    {
      onRequest: either('import'),
      schema: {
        ...adminDocs,
        summary:
          '导入 .xlsx（multipart 字段 file，不超过10MB）：全部有效则一次导入，Data.Imported 为条数；否则 Code 400，Data.Errors 为 [{ Row, Column, Message }]，不导入任何记录',
        querystring: importCertsQuery,
        'x-multipart': uploadBody(),
        'x-data': z.object({ Imported: z.int() }),
        'x-codes': importRefusal,
      },
    },
    async (request) => {
      const { file, filename } = await receiveXlsx(request, IMPORT_MAX_BYTES);
      const imported = await adminWrite(request, { action: pages[request.query.view].import, target: TARGET, detail: (n) => `导入${filename}：${n}条` }, () =>
        importCertificates(db, file, now()),
      );
      return ok({ Imported: imported }, certMessages.imported(imported));
    },
  );

  app.get(
    '/GetCertTemplate',
    { onRequest: either('import'), schema: { ...adminDocs, summary: '下载导入模板（导入模板.xlsx，由导入所读的列生成）', ...xlsxAnswer } },
    async (_request, reply) => attachment(reply, XLSX, 'template.xlsx', '导入模板.xlsx').send(await importTemplate()),
  );

  app.get(
    '/ExportCerts',
    {
      onRequest: either('export'),
      schema: {
        ...adminDocs,
        summary: '导出当前查询条件下的全部记录为 .xlsx（导入模板的列加状态；证件号码完整；流式输出）',
        querystring: certFilterQuery,
        ...xlsxAnswer,
      },
    },
    async (request, reply) => {
      const filters = request.query;
      const page = pages[filters.view];
      return sendListExport(request, reply, {
        permission: page.export,
        target: TARGET,
        title: page.name,
        asciiName: 'export.xlsx',
        columns: exportColumns,
        read: recordPages(searchedRecords(db, filters)),
      });
    },
  );
}

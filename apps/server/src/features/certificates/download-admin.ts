import { certImageQuery, certMessages, downCertsQuery } from '@portal/shared';
import type { App } from '../../http/app-types.js';
import { adminWrite, requireAdmin } from '../system/auth/guard.js';
import { notFound } from '../../http/envelope.js';
import { attachment } from '../../http/xlsx-export.js';
import { adminDocs } from './docs.js';
import { certificatePng, certificatesZip } from './download.js';
import { batch, certMissing, TARGET } from './admin-pages.js';
import { getRecord, inView, live, newestFirst, selectRecords, toRecord } from './records.js';

/** Certificates as pictures in the back office (spec §7 DownCerts; GetCertImage ours): a zip of several, or one PNG; both audited. */
export async function certificateDownloadAdmin(app: App): Promise<void> {
  const { database } = app.services;
  const { db, idNumbers } = database;

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
          return rows.map((r) => toRecord(idNumbers, r));
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
        getRecord(database, CertId, 'cert'),
      );
      const png = await certificatePng(request, record);
      return attachment(reply, 'image/png', 'certificate.png', `${record.name}_${record.certNum}.png`).send(png);
    },
  );
}

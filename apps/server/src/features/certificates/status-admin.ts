import { z } from 'zod';
import { certStatusNames, CertStatus, delCertsBody, editCertStatusBody } from '@portal/shared';
import type { App } from '../../http/app-types.js';
import { adminWrite } from '../system/auth/guard.js';
import { ok } from '../../http/envelope.js';
import { adminDocs } from './docs.js';
import { batch, either, pages, TARGET } from './admin-pages.js';
import { setRecordStatus } from './records.js';

/** A record's status in the back office (spec §7 DelCerts; EditCertStatus ours): deleted (kept for reference), shown or hidden on the site. */
export async function certificateStatusAdmin(app: App): Promise<void> {
  const { database, now } = app.services;
  const { db } = database;

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
}

import { z } from 'zod';
import { activityCertListQuery, attendanceCertDto, attendanceCertMessages, idParam, listOf } from '@portal/shared';
import type { App } from '../../http/app-types.js';
import { requireAdmin } from '../system/auth/guard.js';
import { list, ok } from '../../http/envelope.js';
import { publicBaseUrl } from '../../http/public-base-url.js';
import { adminDocs } from '../activities/docs.js';
import { attendancePng } from './credential.js';
import { toAttendanceCertDto } from './dto.js';
import { activityCertificates, certificateById } from './records.js';

/** 参会证明/培训证明 in the back office, under activity:certify: an activity's certificates and one certificate's image. */
export async function attendanceCertificateListAdmin(app: App): Promise<void> {
  const { db } = app.services.database;
  const guard = requireAdmin('activity:certify');

  app.get(
    '/GetActivityCertificateList',
    {
      onRequest: guard,
      schema: {
        ...adminDocs,
        summary: '活动的参会证明/培训证明（按证明编号；含已撤销）',
        querystring: activityCertListQuery,
        'x-data': listOf(attendanceCertDto),
      },
    },
    async (request) => {
      const { activityid, ...page } = request.query;
      const found = await activityCertificates(db, activityid, page);
      const base = publicBaseUrl(request);
      return list(
        found.items.map((c) => toAttendanceCertDto(c, base)),
        found.total,
      );
    },
  );

  app.get(
    '/DownActivityCertificate/:id',
    {
      onRequest: guard,
      schema: {
        ...adminDocs,
        summary: '一份证明的图片（含已撤销的，供存档）；Data 为 PNG 的 base64',
        params: z.object({ id: idParam }),
        'x-data': z.string().describe('证明 PNG 的 base64'),
        'x-codes': { 404: attendanceCertMessages.notFound },
      },
    },
    async (request) => ok((await attendancePng(request, await certificateById(db, request.params.id))).toString('base64')),
  );
}

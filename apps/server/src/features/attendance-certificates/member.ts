import { z } from 'zod';
import { attendanceCertDto, attendanceCertMessages, idParam } from '@portal/shared';
import type { App } from '../../http/app-types.js';
import { badRequest, notFound, ok } from '../../http/envelope.js';
import { currentMember, requireMember } from '../members/guard.js';
import { publicBaseUrl } from '../../http/public-base-url.js';
import { memberDocs } from '../activities/docs.js';
import { attendancePng } from './credential.js';
import { toAttendanceCertDto } from './dto.js';
import { certificateById, memberCertificates } from './records.js';

/** The member's own 参会证明/培训证明 (我的证书): the list, and each one's image while it stands. */
export async function attendanceCertificatesMember(app: App): Promise<void> {
  const { database } = app.services;
  const { db } = database;

  app.get(
    '/GetMyActivityCertificates',
    {
      onRequest: requireMember,
      schema: { ...memberDocs, summary: '本会员的参会证明与培训证明（最近的活动在前；含已撤销的，Status 1）', 'x-data': z.array(attendanceCertDto) },
    },
    async (request) => {
      const { memberId } = await currentMember(request);
      const base = publicBaseUrl(request);
      return ok((await memberCertificates(db, memberId)).map((c) => toAttendanceCertDto(c, base)));
    },
  );

  app.get(
    '/DownMyActivityCertificate/:id',
    {
      onRequest: requireMember,
      schema: {
        ...memberDocs,
        summary: '下载本会员的一份证明：Data 为 PNG 的 base64；已撤销的不能下载',
        params: z.object({ id: idParam }),
        'x-data': z.string().describe('证明 PNG 的 base64'),
        'x-codes': { 404: attendanceCertMessages.notFound, 400: attendanceCertMessages.notValid },
      },
    },
    async (request) => {
      const { memberId } = await currentMember(request);
      const cert = await certificateById(db, request.params.id);
      // Another member's certificate is as absent as one that never was.
      if (cert.memberId !== memberId) throw notFound(attendanceCertMessages.notFound);
      if (cert.revoked) throw badRequest(attendanceCertMessages.notValid);
      return ok((await attendancePng(request, cert)).toString('base64'));
    },
  );
}

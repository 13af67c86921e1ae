import { activityIdBody, activityMessages, attendanceCertDto, attendanceCertMessages, issuedCertsDto, revokeAttendanceCertBody } from '@portal/shared';
import type { App } from '../../http/app-types.js';
import { adminWrite, currentAdmin, requireAdmin } from '../system/auth/guard.js';
import { ok } from '../../http/envelope.js';
import { mailContext } from '../mail/context.js';
import { nudgeOutbox } from '../mail/outbox.js';
import { publicBaseUrl } from '../../http/public-base-url.js';
import { adminDocs } from '../activities/docs.js';
import { toAttendanceCertDto } from './dto.js';
import { issueCertificates } from './issue.js';
import { kindNames, setRevoked } from './records.js';

/** Issuing is audited against the activity, revoking and restoring against the certificate. */
const TARGET = '活动';
const CERT_TARGET = '活动证明';

/**
 * 参会证明/培训证明 in the back office (ours; docs/api.md), all under activity:certify: issue
 * to everyone checked in at an activity (one action, again only for the newly checked in),
 * revoke and restore. Every write is audited. The activity's list and one certificate's image
 * are list-admin.ts.
 */
export async function attendanceCertificatesAdmin(app: App): Promise<void> {
  const { database, now } = app.services;
  const { db } = database;
  const guard = requireAdmin('activity:certify');

  app.post(
    '/IssueActivityCertificates',
    {
      onRequest: guard,
      schema: {
        ...adminDocs,
        summary:
          '活动结束后为所有已签到的会员颁发证明（培训活动为培训证明，其他为参会证明）；每位会员每个活动一份，已颁发的不重复；获颁的会员收到活动通知（未读）与邮件；Data 为本次颁发数与此前已有数',
        body: activityIdBody,
        'x-data': issuedCertsDto,
        'x-codes': { 404: activityMessages.notFound, 400: `${attendanceCertMessages.notEnded('yyyy-MM-dd HH:mm')}；${attendanceCertMessages.noneCheckedIn}` },
      },
    },
    async (request) => {
      const { ActivityId } = request.body;
      const { account } = currentAdmin(request);
      const done = await adminWrite(
        request,
        { action: 'activity:certify', target: TARGET, targetId: ActivityId, detail: (d) => `颁发证明：${d.title}，${d.issued}份` },
        () => issueCertificates(db, ActivityId, account, now(), mailContext(request)),
      );
      if (done.mailed > 0) nudgeOutbox(database);
      return ok({ Issued: done.issued, Kept: done.kept }, attendanceCertMessages.issued(done.issued, done.kept));
    },
  );

  app.post(
    '/RevokeActivityCertificate',
    {
      onRequest: guard,
      schema: {
        ...adminDocs,
        summary: '撤销（Revoke true）或恢复一份证明：验证页与电子凭证的吊销状态随之改变',
        body: revokeAttendanceCertBody,
        'x-data': attendanceCertDto,
        'x-codes': { 404: attendanceCertMessages.notFound },
      },
    },
    async (request) => {
      const { Id, Revoke } = request.body;
      const cert = await adminWrite(
        request,
        {
          action: 'activity:certify',
          target: CERT_TARGET,
          targetId: Id,
          detail: (c) => `${Revoke ? '撤销' : '恢复'}${kindNames[c.kind]}：${c.certNo} ${c.company}`,
        },
        () => setRevoked(db, Id, Revoke, now()),
      );
      return ok(
        toAttendanceCertDto({ ...cert, revoked: Revoke }, publicBaseUrl(request)),
        Revoke ? attendanceCertMessages.revoked : attendanceCertMessages.restored,
      );
    },
  );
}

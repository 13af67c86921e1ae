import type { AttendanceCertDto } from '@portal/shared';
import { activityDays, verifyUrl } from './credential.js';
import { kindNames, type AttendanceCert } from './records.js';

export const toAttendanceCertDto = (c: AttendanceCert, base: string): AttendanceCertDto => ({
  Id: c.id,
  ActivityId: c.activityId,
  MemberId: c.memberId,
  Kind: c.kind,
  KindName: kindNames[c.kind],
  CertNo: c.certNo,
  MemberName: c.company,
  ActivityTitle: c.title,
  ActivityDays: activityDays(c),
  CheckInTime: c.checkedInAt,
  IssuedAt: c.issuedAt,
  IssuedBy: c.issuedBy,
  Status: c.revoked ? 1 : 0,
  RevokedAt: c.revokedAt,
  VerifyUrl: verifyUrl(base, c),
});

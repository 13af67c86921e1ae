import { z } from 'zod';

/** A 培训证明 or 参会证明: in an activity's list in the back office and in the member's 我的证书. */
export const attendanceCertDto = z
  .object({
    Id: z.int(),
    ActivityId: z.int(),
    MemberId: z.int(),
    /** 'training' 培训证明, 'attendance' 参会证明. */
    Kind: z.enum(['training', 'attendance']),
    KindName: z.string(),
    CertNo: z.string(),
    /** The company (会员名称). */
    MemberName: z.string(),
    ActivityTitle: z.string(),
    /** 2024年6月20日, or a range. */
    ActivityDays: z.string(),
    CheckInTime: z.string(),
    IssuedAt: z.string(),
    IssuedBy: z.string(),
    /** 0 正常, 1 已撤销. */
    Status: z.int(),
    RevokedAt: z.string(),
    /** The public verification page its QR code opens. */
    VerifyUrl: z.string(),
  })
  .meta({ id: 'AttendanceCertDto' });
export type AttendanceCertDto = z.infer<typeof attendanceCertDto>;

/** IssueActivityCertificates' answer. */
export const issuedCertsDto = z.object({ Issued: z.int(), Kept: z.int() }).meta({ id: 'IssuedCertsDto' });
export type IssuedCertsDto = z.infer<typeof issuedCertsDto>;

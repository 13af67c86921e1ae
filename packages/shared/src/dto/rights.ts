import { z } from 'zod';

/** A request as the member's list and the back office's queue show it. */
export const rightsRequestDto = z
  .object({
    Id: z.int(),
    /** access, correction or deletion. */
    Kind: z.string(),
    KindName: z.string(),
    Content: z.string(),
    /** 0 办理中, 1 已办结, 2 不予办理. */
    Status: z.int(),
    StatusName: z.string(),
    Answer: z.string(),
    /** China time by which it must be answered: the end of the 15th working day after it arrived. */
    DueTime: z.string(),
    /** Still pending past DueTime. */
    Overdue: z.boolean(),
    CreateTime: z.string(),
    HandleTime: z.string(),
    /** member (a member or applicant account) or holder (a certificate holder, verified). */
    Requester: z.enum(['member', 'holder']),
    /** The member's company, or the holder's name, as the back office names them. */
    MemberName: z.string(),
    /** The member's account; '' for a holder. */
    Account: z.string(),
  })
  .meta({ id: 'RightsRequestDto' });
export type RightsRequestDto = z.infer<typeof rightsRequestDto>;

/** One kind of record held about the member: its column names and its rows, as text. */
export const myDataSectionDto = z
  .object({ Name: z.string(), Columns: z.array(z.string()), Rows: z.array(z.array(z.string())) })
  .meta({ id: 'MyDataSectionDto' });
export type MyDataSectionDto = z.infer<typeof myDataSectionDto>;

/** GetMyData: everything the association holds about the member, by kind. */
export const myDataDto = z.object({ ExportTime: z.string(), Sections: z.array(myDataSectionDto) }).meta({ id: 'MyDataDto' });
export type MyDataDto = z.infer<typeof myDataDto>;

/** VerifyCertHolder: the token the holder's calls carry (header token) until ExpireTime, and whose data it opens. */
export const certHolderSessionDto = z.object({ Token: z.string(), Name: z.string(), ExpireTime: z.string() }).meta({ id: 'CertHolderSessionDto' });
export type CertHolderSessionDto = z.infer<typeof certHolderSessionDto>;

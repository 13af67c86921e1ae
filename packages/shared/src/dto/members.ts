import { z } from 'zod';
import { ApplyState, ProcessDecision } from '../schemas/members.js';
import { codeOf } from './common.js';
import { directoryChoiceShape } from './directory.js';

/** Who a member is: account, company, and its entries of type lists 1 and 2. */
const memberIdentityShape = {
  MemberId: z.int(),
  Account: z.string(),
  /** Company name. */
  MemberName: z.string(),
  /** Type list 1 entry id and name (单位归类). */
  CompanyType: z.int(),
  CompanyTypeName: z.string(),
  /** Type list 2 entry id and name (会员等级). */
  MemberLevel: z.int(),
  MemberLevelName: z.string(),
};

const memberProfileShape = {
  ...directoryChoiceShape,
  ...memberIdentityShape,
  /** Unit nature (单位性质). */
  CompanyMent: z.string(),
  Mainbusiness: z.string(),
  RegAddress: z.string(),
  /** Contact person (联络人). */
  DailyOperator: z.string(),
  OperatorPhone: z.string(),
  Remarks: z.string(),
  LegalPerson: z.string(),
  Email: z.string(),
  /** The attachment as stored (`/uploads/...`), what ApplyMember and EditMemberInfo take back. */
  FilePath: z.string(),
  /**
   * Where to download the attachment: the guarded call of the one asking (GetApplyFile for the
   * applicant, GetMemberFile/{id} for the back office), sent with the token; '' without one.
   */
  FileUrl: z.string(),
  /** The attachment's original file name. */
  FileName: z.string(),
  ApplyState: codeOf(ApplyState),
  ApplyStateName: z.string(),
  /** The reason of the rejection while the application stands rejected; '' otherwise. */
  ProcessItemName: z.string(),
  /** When the application was last submitted. */
  ApplyTime: z.string(),
  CreateTime: z.string(),
  /**
   * The password is an initial one the staff know (an import's random one): until the member
   * replaces it, every member call but GetUserInfo, EditMemberPwd and Logout answers Code 403
   * 首次登录请先修改初始密码.
   */
  MustChangePwd: z.boolean(),
};
/** The member's own view (GetUserInfo, GetMemberApplyRc): every field but the password. */
export const memberProfileDto = z.object(memberProfileShape).meta({ id: 'MemberProfileDto' });
export type MemberProfileDto = z.infer<typeof memberProfileDto>;

/** A row of GetMemberList. */
export const memberListItemDto = z
  .object({
    ...memberIdentityShape,
    LegalPerson: z.string(),
    DailyOperator: z.string(),
    OperatorPhone: z.string(),
    Email: z.string(),
    ApplyState: codeOf(ApplyState),
    ApplyStateName: z.string(),
    Status: z.int(),
    ProcessItemName: z.string(),
    /** 会籍: state (MembershipState; 0 for an applicant not yet approved, who has none), 入会日期 and 有效期至 (yyyy-MM-dd or ''). */
    MembershipState: z.int(),
    MembershipStateName: z.string(),
    JoinDate: z.string(),
    ExpireDate: z.string(),
    ApplyTime: z.string(),
    CreateTime: z.string(),
  })
  .meta({ id: 'MemberListItemDto' });
export type MemberListItemDto = z.infer<typeof memberListItemDto>;

/** GetMemberModel/{id}: the back-office record (spec §3 "Member record"). */
export const memberModelDto = z
  .object({
    ...memberProfileShape,
    Status: z.int(),
    /** 注册资本（万元）and 职工人数: integers 0–999999. */
    RegCapital: z.int(),
    StaffCount: z.int(),
    /** 入会日期 and 会员到期日, `yyyy-MM-dd` or ''. */
    JoinDate: z.string(),
    ExpireDate: z.string(),
    LastLoginTime: z.string(),
    UpdateTime: z.string(),
  })
  .meta({ id: 'MemberModelDto' });
export type MemberModelDto = z.infer<typeof memberModelDto>;

/** A review-process item (GetMemberProcessList, GetProcessList, GetProcessItem). */
export const processItemDto = z
  .object({
    ProcessItemId: z.int(),
    MemberId: z.int(),
    Account: z.string(),
    MemberName: z.string(),
    Decision: codeOf(ProcessDecision),
    DecisionName: z.string(),
    /** The rejection reason, as the applicant is shown it; '' for other decisions. */
    ProcessItemName: z.string(),
    /** The reviewers' own note (SaveProcessItem); never shown to the applicant. */
    Remark: z.string(),
    /** The reviewing admin; '' for the applicant's submissions. */
    AdminAccount: z.string(),
    CreateTime: z.string(),
    UpdateTime: z.string(),
  })
  .meta({ id: 'ProcessItemDto' });
export type ProcessItemDto = z.infer<typeof processItemDto>;

/** A suggestion in GetWebProposeList. */
export const proposeDto = z
  .object({
    ProposeId: z.int(),
    Mobile: z.string(),
    ProposeContent: z.string(),
    IsRead: z.boolean(),
    ReadTime: z.string(),
    CreateTime: z.string(),
  })
  .meta({ id: 'ProposeDto' });
export type ProposeDto = z.infer<typeof proposeDto>;

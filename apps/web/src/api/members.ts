import { Code, type ApplyMemberForm, type EditMemberForm, type MemberProfileDto, type MemberReceiptDto, type MembershipDto } from '@portal/shared';
import { call, fetchFile, get, post, type Envelope } from './client';

/** Member calls of spec §7 (/api/XfWebApi/): sign-in, profile, password, application, suggestion box. */
const base = 'XfWebApi/';

/**
 * What a correct sign-in leads to. Under review (510) and rejected (511) carry an application
 * token: it opens GetMemberApplyRc and makes ApplyMember a resubmission (docs/api.md).
 */
export type LoginOutcome =
  | { state: 'member'; token: string }
  | { state: 'pending'; message: string; applicationToken: string }
  | { state: 'rejected'; message: string; reason: string; applicationToken: string };

/** GetLoginToken's envelope: 510 and 511 add the application token at the top level. */
export type LoginEnvelope = Envelope<string | null> & { Token?: string };

export interface ProposeForm {
  Mobile: string;
  ProposeContent: string;
}

export interface MemberPasswordForm {
  Pwd: string;
  Newpwd: string;
  againNewpwd: string;
}

/** A call sent with an application token instead of the stored member token. */
const withToken = (token: string | undefined) => (token ? { headers: { token } } : {});

export const membersApi = {
  /** str1 account, str2 password, as a JSON body (docs/api.md). */
  login: async (account: string, password: string): Promise<LoginOutcome> => {
    const answer: LoginEnvelope = await call<string | null>(
      { method: 'POST', url: `${base}GetLoginToken`, data: { str1: account, str2: password } },
      { passCodes: [Code.ApplicationPending, Code.ApplicationRejected] },
    );
    const applicationToken = answer.Token ?? '';
    if (answer.Code === Code.ApplicationPending) return { state: 'pending', message: answer.Message, applicationToken };
    if (answer.Code === Code.ApplicationRejected) return { state: 'rejected', message: answer.Message, reason: answer.Data ?? '', applicationToken };
    return { state: 'member', token: answer.Data ?? '' };
  },
  /** Ends the stored session; Message is 退出成功, or 已退出登录 when it had already ended. */
  logout: () => call<null>({ method: 'POST', url: `${base}Logout` }, { silent: true }).then((r) => r.Message),
  userInfo: () => get<MemberProfileDto>(`${base}GetUserInfo`),
  editProfile: (form: EditMemberForm) => post<null>(`${base}EditMember`, form),
  changePassword: (form: MemberPasswordForm) => post<null>(`${base}EditMemberPwd`, form),
  /** The member's own 会籍 and the header's notice (renew soon, grace, lapsed); a failure is the page's to show, not a toast over every page. */
  membership: () => get<MembershipDto>(`${base}GetMyMembership`, undefined, { silent: true }),
  /** The member's dues, newest first, each with what its receipt prints. */
  payments: () => get<MemberReceiptDto[]>(`${base}GetMyPaymentList`),
  /** The 财务专用章 for the member's receipts, as an SVG image. */
  receiptSeal: () => fetchFile(`/api/${base}GetMyReceiptSeal`, { silent: true }),

  /** The applicant's own application, opened with the application token of GetLoginToken. */
  application: (applicationToken: string) =>
    call<MemberProfileDto>({ method: 'GET', url: `${base}GetMemberApplyRc`, ...withToken(applicationToken) }).then((r) => r.Data),
  /** A new application, or with a rejected applicant's token its resubmission. */
  apply: (form: ApplyMemberForm, applicationToken?: string) =>
    call<null>({ method: 'POST', url: `${base}ApplyMember`, data: form, ...withToken(applicationToken) }).then((r) => r.Data),
  /** Uploads the application attachment (multipart field `file`); Data is the stored path. */
  uploadFile: (file: File) => {
    const body = new FormData();
    body.append('file', file);
    return post<string>(`${base}UploadFile`, body);
  },

  savePropose: (form: ProposeForm) => post<null>(`${base}SavePropose`, form),
};

import ExcelJS from 'exceljs';
import { Secret, TOTP } from 'otpauth';
import { expect } from 'vitest';
import { formatCst } from '@portal/shared';
import type { Engine } from '../src/db/connection.js';
import { deliverToInbox } from '../src/features/inbox/deliver.js';
import { seedIfEmpty } from '../src/seed/index.js';
import { ADMIN_PASSWORD, captcha, createAdmin, createAdminTestApp, loginAdmin, testClock } from './admin.js';
import { idNumber } from './certificates.js';
import { electionStages } from './elections.js';
import { formBackOfficeCalls, formPublicCalls } from './forms-walk.js';
import { messageBackOfficeCalls, messagePublicCalls } from './messages-walk.js';
import { mailingBackOfficeCalls, mailingPublicCalls } from './mailings-walk.js';
import { envelope, type TestApp } from './harness.js';
import { addMember, applicationForm, freshAddress, loginMember, MEMBER_PASSWORD, submitApplication, type TypeChoices } from './members.js';
import { multipartBody, multipartHeaders, type MultipartFile } from './multipart.js';

/**
 * The contract test's walk (src/http/api-contract.test.ts): an app seeded with the demo
 * association, the sessions and records the calls need, and each documented call with valid
 * input. Calls are named as the document lists them: `GET /api/XfWebApi/GetNewsList`.
 */

/** What a call needs: the seeded records' ids and the sessions. */
export interface Walk {
  t: TestApp;
  /** The super administrator's session. */
  admin: string;
  /** An approved member in good standing, with a known password. */
  member: string;
  memberAccount: string;
  /** A rejected applicant's application token (GetLoginToken's Code 511); their application has an attachment. */
  applicant: string;
  /** Administrators of their own: the public walk changes the editor's password, the system walk the keeper's second factor and password. */
  editor: string;
  keeper: string;
  /** The member's contribution, waiting for review. */
  contributionId: number;
  /** An application under review. */
  pendingId: number;
  types: TypeChoices;
  /** A shown menu, a published article in it (not member-only), a member-only one. */
  menuId: number;
  newsId: number;
  /** A passed exam result as the public lookup finds it. */
  cert: { name: string; idNum: string; certNum: string };
  memberId: number;
  /** A picture uploaded by staff, for the records that show one. */
  image: string;
  /** A menu with a one-step review chain and an article waiting in it. */
  reviewMenuId: number;
  /** The app's clock: the second factor's codes need a step of their own each. */
  clock: ReturnType<typeof testClock>;
  /** Each walked call's Data, for the calls after it that work on what it made or found. */
  answers: Map<string, unknown>;
}

/** How to make one call; the session follows from the operation's security unless `as` says otherwise. */
export interface Call {
  query?: Record<string, string | number>;
  /** Values of the path's {parameters}. */
  params?: Record<string, string | number>;
  body?: Record<string, unknown>;
  upload?: { file: MultipartFile; fields?: Record<string, string> };
  /** The token to send instead of the one the operation's security names (a member's on an optional call); null sends none. */
  token?: string | null;
  /** The Code a valid call answers here: 200 unless said (101 with an analytics script, 510/511 for applicants). */
  code?: number;
}

const NEW_PASSWORD = 'Another-long-passphrase-9';
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201ffa4a3b5c50000000049454e44ae426082',
  'hex',
);

/** A small picture to upload, and an application attachment. */
const picture: MultipartFile = { filename: 'photo.png', content: PNG };
const document: MultipartFile = {
  filename: '营业执照.pdf',
  content: Buffer.from('%PDF-1.4\n%\u00e2\u00e3\u00cf\u00d3\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n'),
};

/** The demo association, an administrator, a member, a rejected applicant. */
export async function seedWalk(engine: Engine): Promise<Walk> {
  const clock = testClock(Date.now());
  const t = await createAdminTestApp(engine, { now: clock.now });
  await seedIfEmpty(t.app.services, t.app.log);
  const { db } = t.app.services.database;
  const admin = await loginAdmin(t);
  const typeOf = async (type: number) =>
    (await db.selectFrom('type_items').select('id').where('type', '=', type).where('status', '=', 1).orderBy('id').executeTakeFirstOrThrow()).id;
  const types: TypeChoices = { companyType: await typeOf(1), memberLevel: await typeOf(2), disabledCompanyType: 0, otherType: 0 };
  const today = formatCst(t.app.services.now()).slice(0, 10);
  const nextYear = `${Number(today.slice(0, 4)) + 1}${today.slice(4)}`;
  const memberAccount = 'contract_member';
  const memberId = await addMember(t, admin, types, memberAccount, { JoinDate: today, ExpireDate: nextYear, DirectoryListed: true });
  const member = await loginMember(t, memberAccount);

  // An applicant the association turned down: their sign-in answers Code 511 with an application token.
  const attachment = await uploaded(t, document);
  await submitApplication(t, applicationForm(types, 'contract_applicant', { FilePath: attachment }));
  const applied = await db.selectFrom('members').select('id').where('account', '=', 'contract_applicant').executeTakeFirstOrThrow();
  const refused = envelope(
    await t.app.inject({
      method: 'POST',
      url: '/api/XfSysBussiness/SaveApplyAudit',
      headers: { token: admin },
      payload: { MemberId: applied.id, ApplyState: 2, ProcessItemName: '材料不全' },
    }),
  );
  expect(refused.Code, refused.Message).toBe(200);
  const signIn = await t.app.inject({
    method: 'POST',
    url: '/api/XfWebApi/GetLoginToken',
    headers: freshAddress(),
    payload: { str1: 'contract_applicant', str2: MEMBER_PASSWORD },
  });
  const applicant = (JSON.parse(signIn.body) as { Token: string }).Token;

  const menu = await db
    .selectFrom('menus')
    .select('id')
    .where('status', '=', 1)
    .where('web_url', '=', '')
    .where('parent_id', '!=', 0)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  const news = await db
    .selectFrom('news')
    .select(['id', 'menu_id'])
    .where('status', '=', 1)
    .where('is_member_read', '=', 0)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  const { idNumbers } = t.app.services.database;
  const certRow = await db
    .selectFrom('certificates')
    .select(['name', 'id_num_sealed', 'id_num_key', 'cert_num'])
    .where('exam_status', '=', 1)
    .where('cert_num', 'is not', null)
    .where('status', '=', 1)
    .where('id_num_index', 'not in', idNumbers.lookupIndexes(''))
    .orderBy('id')
    .executeTakeFirstOrThrow();
  const cert = { name: certRow.name, id_num: idNumbers.open(certRow.id_num_sealed, certRow.id_num_key), cert_num: certRow.cert_num ?? '' };
  await createAdmin(t, admin, 'contract_editor', '超级管理员');
  const editor = await loginAdmin(t, 'contract_editor');
  await createAdmin(t, admin, 'contract_keeper', '超级管理员');
  const keeper = await loginAdmin(t, 'contract_keeper');
  const image = await staffUpload(t, admin, picture);
  await submitApplication(t, applicationForm(types, 'contract_pending'));
  const pendingId = (await db.selectFrom('members').select('id').where('account', '=', 'contract_pending').executeTakeFirstOrThrow()).id;

  // A menu whose articles wait for one step of review, and one article waiting there.
  const staff = <T>(url: string, payload: Record<string, unknown>) => businessCall<T>(t, admin, url, payload);
  const reviewMenuId = await staff<number>('SaveMenu', { MenuId: 0, ParentId: 0, Name: '合同三审栏目' });
  const superRole = await db.selectFrom('roles').select('id').where('is_super', '=', 1).orderBy('id').executeTakeFirstOrThrow();
  await staff('SaveMenuReviewFlow', { MenuId: reviewMenuId, Steps: [{ Name: '终审', RoleIds: [superRole.id], NoSelfReview: false }] });
  await staff('SaveNews', { NewsId: 0, MenuId: reviewMenuId, Title: '待审稿件', NewContent: '<p>送审</p>' });

  // A visitor's suggestion, for the suggestion box's calls.
  const proposed = envelope(
    await t.app.inject({
      method: 'POST',
      url: '/api/XfWebApi/SavePropose',
      headers: freshAddress(),
      payload: { Mobile: '13712345678', ProposeContent: '建议公布年度工作计划' },
    }),
  );
  expect(proposed.Code, proposed.Message).toBe(200);

  // The member's contribution, waiting in 投稿审核.
  const contributionMenu = await db
    .selectFrom('menus')
    .select('id')
    .where('accepts_contributions', '=', 1)
    .where('status', '=', 1)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  const contributed = envelope<number>(
    await t.app.inject({
      method: 'POST',
      url: '/api/XfWebApi/SaveNews',
      headers: { token: member },
      payload: { NewsId: 0, MenuId: contributionMenu.id, Title: '会员投稿：施工安全经验', NewContent: '<p>经验</p>' },
    }),
  );
  expect(contributed.Code, contributed.Message).toBe(200);

  return {
    t,
    admin,
    member,
    memberAccount,
    memberId,
    applicant,
    editor,
    keeper,
    contributionId: contributed.Data,
    pendingId,
    types,
    menuId: menu.id,
    newsId: news.id,
    cert: { name: cert.name, idNum: cert.id_num, certNum: cert.cert_num },
    image,
    reviewMenuId,
    clock,
    answers: new Map(),
  };
}

/** Uploads a picture through the back office; answers its stored path. */
async function staffUpload(t: TestApp, token: string, file: MultipartFile): Promise<string> {
  const answer = envelope<string>(
    await t.app.inject({
      method: 'POST',
      url: '/api/XfSysBussiness/UploadFile?kind=image',
      headers: { ...multipartHeaders, token },
      payload: multipartBody(file),
    }),
  );
  expect(answer.Code, answer.Message).toBe(200);
  return answer.Data;
}

/** Uploads an application attachment as a visitor; answers its stored path. */
async function uploaded(t: TestApp, file: MultipartFile): Promise<string> {
  const answer = envelope<string>(
    await t.app.inject({ method: 'POST', url: '/api/XfWebApi/UploadFile', headers: { ...multipartHeaders, ...freshAddress() }, payload: multipartBody(file) }),
  );
  expect(answer.Code, answer.Message).toBe(200);
  return answer.Data;
}

/**
 * Makes one walked call (`name` is `METHOD /path/{param}`) with `token` unless the call names its
 * own, from a fresh client address; answers the response.
 */
export function sendCall(w: Walk, name: string, call: Call, token: string | null) {
  const [method, path] = name.split(' ') as ['GET' | 'POST', string];
  const sent = call.token === undefined ? token : call.token;
  const url =
    path.replace(/\{(\w+)\}/g, (_, key: string) => String(call.params?.[key] ?? '')) +
    (call.query ? `?${new URLSearchParams(Object.entries(call.query).map(([k, v]) => [k, String(v)]))}` : '');
  return w.t.app.inject({
    method,
    url,
    headers: { ...freshAddress(), ...(sent ? { token: sent } : {}), ...(call.upload ? multipartHeaders : {}) },
    ...(call.upload ? { payload: multipartBody(call.upload.file, call.upload.fields) } : call.body ? { payload: call.body } : {}),
  });
}

/** The first record a list call answers, for the calls that read or change one. */
export async function firstOf<T>(w: Walk, url: string, token: string): Promise<T> {
  const answer = envelope<{ List: T[] } | T[]>(await w.t.app.inject({ method: 'GET', url, headers: { token, ...freshAddress() } }));
  const list = Array.isArray(answer.Data) ? answer.Data : answer.Data.List;
  expect(list.length, `${url} lists nothing to walk with`).toBeGreaterThan(0);
  return list[0] as T;
}

/** A back-office call of the walk's administrator; fails the walk unless accepted. */
function staffCall<T>(w: Walk, url: string, payload: Record<string, unknown>): Promise<T> {
  return businessCall<T>(w.t, w.admin, url, payload);
}

/** A business back-office POST with a token; fails the walk unless accepted. */
async function businessCall<T>(t: TestApp, token: string, url: string, payload: Record<string, unknown>): Promise<T> {
  const answer = envelope<T>(await t.app.inject({ method: 'POST', url: `/api/XfSysBussiness/${url}`, headers: { token }, payload }));
  expect(answer.Code, `${url}: ${answer.Message}`).toBe(200);
  return answer.Data;
}

/** A member-area call as a member; fails the walk unless accepted. */
async function memberCall(w: Walk, token: string, url: string, payload: Record<string, unknown>): Promise<void> {
  const answer = envelope(await w.t.app.inject({ method: 'POST', url: `/api/XfWebApi/${url}`, headers: { token, ...freshAddress() }, payload }));
  expect(answer.Code, `${url}: ${answer.Message}`).toBe(200);
}

/** The waitlist's walk: one place, taken by another member, so the walk's member can wait for it; the activity has a sign-up form. */
const fullActivities = new WeakMap<Walk, { id: number; holder: string }>();
async function fullActivity(w: Walk): Promise<{ id: number; holder: string }> {
  let full = fullActivities.get(w);
  if (!full) {
    const start = new Date(w.t.app.services.now() + 30 * 86_400_000).toISOString().slice(0, 10);
    const form = await staffCall<number>(w, 'SaveForm', {
      Id: 0,
      Title: '观摩会报名表',
      Audience: 'members',
      Fields: [{ Key: 'attendee', Type: 'text', Label: '参会人', Required: true }],
    });
    const id = await staffCall<number>(w, 'SaveActivityDetail', {
      ActivityId: 0,
      Title: '名额一位的观摩会',
      Place: '北京',
      StartTime: `${start} 09:00:00`,
      EndTime: `${start} 17:00:00`,
      SignUpDeadline: `${start} 08:00:00`,
      Capacity: 1,
      AudienceAll: true,
      SignUpFormId: form,
    });
    await staffCall(w, 'PublishActivity', { ActivityId: id });
    await addMember(w.t, w.admin, w.types, 'contract_holder');
    const holder = await loginMember(w.t, 'contract_holder');
    await memberCall(w, holder, 'SignUpActivity', { ActivityId: id, Answers: { attendee: '李工' }, PrivacyVersion: 1 });
    full = { id, holder };
    fullActivities.set(w, full);
  }
  return full;
}

/** Each public and member call with valid input, in the order walked (later calls may rely on earlier ones). */
export const publicCalls: Record<string, (w: Walk) => Call | Promise<Call>> = {
  'GET /api/XfWebApi/GetSiteInfo': () => ({}),
  'GET /api/XfWebApi/GetWebFriendlinks': () => ({}),
  'GET /api/XfWebApi/GetPrivacyPolicy': () => ({}),
  'GET /api/XfWebApi/GetMenuList': () => ({ query: { parentid: -1 } }),
  'GET /api/XfWebApi/GetMenuModel': (w) => ({ query: { menuid: w.menuId } }),
  'GET /api/XfWebApi/GetMenuTreeModel': (w) => ({ query: { menuid: w.menuId } }),
  'GET /api/XfWebApi/GetNewsList': () => ({ query: { key: '协会', pageindex: 1, pagesize: 5 } }),
  'GET /api/XfWebApi/GetNewsDetail': (w) => ({ query: { newsid: w.newsId } }),
  'GET /api/XfWebApi/GetNewsReList': () => ({ query: { pageindex: 1, pagesize: 5 }, token: null }),
  'GET /api/XfWebApi/GetNewPositionList': () => ({ query: { seat: 1, pageindex: 1, pagesize: 5 } }),
  'GET /api/XfWebApi/GetBannerList': () => ({ query: { type: 2 } }),
  'GET /api/XfWebApi/GetTypeList': () => ({ query: { type: 2 } }),
  'GET /api/XfWebApi/CountWebCount': () => ({}),
  'GET /api/XfWebApi/GetCountWebCount': () => ({}),
  'POST /api/XfWebApi/TrackPageView': () => ({ body: { Path: '/home', Referrer: 'https://www.baidu.com/' } }),
  'GET /api/XfWebApi/GetMemberDirectory': () => ({ query: { pageindex: 1, pagesize: 10 } }),
  'GET /api/XfWebApi/GetMyElections': async (w) => {
    await electionStages(w.t, w.memberId);
    return {};
  },
  // Before the member nominates: after that, the search refuses as the nomination does.
  'GET /api/XfWebApi/SearchElectionNominees': async (w) => ({ query: { electionid: (await electionStages(w.t, w.memberId)).nominating, key: '有限公司' } }),
  'POST /api/XfWebApi/NominateCandidate': async (w) => ({ body: { ElectionId: (await electionStages(w.t, w.memberId)).nominating, NomineeId: 0 } }),
  'POST /api/XfWebApi/CastBallot': async (w) => {
    const stages = await electionStages(w.t, w.memberId);
    return { body: { ElectionId: stages.voting, Choices: [stages.votingCandidate] } };
  },
  'GET /api/XfWebApi/GetElectionPublication': async (w) => ({ query: { electionid: (await electionStages(w.t, w.memberId)).closed } }),
  'GET /api/XfWebApi/CheckElectionReceipt': async (w) => {
    const stages = await electionStages(w.t, w.memberId);
    return { query: { electionid: stages.closed, receipt: stages.receipt } };
  },
  'GET /api/XfWebApi/GetCertList': (w) => ({ query: { Name: w.cert.name, IdNum: w.cert.idNum }, token: null }),
  'GET /api/XfWebApi/DownCert': async (w) => {
    const found = await firstOf<{ _certId: string }>(w, `/api/XfWebApi/GetCertList?Name=${encodeURIComponent(w.cert.name)}&IdNum=${w.cert.idNum}`, '');
    return { query: { CertId: found._certId }, token: null };
  },
  'POST /api/XfWebApi/SavePropose': () => ({ body: { Mobile: '13912345678', ProposeContent: '建议增加线上培训' } }),
  'POST /api/XfWebApi/UploadFile': () => ({ upload: { file: document } }),
  'POST /api/XfWebApi/ApplyMember': (w) => ({ body: applicationForm(w.types, 'contract_newcomer') }),
  'GET /api/XfWebApi/GetLoginToken': (w) => ({ query: { str1: w.memberAccount, str2: MEMBER_PASSWORD } }),
  'POST /api/XfWebApi/GetLoginToken': () => ({ body: { str1: 'contract_applicant', str2: MEMBER_PASSWORD }, code: 511 }),
  'GET /api/XfWebApi/GetMemberApplyRc': (w) => ({ token: w.applicant }),
  'GET /api/XfWebApi/GetApplyFile': (w) => ({ token: w.applicant }),
  'GET /api/XfWebApi/GetUserInfo': () => ({}),
  'POST /api/XfWebApi/EditMember': () => ({ body: { DailyOperator: '王五', OperatorPhone: '010-88886666' } }),
  'GET /api/XfWebApi/GetMyMembership': () => ({}),
  'GET /api/XfWebApi/GetMyPaymentList': () => ({}),
  // The member's own payment, recorded for the walk (the back office's walk comes later).
  'GET /api/XfWebApi/GetMyPayment/{id}': async (w) => ({ params: { id: await walkPayment(w) } }),
  'GET /api/XfWebApi/GetMyReceiptSeal': () => ({}),
  'GET /api/XfWebApi/GetMyMemberCard': () => ({}),
  'GET /api/XfWebApi/GetMyMemberCredential': () => ({}),
  'GET /api/XfWebApi/GetContributionMenus': () => ({}),
  'POST /api/XfWebApi/UploadContributionImage': () => ({ upload: { file: picture } }),
  'POST /api/XfWebApi/SaveNews': async (w) => {
    const menu = await firstOf<{ MenuId: number }>(w, '/api/XfWebApi/GetContributionMenus', w.member);
    return { body: { NewsId: 0, MenuId: menu.MenuId, Title: '会员投稿：工程质量案例', NewContent: '<p>案例</p>' } };
  },
  'GET /api/XfWebApi/GetMyNewsList': () => ({ query: { pageindex: 1, pagesize: 10 } }),
  'GET /api/XfWebApi/GetMyActivityList': () => ({ query: { pageindex: 1, pagesize: 10 } }),
  'GET /api/XfWebApi/GetMyConsents': () => ({}),
  // 我的个人信息: the copy, and a request the back office answers below.
  'GET /api/XfWebApi/GetMyData': () => ({}),
  'GET /api/XfWebApi/DownMyData': () => ({ query: { format: 'xlsx' } }),
  'GET /api/XfWebApi/GetMyRightsRequests': () => ({}),
  'POST /api/XfWebApi/SaveRightsRequest': () => ({ body: { Kind: 'correction', Content: '合同测试：更正联系电话' } }),
  'POST /api/XfWebApi/VerifyCertHolder': (w) => ({ body: { Name: w.cert.name, IdNum: w.cert.idNum, Proof: w.cert.certNum }, token: null }),
  'GET /api/XfWebApi/GetHolderData': (w) => ({ token: holderToken(w) }),
  'GET /api/XfWebApi/DownHolderData': (w) => ({ query: { format: 'xlsx' }, token: holderToken(w) }),
  'GET /api/XfWebApi/GetHolderRightsRequests': (w) => ({ token: holderToken(w) }),
  'POST /api/XfWebApi/SaveHolderRightsRequest': (w) => ({ body: { Kind: 'access', Content: '合同测试：持证人查阅' }, token: holderToken(w) }),
  // A consent of its own to withdraw: the walk's member asks a question, agreeing to the policy.
  'POST /api/XfWebApi/WithdrawConsent': async (w) => {
    await memberCall(w, w.member, 'SaveMessage', {
      CategoryId: 1,
      Subject: '合同测试授权',
      Content: '撤回授权前的留言',
      Email: 'walk@example.com',
      PrivacyVersion: 1,
    });
    return { body: { Id: (await firstOf<{ Id: number }>(w, '/api/XfWebApi/GetMyConsents', w.member)).Id } };
  },
  'GET /api/XfWebApi/GetActivityUnreadCount': () => ({}),
  'GET /api/XfWebApi/GetMyInbox': () => ({ query: { pageindex: 1, pagesize: 10, unread: 1 } }),
  'GET /api/XfWebApi/GetInboxUnreadCount': () => ({}),
  'POST /api/XfWebApi/ReadInboxMessage': async (w) => ({ body: { Id: await walkInboxMessage(w) } }),
  'POST /api/XfWebApi/ReadAllInbox': () => ({}),
  'GET /api/XfWebApi/GetMyActivity/{id}': async (w) => ({
    params: { id: (await firstOf<{ ActivityId: number }>(w, '/api/XfWebApi/GetMyActivityList', w.member)).ActivityId },
  }),
  'GET /api/XfWebApi/GetMyActivityCalendar/{id}': async (w) => ({
    params: { id: (await firstOf<{ ActivityId: number }>(w, '/api/XfWebApi/GetMyActivityList', w.member)).ActivityId },
  }),
  'POST /api/XfWebApi/SignUpActivity': async (w) => ({
    body: { ActivityId: (await firstOf<{ ActivityId: number }>(w, '/api/XfWebApi/GetMyActivityList', w.member)).ActivityId },
  }),
  'POST /api/XfWebApi/CancelActivitySignUp': async (w) => ({
    body: { ActivityId: (await firstOf<{ ActivityId: number }>(w, '/api/XfWebApi/GetMyActivityList', w.member)).ActivityId },
  }),
  'POST /api/XfWebApi/JoinActivityWaitlist': async (w) => ({
    body: { ActivityId: (await fullActivity(w)).id, Answers: { attendee: '王工' }, PrivacyVersion: 1 },
  }),
  'POST /api/XfWebApi/LeaveActivityWaitlist': async (w) => ({ body: { ActivityId: (await fullActivity(w)).id } }),
  'POST /api/XfWebApi/ConfirmActivityPlace': async (w) => {
    // Back on the list, the walk's member is offered the place its holder gives up.
    const { id, holder } = await fullActivity(w);
    await memberCall(w, w.member, 'JoinActivityWaitlist', { ActivityId: id, Answers: { attendee: '王工' }, PrivacyVersion: 1 });
    await memberCall(w, holder, 'CancelActivitySignUp', { ActivityId: id });
    return { body: { ActivityId: id } };
  },
  'POST /api/XfWebApi/SelfCheckInActivity': async (w) => {
    // Signed up by the confirmation above; the venue's window opens now.
    const { id } = await fullActivity(w);
    const at = (ms: number) => formatCst(w.t.app.services.now() + ms);
    await w.t.app.services.database.db
      .updateTable('activities')
      .set({ self_check_in_start: at(-3_600_000), self_check_in_end: at(3_600_000), self_check_in_key: 'walk-venue-key' })
      .where('id', '=', id)
      .execute();
    return { body: { ActivityId: id, Key: 'walk-venue-key' } };
  },
  'GET /api/XfWebApi/DownMyActivityCertificate/{id}': async (w) => {
    // The member took part in an activity that has ended: its certificates are issued.
    await staffCall(w, 'IssueActivityCertificates', { ActivityId: await activityEnded(w) });
    return { params: { id: (await firstOf<{ Id: number }>(w, '/api/XfWebApi/GetMyActivityCertificates', w.member)).Id } };
  },
  'GET /api/XfWebApi/GetMyActivityCertificates': () => ({}),
  ...formPublicCalls,
  ...messagePublicCalls,
  ...mailingPublicCalls,
  'POST /api/XfWebApi/EditMemberPwd': () => ({ body: { Pwd: MEMBER_PASSWORD, Newpwd: NEW_PASSWORD, againNewpwd: NEW_PASSWORD } }),
  'POST /api/XfWebApi/EditAdminPwd': (w) => ({ token: w.editor, body: { Password: ADMIN_PASSWORD, Newpwd: NEW_PASSWORD, againNewpwd: NEW_PASSWORD } }),
  'POST /api/XfWebApi/Logout': (w) => ({ token: w.applicant }),
};

/** A dues payment of the walk's member, for the member's receipt calls. */
async function walkPayment(w: Walk): Promise<number> {
  const res = await w.t.app.inject({
    method: 'POST',
    url: '/api/XfSysBussiness/SaveMemberPayment',
    headers: { token: w.admin },
    payload: { MemberId: w.memberId, Amount: 100, PaidOn: formatCst(w.clock.now()).slice(0, 10), Payer: '合同测试付款单位', Method: 'transfer' },
  });
  return envelope<{ PaymentId: number }>(res).Data.PaymentId;
}

/** A 站内信 delivered to the walk's member, as a mailing delivers it; answers its id. */
async function walkInboxMessage(w: Walk): Promise<number> {
  const { db } = w.t.app.services.database;
  const at = formatCst(w.clock.now());
  await deliverToInbox(db, [{ memberId: w.memberId, title: '合同测试通知', html: '<p>通知</p>', category: '通知公告', mailingId: null }], at);
  const { id } = await db.selectFrom('inbox_messages').select('id').where('member_id', '=', w.memberId).orderBy('id', 'desc').executeTakeFirstOrThrow();
  return id;
}

/** What an earlier call of the walk answered in Data. */
function answered<T>(w: Walk, call: string): T {
  if (!w.answers.has(call)) throw new Error(`${call} has not been walked yet`);
  return w.answers.get(call) as T;
}

/** The certificate holder's verification token, from the walked VerifyCertHolder. */
const holderToken = (w: Walk) => answered<{ Token: string }>(w, 'POST /api/XfWebApi/VerifyCertHolder').Token;

/** The current code of an authenticator app holding the secret, at the app's clock. */
const totpCode = (w: Walk, secret: string) => new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: w.clock.now() });

/** An import template the back office hands out, with one row filled in, as an upload. */
async function filledTemplate(w: Walk, url: string, row: unknown[]): Promise<MultipartFile> {
  const res = await w.t.app.inject({ method: 'GET', url, headers: { token: w.admin } });
  expect(res.statusCode).toBe(200);
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(res.rawPayload as unknown as ExcelJS.Buffer);
  book.worksheets[0]?.addRow(row);
  return { filename: 'import.xlsx', content: Buffer.from(await book.xlsx.writeBuffer()) };
}

/** The name of a type-list entry the walk uses. */
const typeName = async (w: Walk, id: number) =>
  (await w.t.app.services.database.db.selectFrom('type_items').select('name').where('id', '=', id).executeTakeFirstOrThrow()).name;

const SB = '/api/XfSysBussiness';
const today = (w: Walk) => formatCst(w.clock.now()).slice(0, 10);
/** A time in the walk's future, `days` days on. */
const later = (w: Walk, days: number) => formatCst(w.clock.now() + days * 86_400_000);

/** Each back-office call with valid input, in the order walked: what a call makes, later calls read, change and delete. */
export const backOfficeCalls: Record<string, (w: Walk) => Call | Promise<Call>> = {
  // Menus, articles and their history
  [`GET ${SB}/GetMenuList`]: () => ({ query: { parentid: 0 } }),
  [`GET ${SB}/GetMenuModel`]: (w) => ({ query: { menuid: w.menuId } }),
  [`POST ${SB}/SaveMenu`]: () => ({ body: { MenuId: 0, ParentId: 0, Name: '合同测试栏目' } }),
  [`GET ${SB}/GetNewsList`]: () => ({ query: { pageindex: 1, pagesize: 5 } }),
  [`GET ${SB}/ExportNewsList`]: () => ({ query: { key: '协会' } }),
  [`GET ${SB}/GetNewsDetail`]: (w) => ({ query: { newsid: w.newsId } }),
  [`POST ${SB}/SaveNews`]: (w) => ({
    body: { NewsId: 0, MenuId: answered<number>(w, `POST ${SB}/SaveMenu`), Title: '合同测试文章', NewContent: '<p>正文</p>', Status: 0 },
  }),
  [`GET ${SB}/GetNewsPreviewLink`]: (w) => ({ query: { newsid: answered<number>(w, `POST ${SB}/SaveNews`) } }),
  [`POST ${SB}/RevokeNewsPreviews`]: (w) => ({ body: { NewsId: answered<number>(w, `POST ${SB}/SaveNews`) } }),
  [`POST ${SB}/PublishNews`]: (w) => ({ body: { NewsId: [answered<number>(w, `POST ${SB}/SaveNews`)] } }),
  [`POST ${SB}/OfflineNews`]: (w) => ({ body: { NewsId: [answered<number>(w, `POST ${SB}/SaveNews`)] } }),
  [`POST ${SB}/MoveNews`]: (w) => ({ body: { NewsId: [answered<number>(w, `POST ${SB}/SaveNews`)], MenuId: answered<number>(w, `POST ${SB}/SaveMenu`) } }),
  [`GET ${SB}/GetNewsRevisionList`]: (w) => ({ query: { newsid: answered<number>(w, `POST ${SB}/SaveNews`) } }),
  [`GET ${SB}/GetNewsRevision/{id}`]: (w) => ({
    params: { id: answered<{ List: { RevisionId: number }[] }>(w, `GET ${SB}/GetNewsRevisionList`).List.at(-1)?.RevisionId ?? 0 },
  }),
  [`POST ${SB}/RestoreNewsRevision`]: (w) => {
    const history = answered<{ List: { RevisionId: number }[]; Version: number }>(w, `GET ${SB}/GetNewsRevisionList`);
    return { body: { RevisionId: history.List.at(-1)?.RevisionId, Version: history.Version } };
  },
  [`POST ${SB}/SaveNewsAutosave`]: (w) => ({ body: { NewsId: answered<number>(w, `POST ${SB}/SaveNews`), Form: '{"Title":"草稿"}' } }),
  [`GET ${SB}/GetNewsAutosave`]: (w) => ({ query: { newsid: answered<number>(w, `POST ${SB}/SaveNews`) } }),
  [`POST ${SB}/DelNewsAutosave`]: (w) => ({ query: { newsid: answered<number>(w, `POST ${SB}/SaveNews`) } }),
  // Home seats, carousel, links, type lists, uploads
  [`POST ${SB}/SaveSelectPosition`]: (w) => ({ body: { Seat: 2, NewsId: [w.newsId] } }),
  [`GET ${SB}/GetNewPositionList`]: () => ({ query: { seat: 2 } }),
  [`POST ${SB}/UpdateSortNumber`]: (w) => ({
    body: { Id: answered<{ List: { Id: number }[] }>(w, `GET ${SB}/GetNewPositionList`).List[0]?.Id, SortNumber: 3 },
  }),
  [`POST ${SB}/EditNewPositionStatus`]: (w) => ({
    body: { Id: answered<{ List: { Id: number }[] }>(w, `GET ${SB}/GetNewPositionList`).List[0]?.Id, Status: 1 },
  }),
  [`POST ${SB}/DelNewPosition`]: (w) => ({ body: { Id: [answered<{ List: { Id: number }[] }>(w, `GET ${SB}/GetNewPositionList`).List[0]?.Id] } }),
  [`GET ${SB}/GetBannerList`]: () => ({ query: { type: 2 } }),
  [`POST ${SB}/SaveBanner`]: (w) => ({ body: { Id: 0, Type: 2, Title: '合同测试横幅', ImageUrl: w.image } }),
  [`POST ${SB}/DelBanner`]: (w) => ({ body: { Id: answered<number>(w, `POST ${SB}/SaveBanner`) } }),
  [`GET ${SB}/GetWebFriendlinksList`]: () => ({}),
  [`POST ${SB}/SaveWebFriendlinks`]: () => ({ body: { Id: 0, Title: '合同测试链接', Friendlinks: 'https://www.example.org/' } }),
  [`POST ${SB}/DelWebFriendlinks`]: (w) => ({ body: { Id: answered<number>(w, `POST ${SB}/SaveWebFriendlinks`) } }),
  [`GET ${SB}/GetTypeList`]: () => ({ query: { type: 3 } }),
  [`POST ${SB}/SaveType`]: () => ({ body: { Id: 0, Type: 3, Name: '合同测试类型' } }),
  [`POST ${SB}/DelType`]: (w) => ({ body: { Id: answered<number>(w, `POST ${SB}/SaveType`) } }),
  [`POST ${SB}/UploadFile`]: () => ({ upload: { file: picture, fields: { kind: 'image' } } }),
  [`POST ${SB}/UploadLibraryFile`]: () => ({ upload: { file: picture, fields: { kind: 'image' } } }),
  [`GET ${SB}/GetUploadList`]: () => ({ query: { kind: 'image' } }),
  [`POST ${SB}/DelUpload/{id}`]: (w) => {
    const path = answered<string>(w, `POST ${SB}/UploadFile`);
    return { params: { id: answered<{ List: { Id: number; Path: string }[] }>(w, `GET ${SB}/GetUploadList`).List.find((u) => u.Path === path)?.Id ?? 0 } };
  },
  // Contributions, the review chain, sensitive words
  [`GET ${SB}/GetContributionList`]: () => ({}),
  [`GET ${SB}/ExportContributionList`]: () => ({}),
  [`GET ${SB}/GetContribution/{id}`]: (w) => ({ params: { id: w.contributionId } }),
  [`POST ${SB}/AuditContribution`]: (w) => ({ body: { NewsId: w.contributionId, Decision: 2, Reason: '请补充案例的数据来源' } }),
  [`GET ${SB}/GetMenuReviewFlow`]: (w) => ({ query: { menuid: w.reviewMenuId } }),
  [`GET ${SB}/GetReviewList`]: () => ({ query: { scope: 'mine' } }),
  [`GET ${SB}/GetReview/{id}`]: (w) => ({ params: { id: answered<{ List: { ReviewId: number }[] }>(w, `GET ${SB}/GetReviewList`).List[0]?.ReviewId ?? 0 } }),
  [`GET ${SB}/ExportReview/{id}`]: (w) => ({ params: { id: answered<{ ReviewId: number }>(w, `GET ${SB}/GetReview/{id}`).ReviewId } }),
  [`POST ${SB}/DecideReview`]: (w) => ({ body: { ReviewId: answered<{ ReviewId: number }>(w, `GET ${SB}/GetReview/{id}`).ReviewId, Decision: 1, StepNo: 1 } }),
  [`POST ${SB}/SaveMenuReviewFlow`]: (w) => ({ body: { MenuId: w.reviewMenuId, Steps: [] } }),
  [`GET ${SB}/GetReviewSummary`]: () => ({}),
  [`GET ${SB}/GetMyNotices`]: () => ({}),
  [`POST ${SB}/ReadNotices`]: () => ({ body: {} }),
  [`POST ${SB}/SaveSensitiveWords`]: () => ({ body: { Words: '合同测试词甲\n合同测试词乙' } }),
  [`POST ${SB}/ImportSensitiveWords`]: () => ({ upload: { file: { filename: 'words.txt', content: Buffer.from('合同测试词丙\n合同测试词丁\n') } } }),
  [`GET ${SB}/GetSensitiveWordList`]: () => ({ query: { key: '合同测试词' } }),
  [`POST ${SB}/DelSensitiveWords`]: (w) => ({ body: { Ids: answered<{ List: { Id: number }[] }>(w, `GET ${SB}/GetSensitiveWordList`).List.map((x) => x.Id) } }),
  [`POST ${SB}/SaveWrongWord`]: () => ({ body: { Id: 0, Wrong: '合同测试错词', Right: '合同测试正词', Severity: 'serious' } }),
  [`GET ${SB}/GetWrongWordList`]: () => ({ query: { key: '合同测试', severity: 'serious' } }),
  [`POST ${SB}/CheckArticleText`]: () => ({ body: { Title: '合同测试错词', Content: '<p>再接再励</p>' } }),
  [`GET ${SB}/ExportWrongWords`]: () => ({ query: { key: '合同测试' } }),
  // The export with a row added, imported back.
  [`POST ${SB}/ImportWrongWords`]: async (w) => ({
    upload: { file: await filledTemplate(w, `${SB}/ExportWrongWords?key=${encodeURIComponent('合同测试')}`, ['合同测试错字', '合同测试正字', '一般']) },
  }),
  [`POST ${SB}/DelWrongWord`]: (w) => ({ body: { Ids: answered<{ List: { Id: number }[] }>(w, `GET ${SB}/GetWrongWordList`).List.map((x) => x.Id) } }),
  // Certificates and exam results
  [`GET ${SB}/GetCertList`]: () => ({ query: { view: 'cert', pagesize: 3 } }),
  [`GET ${SB}/GetCertModel`]: (w) => ({
    query: { CertId: answered<{ List: { _certId: number }[] }>(w, `GET ${SB}/GetCertList`).List[0]?._certId ?? 0, view: 'cert' },
  }),
  [`POST ${SB}/EditCertInfo`]: () => ({
    body: {
      _certId: 0,
      _name: '合同测试',
      _idNum: '110101199003074514',
      _examTime: '2024-05-12',
      _examStatus: 1,
      _certNum: 'HT-2024-0001',
      _issueDate: '2024-06-01',
      View: 'cert',
    },
  }),
  [`POST ${SB}/EditCertStatus`]: (w) => ({ body: { Ids: [answered<number>(w, `POST ${SB}/EditCertInfo`)], Status: 0, View: 'cert' } }),
  [`GET ${SB}/DownCerts`]: (w) => ({ query: { Ids: String(answered<number>(w, `POST ${SB}/EditCertInfo`)) } }),
  [`GET ${SB}/GetCertImage`]: (w) => ({ query: { CertId: answered<number>(w, `POST ${SB}/EditCertInfo`) } }),
  [`POST ${SB}/DelCerts`]: (w) => ({ body: { Ids: [answered<number>(w, `POST ${SB}/EditCertInfo`)], View: 'cert' } }),
  [`GET ${SB}/GetCertTemplate`]: () => ({}),
  [`POST ${SB}/ImportCerts`]: async (w) => ({
    query: { view: 'score' },
    upload: { file: await filledTemplate(w, `${SB}/GetCertTemplate`, ['合同导入', idNumber(91), null, '2024-05-12', '缺考']) },
  }),
  [`GET ${SB}/ExportCerts`]: () => ({ query: { view: 'score', name: '张' } }),
  // Activities
  [`GET ${SB}/GetActivityList`]: () => ({}),
  [`GET ${SB}/GetActivity/{id}`]: (w) => ({
    params: { id: answered<{ List: { ActivityId: number }[] }>(w, `GET ${SB}/GetActivityList`).List[0]?.ActivityId ?? 0 },
  }),
  [`GET ${SB}/GetActivityMemberList`]: (w) => ({ query: { activityid: answered<{ ActivityId: number }>(w, `GET ${SB}/GetActivity/{id}`).ActivityId } }),
  [`GET ${SB}/ExportActivityMembers`]: (w) => ({ query: { activityid: answered<{ ActivityId: number }>(w, `GET ${SB}/GetActivity/{id}`).ActivityId } }),
  [`GET ${SB}/GetActivityCalendar/{id}`]: (w) => ({ params: { id: answered<{ ActivityId: number }>(w, `GET ${SB}/GetActivity/{id}`).ActivityId } }),
  [`POST ${SB}/SaveActivityDetail`]: (w) => ({
    body: {
      ActivityId: 0,
      Title: '合同测试活动',
      Place: '协会会议室',
      StartTime: later(w, 30),
      EndTime: later(w, 31),
      SignUpDeadline: later(w, 20),
      Capacity: 50,
      AudienceAll: true,
    },
  }),
  [`GET ${SB}/GetSignUpFormOptions`]: () => ({ query: { title: '报名' } }),
  [`POST ${SB}/PublishActivity`]: (w) => ({ body: { ActivityId: answered<number>(w, `POST ${SB}/SaveActivityDetail`) } }),
  [`POST ${SB}/ResendActivityMember`]: (w) => ({ body: { ActivityId: answered<number>(w, `POST ${SB}/SaveActivityDetail`) } }),
  [`POST ${SB}/CloseActivity`]: (w) => ({ body: { ActivityId: answered<number>(w, `POST ${SB}/SaveActivityDetail`) } }),
  [`POST ${SB}/DelActivity`]: (w) => ({ body: { Ids: [answered<number>(w, `POST ${SB}/SaveActivityDetail`)] } }),
  // At the door: an activity under way that the member signed up for, checked in, certified, undone and taken off.
  [`GET ${SB}/GetCheckInActivityList`]: async (w) => {
    await activityUnderWay(w);
    return {};
  },
  [`GET ${SB}/GetCheckInActivity/{id}`]: async (w) => ({ params: { id: await activityUnderWay(w) } }),
  [`GET ${SB}/GetCheckInMemberList`]: async (w) => ({ query: { activityid: await activityUnderWay(w) } }),
  [`GET ${SB}/GetVenueCheckInCode/{id}`]: async (w) => {
    // The venue's QR of the activity under way, with 动态签到码 on.
    const id = await activityUnderWay(w);
    await w.t.app.services.database.db
      .updateTable('activities')
      .set({ self_check_in_start: later(w, -1 / 24), self_check_in_end: later(w, 1 / 24), self_check_in_key: 'walk-venue-key', self_check_in_rotating: 1 })
      .where('id', '=', id)
      .execute();
    return { params: { id } };
  },
  [`GET ${SB}/ExportActivitySignUps`]: async (w) => ({ query: { activityid: await activityUnderWay(w) } }),
  [`POST ${SB}/CheckInActivityMember`]: async (w) => ({ body: { ActivityId: await activityUnderWay(w), MemberId: w.memberId } }),
  [`POST ${SB}/IssueActivityCertificates`]: async (w) => ({ body: { ActivityId: await activityEnded(w) } }),
  [`GET ${SB}/GetActivityCertificateList`]: async (w) => ({ query: { activityid: await activityEnded(w) } }),
  [`GET ${SB}/DownActivityCertificate/{id}`]: (w) => ({
    params: { id: answered<{ List: { Id: number }[] }>(w, `GET ${SB}/GetActivityCertificateList`).List[0]?.Id ?? 0 },
  }),
  [`POST ${SB}/RevokeActivityCertificate`]: (w) => ({
    body: { Id: answered<{ List: { Id: number }[] }>(w, `GET ${SB}/GetActivityCertificateList`).List[0]?.Id, Revoke: true },
  }),
  [`POST ${SB}/UndoActivityCheckIn`]: async (w) => ({ body: { ActivityId: await activityUnderWay(w), MemberId: w.memberId } }),
  [`POST ${SB}/RemoveActivitySignUp`]: async (w) => ({ body: { ActivityId: await activityUnderWay(w), MemberId: w.memberId } }),
  // 哀悼日
  [`GET ${SB}/GetMemorialDayList`]: () => ({}),
  [`POST ${SB}/SaveMemorialDay`]: () => ({ body: { Id: 0, StartDate: '2030-04-04', EndDate: '2030-04-04', Scope: 1, Note: '合同测试' } }),
  [`POST ${SB}/DelMemorialDay`]: (w) => ({ body: { Id: answered<number>(w, `POST ${SB}/SaveMemorialDay`) } }),
  // 隐私政策: a draft saved, published, and one more saved and deleted.
  [`GET ${SB}/GetPrivacyPolicyList`]: () => ({}),
  [`POST ${SB}/SavePrivacyPolicy`]: () => ({ body: { Id: 0, Content: '<p>合同测试</p>', Summary: '合同测试' } }),
  [`POST ${SB}/PublishPrivacyPolicy`]: (w) => ({ body: { Id: answered<number>(w, `POST ${SB}/SavePrivacyPolicy`) } }),
  [`POST ${SB}/DelPrivacyPolicy`]: async (w) => ({ body: { Id: await privacyDraft(w) } }),
  // 个人信息请求: the one the walk's member made.
  [`GET ${SB}/GetRightsRequestList`]: () => ({}),
  [`POST ${SB}/HandleRightsRequest`]: (w) => ({ body: { Id: answered<number>(w, 'POST /api/XfWebApi/SaveRightsRequest'), Status: 1, Answer: '已更正' } }),
  // 工作日历
  [`GET ${SB}/GetWorkdayList`]: () => ({ query: { year: 2030 } }),
  [`POST ${SB}/SaveWorkday`]: () => ({ body: { Id: 0, Date: '2030-05-04', Kind: 2, Name: '合同测试' } }),
  [`POST ${SB}/DelWorkday`]: (w) => ({ body: { Id: answered<number>(w, `POST ${SB}/SaveWorkday`) } }),
  // 换届选举
  [`GET ${SB}/GetElectionList`]: () => ({}),
  [`POST ${SB}/SaveElection`]: (w) => ({
    body: {
      Id: 0,
      Title: '合同测试选举',
      Seats: 3,
      MaxChoices: 2,
      NominationStart: later(w, 1),
      NominationEnd: later(w, 2),
      VotingStart: later(w, 3),
      VotingEnd: later(w, 4),
      QuorumType: 2,
      QuorumValue: 50,
      ThresholdPercent: 50,
    },
  }),
  [`GET ${SB}/GetElection`]: (w) => ({ query: { id: answered<number>(w, `POST ${SB}/SaveElection`) } }),
  [`POST ${SB}/SaveElectionCandidate`]: (w) => ({
    body: { Id: 0, ElectionId: answered<number>(w, `POST ${SB}/SaveElection`), Name: '合同测试候选人', Bio: '简介', Photo: w.image },
  }),
  [`POST ${SB}/DelElectionCandidate`]: (w) => ({ body: { Id: answered<number>(w, `POST ${SB}/SaveElectionCandidate`) } }),
  [`POST ${SB}/ConfirmElectionCandidates`]: async (w) => ({ body: { Id: (await electionStages(w.t, w.memberId)).confirmable } }),
  [`POST ${SB}/FreezeElectionRoll`]: (w) => ({ body: { Id: answered<number>(w, `POST ${SB}/SaveElection`) } }),
  [`GET ${SB}/GetElectionRoll`]: (w) => ({ query: { electionid: answered<number>(w, `POST ${SB}/SaveElection`) } }),
  [`GET ${SB}/ExportElectionRoll`]: (w) => ({ query: { electionid: answered<number>(w, `POST ${SB}/SaveElection`) } }),
  [`POST ${SB}/CloseElection`]: async (w) => ({ body: { Id: (await electionStages(w.t, w.memberId)).closable } }),
  [`GET ${SB}/GetElectionResult`]: async (w) => ({ query: { id: (await electionStages(w.t, w.memberId)).closed } }),
  [`GET ${SB}/VerifyElection`]: async (w) => ({ query: { id: (await electionStages(w.t, w.memberId)).closed } }),
  [`POST ${SB}/DelElection`]: async (w) => ({ body: { Id: (await electionStages(w.t, w.memberId)).draft } }),
  // Members, applications, suggestions
  [`GET ${SB}/GetMemberList`]: () => ({ query: { pagesize: 5 } }),
  [`GET ${SB}/ExportMemberList`]: () => ({ query: { key: 'contract' } }),
  [`GET ${SB}/GetMemberModel/{id}`]: (w) => ({ params: { id: w.memberId } }),
  [`POST ${SB}/EditMemberInfo`]: (w) => ({ body: { ...applicationForm(w.types, w.memberAccount), MemberId: w.memberId, Pwd: '' } }),
  [`POST ${SB}/EditMemberStatus`]: (w) => ({ body: { MemberId: w.memberId, Status: 1 } }),
  [`GET ${SB}/GetMemberProcessList`]: async (w) => ({ query: { memberid: await applicantId(w) } }),
  [`GET ${SB}/GetMemberProcessList/{id}`]: async (w) => ({ params: { id: await applicantId(w) } }),
  [`GET ${SB}/GetProcessList`]: () => ({}),
  [`GET ${SB}/GetProcessItem`]: (w) => ({
    query: { id: answered<{ List: { ProcessItemId: number }[] }>(w, `GET ${SB}/GetProcessList`).List[0]?.ProcessItemId ?? 0 },
  }),
  [`GET ${SB}/GetProcessItem/{id}`]: (w) => ({
    params: { id: answered<{ List: { ProcessItemId: number }[] }>(w, `GET ${SB}/GetProcessList`).List[0]?.ProcessItemId ?? 0 },
  }),
  [`POST ${SB}/SaveProcessItem`]: (w) => ({
    body: { ProcessItemId: answered<{ ProcessItemId: number }>(w, `GET ${SB}/GetProcessItem`).ProcessItemId, Remark: '已电话核实' },
  }),
  [`GET ${SB}/GetMemberFile/{id}`]: async (w) => ({ params: { id: await applicantId(w) } }),
  [`POST ${SB}/SaveApplyAudit`]: (w) => ({ body: { MemberId: w.pendingId, ApplyState: 1 } }),
  [`GET ${SB}/GetWebProposeList`]: () => ({}),
  [`GET ${SB}/ExportWebProposeList`]: () => ({}),
  [`POST ${SB}/MarkProposeRead`]: (w) => ({
    body: { Ids: [answered<{ List: { ProposeId: number }[] }>(w, `GET ${SB}/GetWebProposeList`).List[0]?.ProposeId] },
  }),
  [`POST ${SB}/DelWebPropose`]: (w) => ({ body: { Ids: [answered<{ List: { ProposeId: number }[] }>(w, `GET ${SB}/GetWebProposeList`).List[0]?.ProposeId] } }),
  // Dues and membership
  [`GET ${SB}/GetMemberLevelTerms`]: () => ({}),
  [`POST ${SB}/SaveMemberLevelTerms`]: (w) => ({ body: { LevelId: w.types.memberLevel, AnnualFee: 2000, Term: 'year', GraceDays: 30, NeedsApproval: true } }),
  [`POST ${SB}/UploadMemberPaymentVoucher`]: () => ({ upload: { file: picture } }),
  [`POST ${SB}/SaveMemberPayment`]: (w) => ({
    body: {
      MemberId: w.memberId,
      Amount: 2000,
      PaidOn: today(w),
      Payer: '合同测试工程有限公司',
      Method: 'transfer',
      VoucherPath: answered<string>(w, `POST ${SB}/UploadMemberPaymentVoucher`),
    },
  }),
  [`GET ${SB}/GetMemberPaymentList`]: (w) => ({ query: { memberid: w.memberId } }),
  [`GET ${SB}/ExportMemberPaymentList`]: (w) => ({ query: { memberid: w.memberId } }),
  [`GET ${SB}/GetMemberPayment/{id}`]: (w) => ({ params: { id: answered<{ PaymentId: number }>(w, `POST ${SB}/SaveMemberPayment`).PaymentId } }),
  [`GET ${SB}/GetMemberPaymentVoucher/{id}`]: (w) => ({ params: { id: answered<{ PaymentId: number }>(w, `POST ${SB}/SaveMemberPayment`).PaymentId } }),
  [`GET ${SB}/GetReceiptSeal`]: () => ({}),
  [`POST ${SB}/VoidMemberPayment`]: (w) => ({
    body: { PaymentId: answered<{ PaymentId: number }>(w, `POST ${SB}/SaveMemberPayment`).PaymentId, Reason: '金额登记有误' },
  }),
  [`GET ${SB}/GetMembershipSummary`]: () => ({}),
  [`GET ${SB}/GetDuesAccount`]: () => ({}),
  [`POST ${SB}/SaveDuesAccount`]: () => ({ body: { AccountName: '合同测试协会', BankName: '中国工商银行北京西城支行', AccountNo: '0200 0012 3456 7890' } }),
  [`GET ${SB}/GetMembership/{id}`]: (w) => ({ params: { id: w.memberId } }),
  [`GET ${SB}/GetMemberReminders/{id}`]: (w) => ({ params: { id: w.memberId } }),
  [`POST ${SB}/MemberBatch`]: (w) => ({ body: { Ids: [w.memberId], Action: 'remind' } }),
  [`GET ${SB}/GetMemberImportTemplate`]: () => ({}),
  [`POST ${SB}/ImportMembers`]: async (w) => {
    const row = [
      'contract_imported',
      '合同导入工程有限公司',
      await typeName(w, w.types.companyType),
      await typeName(w, w.types.memberLevel),
      '赵六',
      null,
      '13612345678',
      'imported@example.com',
    ];
    return { upload: { file: await filledTemplate(w, `${SB}/GetMemberImportTemplate`, row), fields: { Pwd: NEW_PASSWORD } } };
  },
  [`POST ${SB}/RevokeMemberCard`]: (w) => ({ body: { MemberId: w.memberId, Revoke: false } }),
  ...formBackOfficeCalls,
  ...messageBackOfficeCalls,
  ...mailingBackOfficeCalls,
  [`GET ${SB}/GetVisitStatistics`]: () => ({}),
  [`GET ${SB}/ExportVisitStatistics`]: () => ({ query: { table: 'pages' } }),
  [`GET ${SB}/GetEditorOutput`]: () => ({}),
  [`GET ${SB}/ExportEditorOutput`]: () => ({}),
  [`GET ${SB}/GetStatisticsSettings`]: () => ({}),
  [`POST ${SB}/SaveStatisticsSettings`]: () => ({ body: { HonourDoNotTrack: false } }),
  [`GET ${SB}/GetColumnFreshness`]: () => ({}),
  [`GET ${SB}/ExportColumnFreshness`]: () => ({ query: { state: 'empty' } }),
  [`POST ${SB}/SaveColumnInterval`]: (w) => ({ body: { MenuId: w.menuId, Days: 14 } }),
  // A run starts in the background (the walk's app stops it when it closes); a finding of it is planted to be handled.
  [`POST ${SB}/StartLinkCheck`]: () => ({}),
  [`GET ${SB}/GetLinkCheck`]: () => ({}),
  [`GET ${SB}/GetLinkFindings`]: () => ({ query: { kind: 'external', handled: 'open' } }),
  [`POST ${SB}/SaveLinkFinding`]: async (w) => ({ body: { Id: await plantedLinkFinding(w), Handled: 'ignored', Reason: '对方网站维护中' } }),
  [`GET ${SB}/ExportLinkFindings`]: () => ({ query: { handled: 'ignored' } }),
  [`GET ${SB}/GetAvailability`]: () => ({ query: { days: 7 } }),
  // The walk's app does not listen and has no public address: the round probes nothing, and answers so.
  [`POST ${SB}/ProbeAvailability`]: () => ({}),
  // Last, what the walk made and no longer needs.
  [`POST ${SB}/DelNews`]: (w) => ({ body: { NewsId: [answered<number>(w, `POST ${SB}/SaveNews`)] } }),
  [`POST ${SB}/DelMenu`]: (w) => ({ body: { MenuId: answered<number>(w, `POST ${SB}/SaveMenu`) } }),
};

/** A broken link of the walk's article, recorded under the run StartLinkCheck began. */
async function plantedLinkFinding(w: Walk): Promise<number> {
  const row = await w.t.app.services.database.db
    .insertInto('link_findings')
    .values({
      run_id: answered<number>(w, `POST ${SB}/StartLinkCheck`),
      kind: 'external',
      url: 'http://gone.example.org/',
      status: 404,
      problem: '404',
      news_id: w.newsId,
      news_title: '走查文章',
      menu_id: w.menuId,
      menu_name: '走查栏目',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A published activity, ahead, that the walk's member signed up for; moved in time by `at` (start and end, days from now). */
async function signedUpActivity(w: Walk, title: string, place: string) {
  const id = await staffCall<number>(w, 'SaveActivityDetail', {
    ActivityId: 0,
    Title: title,
    Place: place,
    StartTime: later(w, 2),
    EndTime: later(w, 3),
    SignUpDeadline: later(w, 1),
    Capacity: 10,
    AudienceAll: true,
  });
  await staffCall(w, 'PublishActivity', { ActivityId: id });
  await memberCall(w, w.member, 'SignUpActivity', { ActivityId: id });
  const at = (start: number, end: number) =>
    w.t.app.services.database.db
      .updateTable('activities')
      .set({ start_time: later(w, start), end_time: later(w, end) })
      .where('id', '=', id)
      .execute();
  return { id, at };
}

/** An activity under way (begun an hour ago) that the walk's member signed up for, made once per walk. */
const activitiesUnderWay = new WeakMap<Walk, number>();
/** A draft of the privacy policy, for DelPrivacyPolicy (the walk's other draft is published by then). */
async function privacyDraft(w: Walk): Promise<number> {
  const res = await w.t.app.inject({
    method: 'POST',
    url: `${SB}/SavePrivacyPolicy`,
    headers: { token: w.admin },
    payload: { Content: '<p>合同测试草稿</p>', Summary: '合同测试草稿' },
  });
  return envelope<number>(res).Data;
}

async function activityUnderWay(w: Walk): Promise<number> {
  let id = activitiesUnderWay.get(w);
  if (id === undefined) {
    const activity = await signedUpActivity(w, '合同测试现场会', '协会报告厅');
    // Signed up before its deadline; now it is under way, as at the door.
    await activity.at(-1 / 24, 2 / 24);
    id = activity.id;
    activitiesUnderWay.set(w, id);
  }
  return id;
}

/** An activity the walk's member took part in (checked in at the door) and that has ended since: certificates are issued after it. */
const activitiesEnded = new WeakMap<Walk, number>();
async function activityEnded(w: Walk): Promise<number> {
  let id = activitiesEnded.get(w);
  if (id === undefined) {
    const activity = await signedUpActivity(w, '合同测试培训班', '协会培训中心');
    // Under way at the door, then over.
    await activity.at(-1 / 24, 2 / 24);
    await staffCall(w, 'CheckInActivityMember', { ActivityId: activity.id, MemberId: w.memberId });
    await activity.at(-3 / 24, -1 / 24);
    id = activity.id;
    activitiesEnded.set(w, id);
  }
  return id;
}

/** The rejected applicant's member row. */
async function applicantId(w: Walk): Promise<number> {
  return (await w.t.app.services.database.db.selectFrom('members').select('id').where('account', '=', 'contract_applicant').executeTakeFirstOrThrow()).id;
}

const SY = '/api/XfSystemApi';

/** Each back-office system call with valid input, in the order walked. */
export const systemCalls: Record<string, (w: Walk) => Call | Promise<Call>> = {
  [`GET ${SY}/GetCode`]: () => ({}),
  [`POST ${SY}/Login`]: async (w) => {
    const { ticket, answer } = await captcha(w.t);
    return { body: { Account: 'admin', Password: ADMIN_PASSWORD, TreeCode: answer, FullName: ticket } };
  },
  [`POST ${SY}/Logout`]: (w) => ({ token: answered<string>(w, `POST ${SY}/Login`) }),
  [`GET ${SY}/GetLoginUser`]: () => ({}),
  [`GET ${SY}/GetSystemMenuList`]: () => ({ query: { all: 1 } }),
  [`POST ${SY}/SaveSystemMenu`]: () => ({ body: { MenuId: 0, ParentId: 0, MenuType: 1, menuname: '合同测试目录', path: 'contract', icon: 'setting' } }),
  [`POST ${SY}/DelSystemMenu/{id}`]: (w) => ({ params: { id: answered<number>(w, `POST ${SY}/SaveSystemMenu`) } }),
  [`GET ${SY}/GetRoleList`]: () => ({ query: { pagesize: 999 } }),
  [`GET ${SY}/GetRole/{id}`]: (w) => ({ params: { id: answered<{ List: { RoleId: number }[] }>(w, `GET ${SY}/GetRoleList`).List[0]?.RoleId ?? 0 } }),
  [`POST ${SY}/SaveRole`]: () => ({ body: { RoleId: 0, RoleName: '合同测试角色', MenuIds: [] } }),
  [`GET ${SY}/GetAdminUserL`]: () => ({}),
  [`POST ${SY}/SaveAdminUser`]: (w) => ({
    body: { AdminId: 0, Account: 'contract_temp', FullName: '临时管理员', RoleId: answered<number>(w, `POST ${SY}/SaveRole`), Password: NEW_PASSWORD },
  }),
  [`POST ${SY}/DelAdminUser/{id}`]: (w) => ({ params: { id: answered<number>(w, `POST ${SY}/SaveAdminUser`) } }),
  [`POST ${SY}/DelRole/{id}`]: (w) => ({ params: { id: answered<number>(w, `POST ${SY}/SaveRole`) } }),
  [`GET ${SY}/GetAuditLogList`]: () => ({ query: { pagesize: 5 } }),
  [`GET ${SY}/CheckLogChains`]: () => ({}),
  [`GET ${SY}/ExportAuditLogList`]: () => ({ query: { action: 'auth:login' } }),
  [`GET ${SY}/GetDashboard`]: () => ({}),
  [`GET ${SY}/GetLoginLogList`]: () => ({ query: { pagesize: 5 } }),
  [`GET ${SY}/ExportLoginLogList`]: () => ({ query: { kind: 'member' } }),
  [`GET ${SY}/GetOnlineList`]: () => ({ query: { kind: 'admin', account: 'contract_keeper' } }),
  [`POST ${SY}/ForceLogout`]: async (w) => {
    // A session of the keeper's own, opened for this: the walk's sessions stay.
    await loginAdmin(w.t, 'contract_keeper');
    const session = await firstOf<{ SessionId: number; Current: boolean }>(w, `${SY}/GetOnlineList?kind=admin&account=contract_keeper`, w.admin);
    return { body: { Kind: 'admin', SessionId: session.SessionId } };
  },
  [`POST ${SY}/BeginTotp`]: (w) => ({ token: w.keeper }),
  [`POST ${SY}/ConfirmTotp`]: (w) => ({
    token: w.keeper,
    body: { Password: ADMIN_PASSWORD, Code: totpCode(w, answered<{ Secret: string }>(w, `POST ${SY}/BeginTotp`).Secret) },
  }),
  [`POST ${SY}/LoginTotp`]: async (w) => {
    const { ticket, answer } = await captcha(w.t);
    const res = await w.t.app.inject({
      method: 'POST',
      url: `${SY}/Login`,
      headers: freshAddress(),
      payload: { Account: 'contract_keeper', Password: ADMIN_PASSWORD, TreeCode: answer, FullName: ticket },
    });
    const first = envelope<string>(res);
    expect(first.Code, first.Message).toBe(512);
    return { body: { Ticket: first.Data, Code: answered<{ RecoveryCodes: string[] }>(w, `POST ${SY}/ConfirmTotp`).RecoveryCodes[0] } };
  },
  [`GET ${SY}/GetRecoveryCodeCount`]: (w) => ({ token: w.keeper }),
  [`POST ${SY}/RenewRecoveryCodes`]: (w) => {
    // A code of a later step than the one ConfirmTotp used: each code opens one action.
    w.clock.advance(30_000);
    return { token: w.keeper, body: { Password: ADMIN_PASSWORD, Code: totpCode(w, answered<{ Secret: string }>(w, `POST ${SY}/BeginTotp`).Secret) } };
  },
  [`POST ${SY}/ResetAdminTotp/{id}`]: async (w) => ({
    params: {
      id: (await w.t.app.services.database.db.selectFrom('admin_users').select('id').where('account', '=', 'contract_keeper').executeTakeFirstOrThrow()).id,
    },
  }),
  [`POST ${SY}/DisableTotp`]: async (w) => {
    // The keeper turns it on again after the reset, and off with the code of a later step: each code opens one action.
    const secret = envelope<{ Secret: string }>(await w.t.app.inject({ method: 'POST', url: `${SY}/BeginTotp`, headers: { token: w.keeper } })).Data.Secret;
    w.clock.advance(30_000);
    const confirmed = envelope(
      await w.t.app.inject({
        method: 'POST',
        url: `${SY}/ConfirmTotp`,
        headers: { token: w.keeper },
        payload: { Password: ADMIN_PASSWORD, Code: totpCode(w, secret) },
      }),
    );
    expect(confirmed.Code, confirmed.Message).toBe(200);
    w.clock.advance(30_000);
    return { token: w.keeper, body: { Password: ADMIN_PASSWORD, Code: totpCode(w, secret) } };
  },
  [`POST ${SY}/SaveApiToken`]: (w) => ({
    body: { Name: 'contract-token', RoleId: answered<{ List: { RoleId: number }[] }>(w, `GET ${SY}/GetRoleList`).List[0]?.RoleId },
  }),
  [`GET ${SY}/GetApiTokenList`]: () => ({}),
  [`POST ${SY}/DelApiToken/{id}`]: (w) => ({ params: { id: answered<{ TokenId: number }>(w, `POST ${SY}/SaveApiToken`).TokenId } }),
  [`POST ${SY}/EditAdminPwd`]: (w) => ({ token: w.keeper, body: { Password: ADMIN_PASSWORD, Newpwd: NEW_PASSWORD, againNewpwd: NEW_PASSWORD } }),
};

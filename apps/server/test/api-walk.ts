import { expect } from 'vitest';
import { formatCst } from '@portal/shared';
import type { Engine } from '../src/db/connection.js';
import { seedIfEmpty } from '../src/db/seed/index.js';
import { ADMIN_PASSWORD, createAdmin, createAdminTestApp, loginAdmin } from './admin.js';
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
  /** An administrator of their own, whose password the walk may change. */
  editor: string;
  types: TypeChoices;
  /** A shown menu, a published article in it (not member-only), a member-only one. */
  menuId: number;
  newsId: number;
  /** A passed exam result as the public lookup finds it. */
  cert: { name: string; idNum: string };
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
const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201ffa4a3b5c50000000049454e44ae426082', 'hex');

/** A small picture to upload, and an application attachment. */
const picture: MultipartFile = { filename: 'photo.png', content: PNG };
const document: MultipartFile = { filename: '营业执照.pdf', content: Buffer.from('%PDF-1.4\n%\u00e2\u00e3\u00cf\u00d3\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n') };

/** The demo association, an administrator, a member, a rejected applicant. */
export async function seedWalk(engine: Engine): Promise<Walk> {
  const t = await createAdminTestApp(engine);
  await seedIfEmpty(t.app.services, t.app.log);
  const { db } = t.app.services.database;
  const admin = await loginAdmin(t);
  const typeOf = async (type: number) => (await db.selectFrom('type_items').select('id').where('type', '=', type).where('status', '=', 1).orderBy('id').executeTakeFirstOrThrow()).id;
  const types: TypeChoices = { companyType: await typeOf(1), memberLevel: await typeOf(2), disabledCompanyType: 0, otherType: 0 };
  const today = formatCst(t.app.services.now()).slice(0, 10);
  const nextYear = `${Number(today.slice(0, 4)) + 1}${today.slice(4)}`;
  const memberAccount = 'contract_member';
  await addMember(t, admin, types, memberAccount, { JoinDate: today, ExpireDate: nextYear, DirectoryListed: true });
  const member = await loginMember(t, memberAccount);

  // An applicant the association turned down: their sign-in answers Code 511 with an application token.
  const attachment = await uploaded(t, document);
  await submitApplication(t, applicationForm(types, 'contract_applicant', { FilePath: attachment }));
  const applied = await db.selectFrom('members').select('id').where('account', '=', 'contract_applicant').executeTakeFirstOrThrow();
  const refused = envelope(
    await t.app.inject({ method: 'POST', url: '/api/XfSysBussiness/SaveApplyAudit', headers: { token: admin }, payload: { MemberId: applied.id, ApplyState: 2, ProcessItemName: '材料不全' } }),
  );
  expect(refused.Code, refused.Message).toBe(200);
  const signIn = await t.app.inject({ method: 'POST', url: '/api/XfWebApi/GetLoginToken', headers: freshAddress(), payload: { str1: 'contract_applicant', str2: MEMBER_PASSWORD } });
  const applicant = (JSON.parse(signIn.body) as { Token: string }).Token;

  const menu = await db.selectFrom('menus').select('id').where('status', '=', 1).where('web_url', '=', '').where('parent_id', '!=', 0).orderBy('id').executeTakeFirstOrThrow();
  const news = await db.selectFrom('news').select(['id', 'menu_id']).where('status', '=', 1).where('is_member_read', '=', 0).orderBy('id').executeTakeFirstOrThrow();
  const cert = await db.selectFrom('certificates').select(['name', 'id_num']).where('exam_status', '=', 1).where('status', '=', 1).where('id_num', '!=', '').orderBy('id').executeTakeFirstOrThrow();
  await createAdmin(t, admin, 'contract_editor', '超级管理员');
  const editor = await loginAdmin(t, 'contract_editor');
  return { t, admin, member, memberAccount, applicant, editor, types, menuId: menu.id, newsId: news.id, cert: { name: cert.name, idNum: cert.id_num } };
}

/** Uploads an application attachment as a visitor; answers its stored path. */
async function uploaded(t: TestApp, file: MultipartFile): Promise<string> {
  const answer = envelope<string>(await t.app.inject({ method: 'POST', url: '/api/XfWebApi/UploadFile', headers: { ...multipartHeaders, ...freshAddress() }, payload: multipartBody(file) }));
  expect(answer.Code, answer.Message).toBe(200);
  return answer.Data;
}

/** The first record a list call answers, for the calls that read or change one. */
export async function firstOf<T>(w: Walk, url: string, token: string): Promise<T> {
  const answer = envelope<{ List: T[] } | T[]>(await w.t.app.inject({ method: 'GET', url, headers: { token, ...freshAddress() } }));
  const list = Array.isArray(answer.Data) ? answer.Data : answer.Data.List;
  expect(list.length, `${url} lists nothing to walk with`).toBeGreaterThan(0);
  return list[0] as T;
}

/** A back-office call of the walk's administrator; fails the walk unless accepted. */
async function staffCall<T>(w: Walk, url: string, payload: Record<string, unknown>): Promise<T> {
  const answer = envelope<T>(await w.t.app.inject({ method: 'POST', url: `/api/XfSysBussiness/${url}`, headers: { token: w.admin }, payload }));
  expect(answer.Code, `${url}: ${answer.Message}`).toBe(200);
  return answer.Data;
}

/** A member-area call as a member; fails the walk unless accepted. */
async function memberCall(w: Walk, token: string, url: string, payload: Record<string, unknown>): Promise<void> {
  const answer = envelope(await w.t.app.inject({ method: 'POST', url: `/api/XfWebApi/${url}`, headers: { token, ...freshAddress() }, payload }));
  expect(answer.Code, `${url}: ${answer.Message}`).toBe(200);
}

/** The waitlist's walk: one place, taken by another member, so the walk's member can wait for it. */
const fullActivities = new WeakMap<Walk, { id: number; holder: string }>();
async function fullActivity(w: Walk): Promise<{ id: number; holder: string }> {
  let full = fullActivities.get(w);
  if (!full) {
    const start = new Date(w.t.app.services.now() + 30 * 86_400_000).toISOString().slice(0, 10);
    const id = await staffCall<number>(w, 'SaveActivityDetail', {
      ActivityId: 0, Title: '名额一位的观摩会', Place: '北京', StartTime: `${start} 09:00:00`, EndTime: `${start} 17:00:00`, SignUpDeadline: `${start} 08:00:00`, Capacity: 1, AudienceAll: true,
    });
    await staffCall(w, 'PublishActivity', { ActivityId: id });
    await addMember(w.t, w.admin, w.types, 'contract_holder');
    const holder = await loginMember(w.t, 'contract_holder');
    await memberCall(w, holder, 'SignUpActivity', { ActivityId: id });
    full = { id, holder };
    fullActivities.set(w, full);
  }
  return full;
}

/** Each public and member call with valid input, in the order walked (later calls may rely on earlier ones). */
export const publicCalls: Record<string, (w: Walk) => Call | Promise<Call>> = {
  'GET /api/XfWebApi/GetSiteInfo': () => ({}),
  'GET /api/XfWebApi/GetWebFriendlinks': () => ({}),
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
  'GET /api/XfWebApi/GetMemberDirectory': () => ({ query: { pageindex: 1, pagesize: 10 } }),
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
  'GET /api/XfWebApi/GetActivityUnreadCount': () => ({}),
  'GET /api/XfWebApi/GetMyActivity/{id}': async (w) => ({ params: { id: (await firstOf<{ ActivityId: number }>(w, '/api/XfWebApi/GetMyActivityList', w.member)).ActivityId } }),
  'GET /api/XfWebApi/GetMyActivityCalendar/{id}': async (w) => ({ params: { id: (await firstOf<{ ActivityId: number }>(w, '/api/XfWebApi/GetMyActivityList', w.member)).ActivityId } }),
  'POST /api/XfWebApi/SignUpActivity': async (w) => ({ body: { ActivityId: (await firstOf<{ ActivityId: number }>(w, '/api/XfWebApi/GetMyActivityList', w.member)).ActivityId } }),
  'POST /api/XfWebApi/CancelActivitySignUp': async (w) => ({ body: { ActivityId: (await firstOf<{ ActivityId: number }>(w, '/api/XfWebApi/GetMyActivityList', w.member)).ActivityId } }),
  'POST /api/XfWebApi/JoinActivityWaitlist': async (w) => ({ body: { ActivityId: (await fullActivity(w)).id } }),
  'POST /api/XfWebApi/LeaveActivityWaitlist': async (w) => ({ body: { ActivityId: (await fullActivity(w)).id } }),
  'POST /api/XfWebApi/ConfirmActivityPlace': async (w) => {
    // Back on the list, the walk's member is offered the place its holder gives up.
    const { id, holder } = await fullActivity(w);
    await memberCall(w, w.member, 'JoinActivityWaitlist', { ActivityId: id });
    await memberCall(w, holder, 'CancelActivitySignUp', { ActivityId: id });
    return { body: { ActivityId: id } };
  },
  'POST /api/XfWebApi/SelfCheckInActivity': async (w) => {
    // Signed up by the confirmation above; the venue's window opens now.
    const { id } = await fullActivity(w);
    const at = (ms: number) => formatCst(w.t.app.services.now() + ms);
    await w.t.app.services.database.db.updateTable('activities').set({ self_check_in_start: at(-3_600_000), self_check_in_end: at(3_600_000), self_check_in_key: 'walk-venue-key' }).where('id', '=', id).execute();
    return { body: { ActivityId: id, Key: 'walk-venue-key' } };
  },
  'POST /api/XfWebApi/EditMemberPwd': () => ({ body: { Pwd: MEMBER_PASSWORD, Newpwd: NEW_PASSWORD, againNewpwd: NEW_PASSWORD } }),
  'POST /api/XfWebApi/EditAdminPwd': (w) => ({ token: w.editor, body: { Password: ADMIN_PASSWORD, Newpwd: NEW_PASSWORD, againNewpwd: NEW_PASSWORD } }),
  'POST /api/XfWebApi/Logout': (w) => ({ token: w.applicant }),
};

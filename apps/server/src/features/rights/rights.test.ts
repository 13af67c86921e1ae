import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ListDto, MyDataDto, RightsRequestDto, SystemMenuDto } from '@portal/shared';
import { adminCall, createAdmin, createAdminTestApp, loginAdmin, testClock } from '../../../test/admin.js';
import { engines, type TestApp } from '../../../test/harness.js';
import { menuEntries, offeredAgain } from '../../../test/menu-offers.js';
import {
  addMember,
  applicationForm,
  freshAddress,
  loginMember,
  MEMBER_PASSWORD,
  publicCall,
  seedTypeChoices,
  submitApplication,
} from '../../../test/members.js';

/**
 * 我的个人信息 and 个人信息请求: a member reads and downloads what the association holds about
 * them, and asks for a correction or deletion; staff answer within 15 working days.
 */
describe.each(engines)('个人信息权利 on %s', (engine) => {
  // Monday 2024-06-17 10:00 CST: 15 working days later ends Friday 2024-07-05 (no holiday between).
  const clock = testClock(Date.UTC(2024, 5, 17, 2, 0, 0));
  let t: TestApp;
  let admin: string;
  let member: string;
  let other: string;
  const mine = (token = member) => publicCall<RightsRequestDto[]>(t, token, 'GET', 'GetMyRightsRequests');
  const ask = (body: Record<string, unknown>, token = member) => publicCall<number>(t, token, 'POST', 'SaveRightsRequest', body);
  const queue = async (query = '', token = admin) =>
    (await adminCall<ListDto<RightsRequestDto>>(t, token, 'GET', `/api/XfSysBussiness/GetRightsRequestList${query}`)).Data;
  const handle = (body: Record<string, unknown>, token = admin) => adminCall(t, token, 'POST', '/api/XfSysBussiness/HandleRightsRequest', body);

  beforeAll(async () => {
    t = await createAdminTestApp(engine, { now: clock.now });
    admin = await loginAdmin(t);
    const types = await seedTypeChoices(t);
    await addMember(t, admin, types, 'holder', { OperatorPhone: '13911112222', Email: 'holder@example.com', DailyOperator: '钱联络' });
    await addMember(t, admin, types, 'neighbour');
    member = await loginMember(t, 'holder');
    other = await loginMember(t, 'neighbour');
    const asked = await publicCall(t, member, 'POST', 'SaveMessage', {
      CategoryId: 1,
      Subject: '会费发票',
      Content: '请寄送发票',
      Phone: '13911112222',
      PrivacyVersion: 1,
    });
    expect(asked.Code, asked.Message).toBe(200);
  });
  afterAll(() => t.close());

  it('shows the member what is held about them, by kind, and never a password', async () => {
    const { Data } = await publicCall<MyDataDto>(t, member, 'GET', 'GetMyData');
    const byName = Object.fromEntries(Data.Sections.map((s) => [s.Name, s]));
    expect(Object.keys(byName)).toEqual(['会员资料', '隐私政策授权', '留言与建议', '表单与报名表填写', '活动报名与签到', '投稿', '登录记录', '个人信息请求']);
    expect(byName['会员资料']!.Rows).toEqual(
      expect.arrayContaining([
        ['账号', 'holder'],
        ['手机号码', '13911112222'],
        ['电子邮箱', 'holder@example.com'],
        ['联络人', '钱联络'],
      ]),
    );
    expect(byName['留言与建议']!.Rows).toEqual([['会费发票', '请寄送发票', '', '13911112222', '', expect.any(String)]]);
    expect(byName['隐私政策授权']!.Rows).toEqual([['在线留言', '第1版', expect.any(String), '']]);
    expect(byName['登录记录']!.Rows.length).toBeGreaterThan(0);
    expect(JSON.stringify(Data)).not.toMatch(/scrypt|password_hash/);
    // Another member's data is not theirs to see.
    const theirs = (await publicCall<MyDataDto>(t, other, 'GET', 'GetMyData')).Data;
    expect(JSON.stringify(theirs)).not.toContain('13911112222');
    expect(await publicCall(t, undefined, 'GET', 'GetMyData')).toMatchObject({ Code: 401 });
  });

  it('gives the same copy as a workbook, a sheet per kind, and as JSON', async () => {
    const xlsx = await t.app.inject({ method: 'GET', url: '/api/XfWebApi/DownMyData', headers: { token: member, ...freshAddress() } });
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(xlsx.headers['content-disposition']).toContain('my-data-2024-06-17.xlsx');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    expect(workbook.worksheets.map((s) => s.name)).toEqual([
      '会员资料',
      '隐私政策授权',
      '留言与建议',
      '表单与报名表填写',
      '活动报名与签到',
      '投稿',
      '登录记录',
      '个人信息请求',
    ]);
    const profile = workbook
      .getWorksheet('会员资料')!
      .getSheetValues()
      .slice(1)
      .map((r) => (r as unknown[]).slice(1));
    expect(profile[0]).toEqual(['项目', '内容']);
    expect(profile).toEqual(expect.arrayContaining([['手机号码', '13911112222']]));

    const json = await t.app.inject({ method: 'GET', url: '/api/XfWebApi/DownMyData?format=json', headers: { token: member, ...freshAddress() } });
    expect(json.headers['content-type']).toContain('application/json');
    expect((JSON.parse(json.body) as MyDataDto).Sections[0]!.Name).toBe('会员资料');
    expect((await t.app.inject({ method: 'GET', url: '/api/XfWebApi/DownMyData?format=pdf', headers: { token: member } })).json()).toMatchObject({
      Code: 400,
    });
  });

  it('stops a flood of downloads from one address', async () => {
    const address = freshAddress();
    const down = () => t.app.inject({ method: 'GET', url: '/api/XfWebApi/DownMyData?format=json', headers: { token: member, ...address } });
    for (let n = 0; n < 10; n += 1) expect((await down()).statusCode).toBe(200);
    expect((await down()).json()).toEqual({ Code: 429, Message: '请求过于频繁，请稍后再试', Data: null });
  });

  it('takes a request with its 15-working-day deadline, at most three pending, with Chinese refusals', async () => {
    expect(await ask({ Kind: 'forget', Content: '删除' })).toMatchObject({ Code: 400, Message: '请选择请求类型：查阅复制、更正补充或删除' });
    expect(await ask({ Kind: 'deletion', Content: '  ' })).toMatchObject({ Code: 400, Message: '请说明您的请求内容' });
    expect(await ask({ Kind: 'deletion', Content: '字'.repeat(1001) })).toMatchObject({ Code: 400 });
    const asked = await ask({ Kind: 'correction', Content: '联络人应为孙联络' });
    expect(asked).toMatchObject({ Code: 200, Message: '请求已提交，协会将在15个工作日内答复' });
    expect((await ask({ Kind: 'deletion', Content: '删除我的留言' })).Code).toBe(200);
    expect((await ask({ Kind: 'access', Content: '请提供登录记录' })).Code).toBe(200);
    expect(await ask({ Kind: 'access', Content: '再要一份' })).toMatchObject({ Code: 400, Message: '您已有3项请求在办理中，请等待答复后再提交' });
    const [latest] = (await mine()).Data;
    expect(latest).toMatchObject({ Kind: 'access', KindName: '查阅复制', Status: 0, StatusName: '办理中', DueTime: '2024-07-08 23:59:59', Overdue: false });
    expect((await mine(other)).Data).toEqual([]);
  });

  it('queues them for staff by deadline, answers each once, and the member reads the answer', async () => {
    const listed = await queue();
    expect(listed.List.map((r) => [r.Account, r.KindName])).toEqual([
      ['holder', '更正补充'],
      ['holder', '删除'],
      ['holder', '查阅复制'],
    ]);
    const correction = listed.List[0]!;
    expect(await handle({ Id: correction.Id, Status: 3, Answer: '好' })).toMatchObject({ Code: 400, Message: '请选择办理结果：已办结或不予办理' });
    expect(await handle({ Id: correction.Id, Status: 1, Answer: ' ' })).toMatchObject({ Code: 400, Message: '请填写办理结果或不予办理的理由' });
    expect(await handle({ Id: 99999, Status: 1, Answer: '已更正' })).toMatchObject({ Code: 404, Message: '该请求不存在' });
    expect((await handle({ Id: correction.Id, Status: 1, Answer: '已将联络人更正为孙联络' })).Code).toBe(200);
    expect(await handle({ Id: correction.Id, Status: 2, Answer: '改主意' })).toMatchObject({ Code: 400, Message: '该请求已办理完毕' });
    const answered = (await mine()).Data.find((r) => r.Id === correction.Id);
    expect(answered).toMatchObject({ Status: 1, StatusName: '已办结', Answer: '已将联络人更正为孙联络', HandleTime: '2024-06-17 10:00:00' });
    expect((await queue('?status=1')).List.map((r) => r.Id)).toEqual([correction.Id]);
    // The refusals are logged as failures; the answer once, as done.
    const audit = await t.app.services.database.db
      .selectFrom('audit_logs')
      .select(['action', 'detail'])
      .where('target', '=', '个人信息请求')
      .where('result', '=', 1)
      .execute();
    expect(audit).toEqual([{ action: 'system:rights:handle', detail: 'holder的更正补充请求：已办结' }]);
  });

  it('marks a request past its deadline overdue', async () => {
    clock.advance(22 * 86_400_000);
    // Sessions ended meanwhile: staff sign in again.
    admin = await loginAdmin(t);
    const pending = (await queue('?status=0')).List;
    expect(pending.every((r) => r.Overdue)).toBe(true);
  });

  it('is open to an applicant with the application token: their data and their requests', async () => {
    const types = await seedTypeChoices(t);
    await submitApplication(t, applicationForm(types, 'rights_applicant', { OperatorPhone: '13933334444' }));
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/XfWebApi/GetLoginToken',
      headers: freshAddress(),
      payload: { str1: 'rights_applicant', str2: MEMBER_PASSWORD },
    });
    const { Code, Token } = signIn.json<{ Code: number; Token: string }>();
    expect(Code).toBe(510);
    const data = await publicCall<MyDataDto>(t, Token, 'GET', 'GetMyData');
    expect(data.Data.Sections.find((s) => s.Name === '会员资料')!.Rows).toEqual(expect.arrayContaining([['手机号码', '13933334444']]));
    expect((await ask({ Kind: 'deletion', Content: '申请已撤回，请删除我的资料' }, Token)).Code).toBe(200);
    expect((await mine(Token)).Data.map((r) => r.KindName)).toEqual(['删除']);
  });

  it('is for staff granted the queue, and reaches an existing install', async () => {
    await createAdmin(t, admin, 'editor_r', '内容编辑');
    const editor = await loginAdmin(t, 'editor_r');
    expect((await adminCall(t, editor, 'GET', '/api/XfSysBussiness/GetRightsRequestList')).Code).toBe(403);
    expect((await handle({ Id: 1, Status: 1, Answer: '好' }, editor)).Code).toBe(403);
    const { before, after } = await offeredAgain(t, 'system:rights:');
    expect(before.map((m) => m.perms)).toEqual(['system:rights:list', 'system:rights:handle']);
    expect(after.map((m) => [m.perms, m.menu_type])).toEqual([
      ['system:rights:list', 2],
      ['system:rights:handle', 3],
    ]);
    expect(await menuEntries(t, 'system:rights:')).toEqual(after);
    const own = (await adminCall<SystemMenuDto[]>(t, admin, 'GET', '/api/XfSystemApi/GetSystemMenuList')).Data;
    const page = own.find((m) => m.menuname === '系统管理')?.children.find((m) => m.menuname === '个人信息请求');
    expect(page).toMatchObject({ path: 'system/rights', component: 'system/rights/index', icon: 'SolutionOutlined' });
  });
});

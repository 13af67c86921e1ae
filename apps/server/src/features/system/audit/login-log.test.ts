import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cstDate, type ListDto, type LoginLogDto, type Permission } from '@portal/shared';
import { ADMIN_PASSWORD, adminCall, captcha, createAdmin, createAdminTestApp, loginAdmin, testClock } from '../../../../test/admin.js';
import { engines, envelope, type TestApp } from '../../../../test/harness.js';
import { addMember, applicationForm, MEMBER_PASSWORD, seedTypeChoices, submitApplication } from '../../../../test/members.js';
import { readSheet } from '../../../../test/xlsx.js';

const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';
const CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';
const DAY = 86_400_000;

describe.each(engines)('登录日志 on %s', (engine) => {
  const clock = testClock();
  let t: TestApp;
  let admin: string;

  /** A back-office sign-in from a browser and address of the test's choosing. */
  const adminSignIn = async (account: string, password: string, agent: string, ip = '10.1.0.1') => {
    const { ticket, answer } = await captcha(t);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/XfSystemApi/Login',
      headers: { 'user-agent': agent, 'x-forwarded-for': ip },
      payload: { Account: account, Password: password, TreeCode: answer, FullName: ticket },
    });
    return envelope<string>(res);
  };
  const memberSignIn = async (account: string, password: string, agent: string) =>
    envelope<string>(
      await t.app.inject({
        method: 'POST',
        url: '/api/XfWebApi/GetLoginToken',
        headers: { 'user-agent': agent, 'x-forwarded-for': '10.2.0.1' },
        payload: { str1: account, str2: password },
      }),
    );
  const logs = (query = '', as = admin) => adminCall<ListDto<LoginLogDto>>(t, as, 'GET', `/api/XfSystemApi/GetLoginLogList${query}`);

  beforeAll(async () => {
    t = await createAdminTestApp(engine, { now: clock.now });
    admin = await loginAdmin(t);
    const types = await seedTypeChoices(t);
    await addMember(t, admin, types, 'logmember');
    await submitApplication(t, applicationForm(types, 'applicant1'));
    // Everything before this point happened a day earlier.
    clock.advance(DAY);
    await t.app.services.database.db.deleteFrom('login_logs').execute();
    admin = (await adminSignIn('admin', ADMIN_PASSWORD, FIREFOX)).Data;
  });
  afterAll(() => t.close());

  it('records a back-office sign-in, right or wrong, with the address and the browser', async () => {
    expect((await adminSignIn('admin', 'wrong-password1', CHROME, '10.1.0.2')).Message).toBe('账号或密码错误');
    expect((await adminSignIn('nobody', 'wrong-password1', CHROME, '10.1.0.2')).Message).toBe('账号或密码错误');
    const { Data } = await logs('?kind=admin');
    expect(Data.TotalCount).toBe(3);
    const [unknown, wrong, ok] = Data.List;
    expect(ok).toMatchObject({ Kind: 'admin', KindName: '后台', Account: 'admin', Result: 1, Detail: '', Ip: '10.1.0.1', UserAgent: FIREFOX });
    expect(wrong).toMatchObject({ Account: 'admin', Result: 0, Detail: '密码错误', Ip: '10.1.0.2', UserAgent: CHROME });
    expect(unknown).toMatchObject({ Account: 'nobody', Result: 0, Detail: '账号不存在' });
    expect(ok?.CreateTime.slice(0, 10)).toBe(cstDate(clock.now()));
  });

  it('records member sign-ins (GetLoginToken): success, wrong password, an applicant under review', async () => {
    expect((await memberSignIn('logmember', MEMBER_PASSWORD, CHROME)).Code).toBe(200);
    expect((await memberSignIn('LOGMEMBER', 'Wrong2024pass', CHROME)).Message).toBe('账号或密码错误');
    expect((await memberSignIn('applicant1', MEMBER_PASSWORD, FIREFOX)).Code).toBe(510);
    const { Data } = await logs('?kind=member');
    expect(Data.TotalCount).toBe(3);
    expect(Data.List).toMatchObject([
      { Kind: 'member', KindName: '会员', Account: 'applicant1', Result: 1, Detail: '入会申请审核中，请耐心等待', UserAgent: FIREFOX },
      { Account: 'LOGMEMBER', Result: 0, Detail: '密码错误', Ip: '10.2.0.1' },
      { Account: 'logmember', Result: 1, Detail: '', UserAgent: CHROME },
    ]);
  });

  it('records the lock with the guess that starts it, and the refusals while it holds', async () => {
    for (let i = 0; i < 5; i++) await memberSignIn('locked1', 'Wrong2024pass', CHROME);
    expect((await memberSignIn('locked1', MEMBER_PASSWORD, CHROME)).Message).toMatch(/账号已锁定/);
    const { Data } = await logs('?account=locked1');
    expect(Data.List.map((l) => l.Detail)).toEqual(['账号已锁定', '账号不存在，账号已锁定', '账号不存在', '账号不存在', '账号不存在', '账号不存在']);
  });

  it('keeps the browser without control or invisible characters, and cut to 300 characters', async () => {
    // Fastify's parser refuses most control bytes in headers; what gets through is cleaned.
    await memberSignIn('agent1', 'Wrong2024pass', `Evil\u202Egpj.exe\tBrowser ${'x'.repeat(400)}`);
    const [entry] = (await logs('?account=agent1')).Data.List;
    expect(entry?.UserAgent).toHaveLength(300);
    expect(entry?.UserAgent.startsWith('Evil gpj.exe Browser xxx')).toBe(true);
  });

  it('filters by account, kind, result and CST day range, paged in SQL', async () => {
    const all = (await logs()).Data.TotalCount;
    expect(all).toBe(13);
    expect((await logs('?result=1')).Data.TotalCount).toBe(3);
    expect((await logs('?result=0&kind=admin')).Data.TotalCount).toBe(2);
    expect((await logs('?account=member')).Data.TotalCount).toBe(2);
    expect((await logs('?account=%25')).Data.TotalCount).toBe(0);
    const today = cstDate(clock.now());
    expect((await logs(`?start=${today}&end=${today}`)).Data.TotalCount).toBe(all);
    expect((await logs(`?end=${cstDate(clock.now() - DAY)}`)).Data.TotalCount).toBe(0);
    expect((await logs('?kind=robot')).Message).toBe('参数错误');
    expect((await logs('?result=2')).Message).toBe('参数错误');
    expect((await logs('?start=2024/01/01')).Message).toBe('日期格式应为yyyy-MM-dd');
    const page = await logs('?kind=admin&pageindex=2&pagesize=2');
    expect(page.Data.TotalCount).toBe(3);
    expect(page.Data.List.map((l) => l.Detail)).toEqual(['']);
  });

  it('exports the current search as .xlsx, audited', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/XfSystemApi/ExportLoginLogList?kind=admin', headers: { token: admin } });
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(res.headers['content-disposition']).toContain(`filename*=UTF-8''${encodeURIComponent('登录日志.xlsx')}`);
    const rows = await readSheet(res.rawPayload);
    expect(rows[0]).toEqual(['时间', '类型', '账号', '结果', '说明', 'IP', '浏览器']);
    expect(rows.slice(1).map((r) => r.slice(1))).toEqual(
      [
        ['后台', 'nobody', '失败', '账号不存在', '10.1.0.2', CHROME],
        ['后台', 'admin', '失败', '密码错误', '10.1.0.2', CHROME],
        ['后台', 'admin', '成功', '', '10.1.0.1', FIREFOX],
      ].map((r) => r.map((cell) => (cell === '' ? undefined : cell))),
    );
    const audit = await adminCall<ListDto<{ Detail: string; Result: number }>>(
      t,
      admin,
      'GET',
      '/api/XfSystemApi/GetAuditLogList?action=system:loginlog:export',
    );
    expect(audit.Data.List[0]).toMatchObject({ Detail: '导出登录日志', Result: 1 });
  });

  it('refuses the list without system:loginlog:list and the export without system:loginlog:export', async () => {
    const grant = async (roleName: string, perms: Permission[]) => {
      const menus = await t.app.services.database.db.selectFrom('system_menus').select('id').where('perms', 'in', perms).execute();
      expect(menus).toHaveLength(perms.length);
      expect((await adminCall(t, admin, 'POST', '/api/XfSystemApi/SaveRole', { RoleName: roleName, MenuIds: menus.map((m) => m.id) })).Code).toBe(200);
    };
    await grant('日志只读', ['system:loginlog:list']);
    await createAdmin(t, admin, 'logreader', '日志只读');
    await createAdmin(t, admin, 'logeditor', '内容编辑');
    const reader = await loginAdmin(t, 'logreader');
    const editor = await loginAdmin(t, 'logeditor');
    const forbidden = { Code: 403, Message: '当前操作没有权限' };
    expect((await logs('', reader)).Code).toBe(200);
    expect(await logs('', editor)).toMatchObject(forbidden);
    expect(await adminCall(t, reader, 'GET', '/api/XfSystemApi/ExportLoginLogList')).toMatchObject(forbidden);
    expect(await adminCall(t, undefined, 'GET', '/api/XfSystemApi/GetLoginLogList')).toMatchObject({ Code: 402 });
  });
});

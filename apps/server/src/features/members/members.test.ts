import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MemberListItemDto, MemberModelDto, MemberProfileDto } from '@portal/shared';
import { adminCall, createAdmin, createAdminTestApp, loginAdmin, testClock } from '../../../test/admin.js';
import { atOnce, sharingInstances } from '../../../test/concurrency.js';
import { createTestApp, engines, envelope, type TestApp } from '../../../test/harness.js';
import { passwordsBreakingPolicy, passwordsNowAllowed } from '../../../test/passwords.js';
import {
  addMember,
  applicationForm,
  loginMember,
  MEMBER_PASSWORD,
  memberLogin,
  publicCall,
  seedTypeChoices,
  submitApplication,
  type TypeChoices,
} from '../../../test/members.js';

const MINUTE = 60_000;
const SESSION_EXPIRED = { Code: 401, Message: '无效的会话，或者会话已过期，请重新登录', Data: null };
const ADMIN_SESSION_EXPIRED = { Code: 402, Message: '无效的会话，或者会话已过期，请重新登录', Data: null };
const FORBIDDEN = { Code: 403, Message: '当前操作没有权限', Data: null };

describe.each(engines)('members on %s', (engine) => {
  const clock = testClock();
  let t: TestApp;
  let admin: string;
  let editor: string;
  let types: TypeChoices;
  const ids = { alice: 0, bob: 0, carol: 0 };

  beforeAll(async () => {
    t = await createAdminTestApp(engine, { now: clock.now });
    admin = await loginAdmin(t);
    await createAdmin(t, admin, 'editor1', '内容编辑');
    editor = await loginAdmin(t, 'editor1');
    types = await seedTypeChoices(t);
    for (const account of ['alice', 'bob', 'carol'] as const) ids[account] = await addMember(t, admin, types, account);
  });
  afterAll(() => t.close());

  const userInfo = (token: string | undefined) => publicCall<MemberProfileDto>(t, token, 'GET', 'GetUserInfo');
  const business = <T = unknown>(token: string | undefined, method: 'GET' | 'POST', url: string, payload?: Record<string, unknown>) =>
    adminCall<T>(t, token, method, `/api/XfSysBussiness/${url}`, payload);
  const model = async (id: number) => (await business<MemberModelDto>(admin, 'GET', `GetMemberModel/${id}`)).Data;

  describe('sign-in (GetLoginToken)', () => {
    it('asks for account and password (spec §5)', async () => {
      expect(await publicCall(t, undefined, 'POST', 'GetLoginToken', {})).toEqual({ Code: 400, Message: '请输入账号', Data: null });
      expect((await publicCall(t, undefined, 'POST', 'GetLoginToken', { str1: '  ', str2: 'x' })).Message).toBe('请输入账号');
      expect((await publicCall(t, undefined, 'POST', 'GetLoginToken', { str1: 'alice' })).Message).toBe('请输入密码');
      expect((await publicCall(t, undefined, 'GET', 'GetLoginToken?str1=alice&str2=')).Message).toBe('请输入密码');
    });

    it('takes str1/str2 as a query (GET) or a JSON body (POST); Data is a token that opens GetUserInfo', async () => {
      const byQuery = await publicCall<string>(t, undefined, 'GET', `GetLoginToken?str1=alice&str2=${MEMBER_PASSWORD}`);
      expect(byQuery).toMatchObject({ Code: 200, Message: '登录成功' });
      expect(byQuery.Data).toMatch(/^[\w-]{43}$/);
      const byBody = await memberLogin(t, ' alice ');
      expect(byBody.Code).toBe(200);
      expect(byBody.Data).not.toBe(byQuery.Data);
      // Parameter names in any case, as the original backend matched them.
      expect((await publicCall(t, undefined, 'GET', `GetLoginToken?STR1=alice&Str2=${MEMBER_PASSWORD}`)).Code).toBe(200);

      const info = await userInfo(byQuery.Data);
      expect(info.Code).toBe(200);
      expect(info.Data).toMatchObject({
        MemberId: ids.alice,
        Account: 'alice',
        MemberName: 'alice工程有限公司',
        CompanyType: types.companyType,
        CompanyTypeName: '施工企业',
        MemberLevel: types.memberLevel,
        MemberLevelName: '理事单位',
        LegalPerson: '张三',
        Email: 'alice@example.com',
        OperatorPhone: '13812345678',
        DailyOperator: '李四',
        ApplyState: 1,
        ApplyStateName: '已通过',
        ProcessItemName: '',
        // A password of the member's own: nothing to change first.
        MustChangePwd: false,
      });
      const { MustChangePwd: _mustChange, ...profile } = info.Data as Record<string, unknown>;
      expect(JSON.stringify(profile)).not.toMatch(/pwd|password|hash|scrypt/i);
    });

    it('gives the same answer for an unknown account and a wrong password', async () => {
      const unknown = await memberLogin(t, 'nobody');
      expect(unknown).toEqual({ Code: 400, Message: '账号或密码错误', Data: null });
      expect(await memberLogin(t, 'alice', 'wrong-password1')).toEqual(unknown);
      // A later success starts the count again.
      await loginMember(t, 'alice');
    });

    /** GetLoginToken from one address, on the given instance. */
    const from =
      (address: string, on = t) =>
      (password: string, account = 'carol') =>
        on.app
          .inject({ method: 'POST', url: '/api/XfWebApi/GetLoginToken', headers: { 'x-forwarded-for': address }, payload: { str1: account, str2: password } })
          .then((r) => envelope<string | null>(r));

    it('locks an account from one address for 10 minutes after 5 wrong passwords in a row, and audits the lock', async () => {
      const guesser = from('10.200.0.1');
      for (let i = 1; i <= 4; i++) expect((await guesser(`wrong-${i}a`)).Message).toBe('账号或密码错误');
      expect((await guesser('wrong-5a')).Message).toBe('登录失败次数过多，账号已锁定，请10分钟后再试');
      clock.advance(4 * MINUTE);
      expect((await guesser(MEMBER_PASSWORD)).Message).toBe('登录失败次数过多，账号已锁定，请6分钟后再试');
      // The owner elsewhere is not locked out, and other accounts are not affected.
      expect((await from('10.200.0.2')(MEMBER_PASSWORD)).Code).toBe(200);
      expect((await memberLogin(t, 'bob')).Code).toBe(200);
      // An account that does not exist locks in the same words, so the lock tells nothing.
      for (let i = 1; i <= 4; i++) await guesser(`wrong-${i}a`, 'no_such_member');
      expect((await guesser('wrong-5a', 'no_such_member')).Message).toBe('登录失败次数过多，账号已锁定，请10分钟后再试');
      clock.advance(6 * MINUTE);
      expect((await guesser(MEMBER_PASSWORD)).Code).toBe(200);

      const locks = await t.app.services.database.db
        .selectFrom('audit_logs')
        .select(['account', 'ip', 'result'])
        .where('action', '=', 'auth:memberLocked')
        .execute();
      expect(locks).toEqual([
        { account: 'carol', ip: '10.200.0.1', result: 0 },
        { account: 'no_such_member', ip: '10.200.0.1', result: 0 },
      ]);
    });

    it('checks at most 5 of 30 wrong passwords arriving at once, on either instance, and refuses the rest unchecked', async () => {
      const address = '10.200.1.1';
      const shared = await sharingInstances(t, { now: clock.now });
      try {
        const answers = await atOnce(shared.apps, 30, (on, i) => from(address, on)(`wrong-${i}a`, 'alice').then((a) => a.Message));
        expect(answers.filter((m) => m === '账号或密码错误')).toHaveLength(4);
        expect(answers.filter((m) => m !== '账号或密码错误')).toEqual(Array(26).fill('登录失败次数过多，账号已锁定，请10分钟后再试'));
      } finally {
        await shared.close();
      }
      // Five checked and found wrong, the fifth starting the lock (audited once); the other 25 never checked.
      const db = t.app.services.database.db;
      const logged = await db.selectFrom('login_logs').select('detail').where('kind', '=', 'member').where('ip', '=', address).execute();
      expect(logged.map((r) => r.detail).sort()).toEqual([...Array(4).fill('密码错误'), '密码错误，账号已锁定', ...Array(25).fill('账号已锁定')].sort());
      const locks = await db.selectFrom('audit_logs').select('account').where('action', '=', 'auth:memberLocked').where('ip', '=', address).execute();
      expect(locks).toEqual([{ account: 'alice' }]);
      expect((await from(address)(MEMBER_PASSWORD, 'alice')).Message).toBe('登录失败次数过多，账号已锁定，请10分钟后再试');
      expect((await memberLogin(t, 'alice')).Code).toBe(200);
    });

    it('finds the account whatever the letter case typed', async () => {
      expect((await memberLogin(t, 'ALICE')).Code).toBe(200);
    });
  });

  describe('sessions', () => {
    it('end at logout; a second logout says so', async () => {
      const token = await loginMember(t, 'alice');
      const other = await loginMember(t, 'alice');
      expect(await publicCall(t, token, 'POST', 'Logout')).toEqual({ Code: 200, Message: '退出成功', Data: null });
      expect(await userInfo(token)).toEqual(SESSION_EXPIRED);
      expect((await userInfo(other)).Code).toBe(200);
      expect(await publicCall(t, token, 'POST', 'Logout')).toEqual({ Code: 200, Message: '已退出登录', Data: null });
    });

    it('answer Code 401 on member calls without a member session: none, made up, or an admin token', async () => {
      for (const token of [undefined, 'made-up-token', admin]) {
        expect(await userInfo(token)).toEqual(SESSION_EXPIRED);
        expect(await publicCall(t, token, 'POST', 'EditMember', { DailyOperator: '王五', OperatorPhone: '13812345678' })).toEqual(SESSION_EXPIRED);
        expect(await publicCall(t, token, 'POST', 'EditMemberPwd', { Pwd: MEMBER_PASSWORD, Newpwd: 'Another-lamp-2024' })).toEqual(SESSION_EXPIRED);
      }
    });

    it('never open a back-office call with a member token (Code 402)', async () => {
      const token = await loginMember(t, 'alice');
      expect(await business(token, 'GET', 'GetMemberList')).toEqual(ADMIN_SESSION_EXPIRED);
      expect(await business(token, 'GET', `GetMemberModel/${ids.alice}`)).toEqual(ADMIN_SESSION_EXPIRED);
      expect(await business(token, 'POST', 'EditMemberStatus', { MemberId: ids.alice, Status: 0 })).toEqual(ADMIN_SESSION_EXPIRED);
      expect(await adminCall(t, token, 'GET', '/api/XfSystemApi/GetLoginUser')).toEqual(ADMIN_SESSION_EXPIRED);
      expect((await model(ids.alice)).Status).toBe(1);
    });
  });

  describe('profile (EditMember)', () => {
    const edit = (token: string, payload: Record<string, unknown>) => publicCall(t, token, 'POST', 'EditMember', payload);

    it('requires contact person and phone (spec §5) and checks the phone rule', async () => {
      const token = await loginMember(t, 'bob');
      expect(await edit(token, { OperatorPhone: '13812345678' })).toEqual({ Code: 400, Message: '请输入联络人', Data: null });
      expect((await edit(token, { DailyOperator: '  ', OperatorPhone: '13812345678' })).Message).toBe('请输入联络人');
      expect((await edit(token, { DailyOperator: '王五' })).Message).toBe('请输入联系电话');
      expect((await edit(token, { DailyOperator: '王五', OperatorPhone: ' ' })).Message).toBe('请输入联系电话');
      for (const phone of ['12812345678', '1381234567', '138123456789', 'abc', '010-123']) {
        expect((await edit(token, { DailyOperator: '王五', OperatorPhone: phone })).Message, phone).toBe('请输入正确电话号码');
      }
      expect((await edit(token, { DailyOperator: '王五', OperatorPhone: '13812345678', Email: 'not-an-email' })).Message).toBe('请输入正确邮箱');
      expect((await edit(token, { DailyOperator: '王五', OperatorPhone: '13812345678', LegalPerson: '' })).Message).toBe('请输入负责人');
      expect((await edit(token, { DailyOperator: 'x'.repeat(51), OperatorPhone: '13812345678' })).Message).toBe('联络人不能超过50个字');
      expect((await edit(token, { DailyOperator: '王五', OperatorPhone: '13812345678', Mainbusiness: '业'.repeat(501) })).Message).toBe(
        '主营业务不能超过500个字',
      );
      expect((await edit(token, { DailyOperator: 42, OperatorPhone: '13812345678' })).Message).toBe('请输入联络人');
    });

    it('saves trimmed details, keeps what is left out, and ignores Account, MemberName, type and level', async () => {
      const token = await loginMember(t, 'bob');
      const before = await model(ids.bob);
      const saved = await edit(token, {
        DailyOperator: ' 王五 ',
        OperatorPhone: '010-68512376-123',
        RegAddress: '  上海市浦东新区  ',
        Remarks: '<script>alert(1)</script><b>加粗</b>',
        Account: 'hijacked',
        MemberName: '改名公司',
        CompanyType: types.disabledCompanyType,
        MemberLevel: 9999,
        MemberId: ids.alice,
      });
      expect(saved).toEqual({ Code: 200, Message: '修改成功', Data: null });
      const after = (await userInfo(token)).Data;
      expect(after).toMatchObject({
        Account: 'bob',
        MemberName: before.MemberName,
        CompanyType: types.companyType,
        MemberLevel: types.memberLevel,
        DailyOperator: '王五',
        OperatorPhone: '010-68512376-123',
        RegAddress: '上海市浦东新区',
        // Plain-text fields keep markup as text; the client shows it as text.
        Remarks: '<script>alert(1)</script><b>加粗</b>',
        Email: before.Email,
        LegalPerson: before.LegalPerson,
        Mainbusiness: before.Mainbusiness,
      });
      // The MemberId in the body named someone else: only the caller's own record changed.
      expect(await model(ids.alice)).toMatchObject({ DailyOperator: '李四', OperatorPhone: '13812345678', Remarks: '' });
    });
  });

  describe('password (EditMemberPwd)', () => {
    const change = (token: string, payload: Record<string, unknown>) => publicCall(t, token, 'POST', 'EditMemberPwd', payload);

    it('validates with the spec §5 messages and the password policy', async () => {
      const token = await loginMember(t, 'carol');
      expect(await change(token, { Newpwd: 'abc-river-12345' })).toEqual({ Code: 400, Message: '请输入旧密码', Data: null });
      expect((await change(token, { Pwd: MEMBER_PASSWORD })).Message).toBe('请输入新密码');
      expect((await change(token, { Pwd: MEMBER_PASSWORD, Newpwd: 'abc-river-12345', againNewpwd: 'abc-river-12346' })).Message).toBe('两次输入密码不一致！');
      for (const { password, message } of passwordsBreakingPolicy('carol')) {
        expect((await change(token, { Pwd: MEMBER_PASSWORD, Newpwd: password })).Message, password).toBe(message);
      }
      expect((await change(token, { Pwd: 'not-my-password1', Newpwd: 'abc-river-12345' })).Message).toBe('旧密码错误');
      expect((await change(token, { Pwd: MEMBER_PASSWORD, Newpwd: MEMBER_PASSWORD })).Message).toBe('新密码不能与旧密码相同');
    });

    it('takes any password the policy allows and signs in with it exactly as typed, spaces kept', async () => {
      let current = MEMBER_PASSWORD;
      for (const password of passwordsNowAllowed) {
        const token = await loginMember(t, 'carol', current);
        expect((await change(token, { Pwd: current, Newpwd: password })).Message).toBe('修改成功');
        if (password !== password.trim()) expect((await memberLogin(t, 'carol', password.trim())).Message).toBe('账号或密码错误');
        current = password;
      }
      expect((await change(await loginMember(t, 'carol', current), { Pwd: current, Newpwd: MEMBER_PASSWORD })).Code).toBe(200);
      // Longer than any password can be: refused like a wrong one, without hashing it.
      expect((await memberLogin(t, 'carol', 'x'.repeat(129))).Message).toBe('账号或密码错误');
    });

    it('changes the password and ends the member’s other sessions', async () => {
      const current = await loginMember(t, 'carol');
      const elsewhere = await loginMember(t, 'carol');
      const bob = await loginMember(t, 'bob');
      expect(await change(current, { Pwd: MEMBER_PASSWORD, Newpwd: 'Changed-lamp-2024', againNewpwd: 'Changed-lamp-2024' })).toEqual({
        Code: 200,
        Message: '修改成功',
        Data: null,
      });
      expect((await userInfo(current)).Code).toBe(200);
      expect(await userInfo(elsewhere)).toEqual(SESSION_EXPIRED);
      expect((await userInfo(bob)).Code).toBe(200);
      expect((await memberLogin(t, 'carol')).Message).toBe('账号或密码错误');
      const fresh = await loginMember(t, 'carol', 'Changed-lamp-2024');
      // Without againNewpwd, as the spec's client sends it.
      expect((await change(fresh, { Pwd: 'Changed-lamp-2024', Newpwd: MEMBER_PASSWORD })).Code).toBe(200);
    });

    it('counts wrong old passwords toward the sign-in lockout, and the locking guess ends the member’s sessions', async () => {
      const session = await loginMember(t, 'bob');
      const guess = (old: string) =>
        t.app
          .inject({
            method: 'POST',
            url: '/api/XfWebApi/EditMemberPwd',
            headers: { token: session, 'x-forwarded-for': '10.201.0.1' },
            payload: { Pwd: old, Newpwd: 'Guessed-lamp-2024', againNewpwd: 'Guessed-lamp-2024' },
          })
          .then((r) => envelope(r));
      for (let i = 1; i <= 4; i++) expect((await guess(`wrong-${i}a`)).Message).toBe('旧密码错误');
      expect((await guess('wrong-5a')).Message).toBe('登录失败次数过多，账号已锁定，请10分钟后再试');
      expect(await userInfo(session)).toEqual(SESSION_EXPIRED);
      const signIn = await t.app.inject({
        method: 'POST',
        url: '/api/XfWebApi/GetLoginToken',
        headers: { 'x-forwarded-for': '10.201.0.1' },
        payload: { str1: 'bob', str2: MEMBER_PASSWORD },
      });
      expect(envelope(signIn).Message).toBe('登录失败次数过多，账号已锁定，请10分钟后再试');
      expect((await memberLogin(t, 'bob')).Code).toBe(200);
    });
  });

  describe('back office', () => {
    it('EditMemberInfo adds an approved member (Account and Pwd required) and records it in the audit log', async () => {
      const add = (payload: Record<string, unknown>) =>
        business<number>(admin, 'POST', 'EditMemberInfo', { ...applicationForm(types, 'dave'), MemberId: 0, ...payload });
      expect((await add({ Account: '' })).Message).toBe('请输入账号');
      expect((await add({ Account: 'd a' })).Message).toBe('账号为3-32位字母、数字或下划线');
      expect((await add({ Pwd: '' })).Message).toBe('请输入密码');
      expect((await add({ Pwd: 'weak' })).Message).toBe('密码至少12位');
      expect((await add({ Account: 'alice' })).Message).toBe('账号已存在');
      const added = await add({ RegCapital: '5000', StaffCount: 120, JoinDate: '2020-01-15', MemberName: '  大卫公司  ' });
      expect(added.Code, added.Message).toBe(200);
      expect(await model(added.Data)).toMatchObject({
        Account: 'dave',
        MemberName: '大卫公司',
        ApplyState: 1,
        Status: 1,
        RegCapital: 5000,
        StaffCount: 120,
        JoinDate: '2020-01-15',
        ExpireDate: '',
      });
      expect((await loginMember(t, 'dave')).length).toBeGreaterThan(0);
      const audit = await t.app.services.database.db.selectFrom('audit_logs').selectAll().where('action', '=', 'member:add').execute();
      expect(audit.filter((a) => a.result === 1).map((a) => a.detail)).toEqual(['alice', 'bob', 'carol', 'dave']);
      expect(audit.filter((a) => a.result === 0).map((a) => a.detail)).toEqual(['账号已存在']);
    });

    it('EditMemberInfo applies the password policy to a new member and to a reset, against the account kept', async () => {
      const add = (Pwd: string) => business(admin, 'POST', 'EditMemberInfo', { ...applicationForm(types, 'frank'), MemberId: 0, Pwd });
      for (const { password, message } of passwordsBreakingPolicy('frank')) expect((await add(password)).Message, password).toBe(message);
      expect(await t.app.services.database.db.selectFrom('members').select('id').where('account', '=', 'frank').executeTakeFirst()).toBeUndefined();
      // The Account sent with a reset is ignored: the password must not hold the member's own.
      const reset = (Pwd: string) => business(admin, 'POST', 'EditMemberInfo', { ...applicationForm(types, 'renamed'), MemberId: ids.bob, Pwd });
      for (const { password, message } of passwordsBreakingPolicy('bob')) expect((await reset(password)).Message, password).toBe(message);
      expect((await memberLogin(t, 'bob')).Code).toBe(200);
    });

    it('EditMemberInfo checks numbers (integers 0–999999), dates, type choices and sizes', async () => {
      const edit = (payload: Record<string, unknown>) =>
        business(admin, 'POST', 'EditMemberInfo', { ...applicationForm(types, 'alice'), MemberId: ids.alice, Pwd: '', ...payload });
      for (const value of [-1, 1_000_000, 1.5, 'abc']) expect((await edit({ RegCapital: value })).Message, String(value)).toBe('注册资本应为0-999999的整数');
      expect((await edit({ StaffCount: 1_000_000 })).Message).toBe('职工人数应为0-999999的整数');
      expect((await edit({ ExpireDate: '2025/01/01' })).Message).toBe('日期格式应为yyyy-MM-dd');
      expect((await edit({ CompanyType: types.memberLevel })).Message).toBe('所选单位归类不存在');
      expect((await edit({ CompanyType: types.disabledCompanyType })).Message).toBe('所选单位归类不存在');
      expect((await edit({ MemberLevel: types.otherType })).Message).toBe('所选会员等级不存在');
      expect((await edit({ CompanyType: '' })).Message).toBe('请选择单位归类');
      expect((await edit({ MemberName: '公'.repeat(101) })).Message).toBe('公司名称不能超过100个字');
      expect((await edit({ FilePath: 'https://evil.example/x.pdf' })).Message).toBe('附件无效，请重新上传');
      expect(await business(admin, 'POST', 'EditMemberInfo', { ...applicationForm(types, 'x'), MemberId: 99999, Pwd: '' })).toEqual({
        Code: 404,
        Message: '会员不存在',
        Data: null,
      });
      expect((await edit({ RegCapital: 999_999, StaffCount: 0, ExpireDate: '2030-12-31' })).Code).toBe(200);
      expect(await model(ids.alice)).toMatchObject({ RegCapital: 999_999, StaffCount: 0, ExpireDate: '2030-12-31' });
    });

    it('EditMemberInfo keeps the Account; a new Pwd resets the password and ends the member’s sessions', async () => {
      const token = await loginMember(t, 'alice');
      const saved = await business(admin, 'POST', 'EditMemberInfo', { ...applicationForm(types, 'renamed'), MemberId: ids.alice, Pwd: 'Reset-lamp-2024' });
      expect(saved).toEqual({ Code: 200, Message: '操作成功', Data: ids.alice });
      expect((await model(ids.alice)).Account).toBe('alice');
      expect(await userInfo(token)).toEqual(SESSION_EXPIRED);
      expect((await memberLogin(t, 'alice')).Message).toBe('账号或密码错误');
      const fresh = await loginMember(t, 'alice', 'Reset-lamp-2024');
      // Without Pwd nothing about the password changes.
      await business(admin, 'POST', 'EditMemberInfo', { ...applicationForm(types, 'alice'), MemberId: ids.alice, Pwd: '' });
      expect((await userInfo(fresh)).Code).toBe(200);
      await publicCall(t, fresh, 'POST', 'EditMemberPwd', { Pwd: 'Reset-lamp-2024', Newpwd: MEMBER_PASSWORD });
    });

    it('EditMemberStatus disables a member at once and enables them again', async () => {
      const token = await loginMember(t, 'bob');
      expect((await business(admin, 'POST', 'EditMemberStatus', { MemberId: ids.bob, Status: 2 })).Message).toBe('状态只能是0或1');
      expect((await business(admin, 'POST', 'EditMemberStatus', { MemberId: 99999, Status: 0 })).Message).toBe('会员不存在');
      expect(await business(admin, 'POST', 'EditMemberStatus', { MemberId: ids.bob, Status: 0 })).toEqual({ Code: 200, Message: '操作成功', Data: null });
      expect(await userInfo(token)).toEqual(SESSION_EXPIRED);
      expect(await memberLogin(t, 'bob')).toEqual({ Code: 400, Message: '账号已停用，请联系管理员', Data: null });
      // A wrong password is still just wrong: the state is told only to the holder of the password.
      expect((await memberLogin(t, 'bob', 'wrong-password1')).Message).toBe('账号或密码错误');
      expect((await business(admin, 'POST', 'EditMemberStatus', { MemberId: ids.bob, Status: '1' })).Code).toBe(200);
      expect((await memberLogin(t, 'bob')).Code).toBe(200);
      expect((await model(ids.bob)).Status).toBe(1);
    });

    it('GetMemberList filters by state, status, keyword, type, level and date; paged newest first', async () => {
      const list = async (query: string) => (await business<{ List: MemberListItemDto[]; TotalCount: number }>(admin, 'GET', `GetMemberList?${query}`)).Data;
      const form = (account: string) => applicationForm(types, account, { MemberName: `${account}保险经纪有限公司` });
      await submitApplication(t, form('pending1'));
      clock.advance(MINUTE);
      await submitApplication(t, form('pending2'));
      await business(admin, 'POST', 'EditMemberStatus', { MemberId: ids.carol, Status: 0 });

      const all = await list('pagesize=100');
      expect(all.TotalCount).toBe(all.List.length);
      expect(all.List.slice(0, 2).map((m) => m.Account)).toEqual(['pending2', 'pending1']);
      expect(all.List[0]).toMatchObject({ ApplyState: 0, ApplyStateName: '审核中', Status: 1, CompanyTypeName: '施工企业', MemberLevelName: '理事单位' });
      expect(JSON.stringify(all.List)).not.toMatch(/pwd|password|hash/i);

      expect((await list('applystate=0')).List.map((m) => m.Account)).toEqual(['pending2', 'pending1']);
      expect((await list('ApplyState=1&pagesize=100')).List.every((m) => m.ApplyState === 1)).toBe(true);
      expect((await list('status=0')).List.map((m) => m.Account)).toEqual(['carol']);
      expect((await list('key=保险经纪')).TotalCount).toBe(2);
      expect((await list('key=pending2')).List.map((m) => m.Account)).toEqual(['pending2']);
      expect((await list('key=%25')).TotalCount).toBe(0);
      expect((await list(`companytype=${types.companyType}&memberlevel=${types.memberLevel}&pagesize=100`)).TotalCount).toBe(all.TotalCount);
      expect((await list(`memberlevel=${types.otherType}`)).TotalCount).toBe(0);
      expect((await list('start=2024-06-01&end=2099-12-31')).TotalCount).toBe(all.TotalCount);
      expect((await list('start=2099-01-01')).TotalCount).toBe(0);
      expect((await list('end=2000-01-01')).TotalCount).toBe(0);
      const page = await list('pagesize=2&pageindex=2');
      expect(page.List.map((m) => m.Account)).toEqual(all.List.slice(2, 4).map((m) => m.Account));
      expect(page.TotalCount).toBe(all.TotalCount);
      for (const bad of ['applystate=3', 'status=2', 'companytype=abc', 'start=yesterday']) {
        expect((await business(admin, 'GET', `GetMemberList?${bad}`)).Code, bad).toBe(400);
      }
      await business(admin, 'POST', 'EditMemberStatus', { MemberId: ids.carol, Status: 1 });
    });

    it('GetMemberModel answers every field and 404 for an unknown member', async () => {
      const m = await model(ids.carol);
      expect(m).toMatchObject({
        MemberId: ids.carol,
        Account: 'carol',
        FilePath: '',
        FileUrl: '',
        Status: 1,
        ProcessItemName: '',
        LastLoginTime: expect.any(String),
      });
      expect(Object.keys(m).sort()).toEqual(
        [
          'MemberId',
          'Account',
          'MemberName',
          'CompanyType',
          'CompanyTypeName',
          'MemberLevel',
          'MemberLevelName',
          'CompanyMent',
          'Mainbusiness',
          'RegAddress',
          'DailyOperator',
          'OperatorPhone',
          'Remarks',
          'LegalPerson',
          'Email',
          'FilePath',
          'FileUrl',
          'FileName',
          'ApplyState',
          'ApplyStateName',
          'ProcessItemName',
          'ApplyTime',
          'CreateTime',
          'MustChangePwd',
          'Status',
          'RegCapital',
          'StaffCount',
          'JoinDate',
          'ExpireDate',
          'LastLoginTime',
          'UpdateTime',
          'DirectoryListed',
          'DirectoryContacts',
          'Website',
          'Region',
        ].sort(),
      );
      expect(await business(admin, 'GET', 'GetMemberModel/99999')).toEqual({ Code: 404, Message: '会员不存在', Data: null });
      expect((await business(admin, 'GET', 'GetMemberModel/abc')).Code).toBe(400);
    });

    it('counts approved members and pending applications on the dashboard', async () => {
      const dashboard = await adminCall<{ MemberCount: number; PendingApplicationCount: number }>(t, admin, 'GET', '/api/XfSystemApi/GetDashboard');
      const pending = (await business<{ TotalCount: number }>(admin, 'GET', 'GetMemberList?applystate=0')).Data.TotalCount;
      const approved = (await business<{ TotalCount: number }>(admin, 'GET', 'GetMemberList?applystate=1')).Data.TotalCount;
      expect(dashboard.Data).toMatchObject({ MemberCount: approved, PendingApplicationCount: pending });
      expect(pending).toBeGreaterThan(0);
    });

    it('refuses admins without the member permissions (403) and callers without an admin session (402)', async () => {
      const calls: [method: 'GET' | 'POST', url: string, payload?: Record<string, unknown>][] = [
        ['GET', 'GetMemberList'],
        ['GET', `GetMemberModel/${ids.alice}`],
        ['POST', 'EditMemberInfo', { ...applicationForm(types, 'eve'), MemberId: 0 }],
        ['POST', 'EditMemberInfo', { ...applicationForm(types, 'alice'), MemberId: ids.alice, Pwd: '' }],
        ['POST', 'EditMemberStatus', { MemberId: ids.alice, Status: 0 }],
      ];
      const member = await loginMember(t, 'alice');
      for (const [method, url, payload] of calls) {
        expect(await business(editor, method, url, payload), url).toEqual(FORBIDDEN);
        expect(await business(member, method, url, payload), url).toEqual(ADMIN_SESSION_EXPIRED);
        expect(await business(undefined, method, url, payload), url).toEqual(ADMIN_SESSION_EXPIRED);
      }
      expect((await model(ids.alice)).Status).toBe(1);
      expect((await memberLogin(t, 'eve')).Message).toBe('账号或密码错误');
    });
  });

  // Last: moving the clock by days ends the admin sessions the tests above use.
  describe('session lifetimes', () => {
    it('end after 12 hours without calls and 7 days after sign-in', async () => {
      const idle = await loginMember(t, 'alice');
      clock.advance(12 * 60 * MINUTE - MINUTE);
      expect((await userInfo(idle)).Code).toBe(200);
      clock.advance(12 * 60 * MINUTE + MINUTE);
      expect(await userInfo(idle)).toEqual(SESSION_EXPIRED);

      const active = await loginMember(t, 'alice');
      for (let hours = 10; hours < 7 * 24; hours += 10) {
        clock.advance(10 * 60 * MINUTE);
        expect((await userInfo(active)).Code).toBe(200);
      }
      clock.advance(10 * 60 * MINUTE);
      expect(await userInfo(active)).toEqual(SESSION_EXPIRED);
    });
  });
});

describe.each(engines)('member sign-in throttling on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine, { adminSession: { idleMinutes: 120, maxHours: 12, loginsPerMinute: 3 } });
  });
  afterAll(() => t.close());

  it('answers Code 429 after too many attempts from one address', async () => {
    const attempt = (address: string) =>
      t.app.inject({ method: 'GET', url: '/api/XfWebApi/GetLoginToken?str1=someone&str2=password1', headers: { 'x-forwarded-for': address } });
    for (let i = 0; i < 3; i++) expect(envelope(await attempt('10.1.1.1')).Message).toBe('账号或密码错误');
    const res = await attempt('10.1.1.1');
    expect(res.statusCode).toBe(429);
    expect(envelope(res)).toEqual({ Code: 429, Message: '请求过于频繁，请稍后再试', Data: null });
    expect(envelope(await attempt('10.1.1.2')).Message).toBe('账号或密码错误');
  });

  it('counts GET and POST attempts against one limit', async () => {
    const get = () =>
      t.app.inject({ method: 'GET', url: '/api/XfWebApi/GetLoginToken?str1=someone&str2=password1', headers: { 'x-forwarded-for': '10.1.2.1' } });
    const post = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/XfWebApi/GetLoginToken',
        headers: { 'x-forwarded-for': '10.1.2.1' },
        payload: { str1: 'someone', str2: 'password1' },
      });
    expect((await get()).statusCode).toBe(200);
    expect((await post()).statusCode).toBe(200);
    expect((await get()).statusCode).toBe(200);
    expect((await post()).statusCode).toBe(429);
    expect((await get()).statusCode).toBe(429);
  });
});

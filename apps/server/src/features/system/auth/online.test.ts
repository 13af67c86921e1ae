import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ListDto, OnlineSessionDto, Permission } from '@portal/shared';
import { ADMIN_PASSWORD, adminCall, captcha, createAdmin, createAdminTestApp, loginAdmin, testClock } from '../../../../test/admin.js';
import { engines, envelope, type TestApp } from '../../../../test/harness.js';
import { addMember, applicationForm, loginMember, MEMBER_PASSWORD, publicCall, seedTypeChoices, submitApplication } from '../../../../test/members.js';

const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';
const SAFARI = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 Version/17.5 Mobile/15E148 Safari/604.1';
const MINUTE = 60_000;

describe.each(engines)('在线用户 and 强制下线 on %s', (engine) => {
  const clock = testClock();
  let t: TestApp;
  let root: string;
  /** root's second session, from another browser. */
  let rootElsewhere: string;
  /** May list and end sessions; holds nothing else. */
  let watcher: string;
  let member: string;

  const signIn = async (account: string, agent: string, ip = '10.3.0.7') => {
    const { ticket, answer } = await captcha(t);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/XfSystemApi/Login',
      headers: { 'user-agent': agent, 'x-forwarded-for': ip },
      payload: { Account: account, Password: ADMIN_PASSWORD, TreeCode: answer, FullName: ticket },
    });
    const body = envelope<string>(res);
    expect(body.Code, body.Message).toBe(200);
    return body.Data;
  };
  const online = (as: string, query = '') => adminCall<ListDto<OnlineSessionDto>>(t, as, 'GET', `/api/XfSystemApi/GetOnlineList${query}`);
  const forceLogout = (as: string, Kind: string, SessionId: number) => adminCall(t, as, 'POST', '/api/XfSystemApi/ForceLogout', { Kind, SessionId });
  const sessionOf = async (as: string, account: string, query = '') => (await online(as, `${query}${query ? '&' : '?'}account=${account}`)).Data.List;

  beforeAll(async () => {
    t = await createAdminTestApp(engine, { now: clock.now });
    root = await loginAdmin(t);
    const menus = await t.app.services.database.db
      .selectFrom('system_menus')
      .select('id')
      .where('perms', 'in', ['system:online:list', 'system:online:forceLogout'] satisfies Permission[])
      .execute();
    expect((await adminCall(t, root, 'POST', '/api/XfSystemApi/SaveRole', { RoleName: '在线管理', MenuIds: menus.map((m) => m.id) })).Code).toBe(200);
    await createAdmin(t, root, 'watcher', '在线管理');
    await createAdmin(t, root, 'editor1', '内容编辑');
    watcher = await signIn('watcher', FIREFOX);
    clock.advance(2 * MINUTE);
    rootElsewhere = await signIn('admin', SAFARI);
    const types = await seedTypeChoices(t);
    await addMember(t, root, types, 'onlinemember');
    await submitApplication(t, applicationForm(types, 'onlineapplicant'));
    member = await loginMember(t, 'onlinemember');
    expect((await publicCall(t, undefined, 'POST', 'GetLoginToken', { str1: 'onlineapplicant', str2: MEMBER_PASSWORD })).Code).toBe(510);
  });
  afterAll(() => t.close());

  it('lists the live back-office sessions with role, address, browser and times, the caller’s own marked', async () => {
    const { Code, Data } = await online(root, '?kind=admin');
    expect(Code).toBe(200);
    const mine = Data.List.filter((s) => s.Account === 'admin');
    expect(mine).toHaveLength(2);
    expect(mine[0]).toMatchObject({ Kind: 'admin', Name: '超级管理员', RoleName: '超级管理员', Ip: '10.3.0.7', UserAgent: SAFARI, Current: false });
    expect(mine[0]?.LoginTime).toBe('2024-06-01 10:02:00');
    expect(mine[0]?.ExpireTime).toBe('2024-06-01 22:02:00');
    expect(mine[1]).toMatchObject({ Current: true, LoginTime: '2024-06-01 10:00:00' });
    expect((await sessionOf(root, 'watcher'))[0]).toMatchObject({ RoleName: '在线管理', UserAgent: FIREFOX, Current: false });
    // Most recently active first.
    expect(Data.List.map((s) => s.LastActiveTime)).toEqual([...Data.List.map((s) => s.LastActiveTime)].sort().reverse());
  });

  it('masks a super administrator’s address to a viewer who is not one', async () => {
    await signIn('admin', FIREFOX, '2001:db8:85a3::8a2e:370:7334');
    const seenBy = async (as: string) => (await online(as, '?kind=admin&pagesize=100')).Data.List;
    const addresses = (list: OnlineSessionDto[], account: string) => list.filter((s) => s.Account === account).map((s) => s.Ip);

    const byWatcher = await seenBy(watcher);
    expect(addresses(byWatcher, 'admin').sort()).toEqual(['10.3.*.*', '127.0.*.*', '2001:db8:*']);
    expect(JSON.stringify(byWatcher)).not.toContain('85a3');
    // Everyone else's, their own included, whole (the first of theirs was the sign-in that replaced the initial password).
    expect(addresses(byWatcher, 'watcher').sort()).toEqual(['10.3.0.7', '127.0.0.1']);
    // A super administrator sees every address whole.
    expect(addresses(await seenBy(root), 'admin').sort()).toEqual(['10.3.0.7', '127.0.0.1', '2001:db8:85a3::8a2e:370:7334']);
  });

  it('lists the live member sessions, application tokens too', async () => {
    const { Data } = await online(root, '?kind=member');
    expect(Data.TotalCount).toBe(2);
    expect(Data.List.map((s) => [s.Account, s.RoleName, s.Name])).toEqual(
      expect.arrayContaining([
        ['onlinemember', '会员', 'onlinemember工程有限公司'],
        ['onlineapplicant', '入会申请', 'onlineapplicant工程有限公司'],
      ]),
    );
    expect((await online(root, '?kind=member&account=APPLICANT')).Data.TotalCount).toBe(1);
    expect((await online(root, '?kind=robot')).Message).toBe('参数错误');
  });

  it('leaves out sessions that have ended by idling', async () => {
    const idle = await signIn('editor1', FIREFOX);
    // This one and the one createAdmin left (the first sign-in that replaced the initial password).
    expect(await sessionOf(root, 'editor1')).toHaveLength(2);
    clock.advance(121 * MINUTE);
    root = await loginAdmin(t);
    watcher = await signIn('watcher', FIREFOX);
    rootElsewhere = await signIn('admin', SAFARI);
    expect(await sessionOf(root, 'editor1')).toHaveLength(0);
    expect((await adminCall(t, idle, 'GET', '/api/XfSystemApi/GetLoginUser')).Code).toBe(402);
  });

  it('ends another admin session: its next call answers Code 402; audited', async () => {
    const [target] = (await online(root, '?kind=admin&account=admin')).Data.List.filter((s) => !s.Current);
    expect(target?.UserAgent).toBe(SAFARI);
    expect(await forceLogout(root, 'admin', target!.SessionId)).toMatchObject({ Code: 200, Message: '操作成功' });
    expect((await adminCall(t, rootElsewhere, 'GET', '/api/XfSystemApi/GetLoginUser')).Code).toBe(402);
    // The caller's own session goes on.
    expect((await adminCall(t, root, 'GET', '/api/XfSystemApi/GetLoginUser')).Code).toBe(200);
    expect(await forceLogout(root, 'admin', target!.SessionId)).toMatchObject({ Code: 400, Message: '会话不存在或已下线' });
    const audit = await adminCall<ListDto<{ Account: string; Target: string; TargetId: string; Result: number; Detail: string }>>(
      t,
      root,
      'GET',
      '/api/XfSystemApi/GetAuditLogList?action=system:online:forceLogout',
    );
    expect(audit.Data.List).toMatchObject([
      { Account: 'admin', Target: '后台会话', TargetId: String(target!.SessionId), Result: 0, Detail: '会话不存在或已下线' },
      { Account: 'admin', Target: '后台会话', TargetId: String(target!.SessionId), Result: 1, Detail: 'admin' },
    ]);
  });

  it('refuses ending the caller’s own current session (退出登录 does that)', async () => {
    const [own] = (await online(root, '?kind=admin&account=admin')).Data.List.filter((s) => s.Current);
    expect(await forceLogout(root, 'admin', own!.SessionId)).toMatchObject({ Code: 400, Message: '不能强制下线自己当前的会话，请使用退出登录' });
    expect((await adminCall(t, root, 'GET', '/api/XfSystemApi/GetLoginUser')).Code).toBe(200);
  });

  it('ends a member session: its next call answers Code 401', async () => {
    expect((await publicCall(t, member, 'GET', 'GetUserInfo')).Code).toBe(200);
    const [target] = await sessionOf(root, 'onlinemember', '?kind=member');
    expect(await forceLogout(root, 'member', target!.SessionId)).toMatchObject({ Code: 200 });
    expect((await publicCall(t, member, 'GET', 'GetUserInfo')).Code).toBe(401);
    expect(await sessionOf(root, 'onlinemember', '?kind=member')).toHaveLength(0);
  });

  it('lets an admin who may not manage a richer admin end only the sessions of admins within their own role', async () => {
    const editor = await signIn('editor1', FIREFOX);
    const [rootSession] = (await online(watcher, '?kind=admin&account=admin')).Data.List;
    expect(await forceLogout(watcher, 'admin', rootSession!.SessionId)).toMatchObject({ Code: 400, Message: '只有超级管理员可以设置或修改超级管理员' });
    const [editorSession] = await sessionOf(watcher, 'editor1');
    expect(await forceLogout(watcher, 'admin', editorSession!.SessionId)).toMatchObject({ Code: 400, Message: '不能修改或删除权限超出自己的管理员' });
    expect((await adminCall(t, editor, 'GET', '/api/XfSystemApi/GetLoginUser')).Code).toBe(200);
    // Members are not admins: any holder of the permission may end theirs.
    const again = await loginMember(t, 'onlinemember');
    const [memberSession] = await sessionOf(watcher, 'onlinemember', '?kind=member');
    expect(await forceLogout(watcher, 'member', memberSession!.SessionId)).toMatchObject({ Code: 200 });
    expect((await publicCall(t, again, 'GET', 'GetUserInfo')).Code).toBe(401);
  });

  it('refuses the list without system:online:list and 强制下线 without system:online:forceLogout', async () => {
    const editor = await signIn('editor1', FIREFOX);
    const forbidden = { Code: 403, Message: '当前操作没有权限' };
    expect(await online(editor)).toMatchObject(forbidden);
    expect(await forceLogout(editor, 'admin', 1)).toMatchObject(forbidden);
    expect(await adminCall(t, undefined, 'GET', '/api/XfSystemApi/GetOnlineList')).toMatchObject({ Code: 402 });
    expect(await forceLogout(root, 'admin', 0)).toMatchObject({ Code: 400, Message: '参数错误' });
  });
});

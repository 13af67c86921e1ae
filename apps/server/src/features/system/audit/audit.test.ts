import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApplyState, ArticleStatus, cstDate, type AuditLogDto, type DashboardDto } from '@portal/shared';
import { adminCall, attemptLogin, createAdmin, createAdminTestApp, insertMemberRow, loginAdmin, testClock } from '../../../../test/admin.js';
import { insertMenu, insertNews } from '../../../../test/fixtures.js';
import { engines, type TestApp } from '../../../../test/harness.js';
import { roleWith } from '../../../../test/review.js';

const DAY = 86_400_000;

describe.each(engines)('audit log and 工作台 on %s', (engine) => {
  const clock = testClock();
  let t: TestApp;
  let token: string;
  let roleId: number;
  beforeAll(async () => {
    t = await createAdminTestApp(engine, { now: clock.now });
    token = await loginAdmin(t);
    await attemptLogin(t, 'admin', 'wrong-password1');
    clock.advance(DAY);
    token = await loginAdmin(t);
    roleId = (await adminCall<number>(t, token, 'POST', '/api/XfSystemApi/SaveRole', { RoleName: '审计员' })).Data;
    await adminCall(t, token, 'POST', '/api/XfSystemApi/SaveRole', { RoleName: '审计员' });
    await adminCall(t, token, 'POST', `/api/XfSystemApi/DelRole/${roleId}`);
  });
  afterAll(() => t.close());

  const audit = (query = '', as = token) => adminCall<{ List: AuditLogDto[]; TotalCount: number }>(t, as, 'GET', `/api/XfSystemApi/GetAuditLogList${query}`);

  it('records sign-ins and every write: who, what, which record, when, from where, result', async () => {
    const { Data } = await audit();
    expect(Data.TotalCount).toBe(6);
    const [deleted, refused, created, , failedLogin, login] = Data.List;
    const day1 = cstDate(clock.now() - DAY);
    const day2 = cstDate(clock.now());
    expect(login).toMatchObject({ Account: 'admin', Action: 'auth:login', ActionName: '登录', Result: 1, Ip: '127.0.0.1' });
    expect(login?.CreateTime.slice(0, 10)).toBe(day1);
    expect(failedLogin).toMatchObject({ Account: 'admin', Action: 'auth:login', Result: 0, Detail: '密码错误' });
    expect(created).toMatchObject({
      Account: 'admin',
      Action: 'system:role:add',
      ActionName: '新增角色',
      Target: '角色',
      TargetId: String(roleId),
      Result: 1,
      Detail: '审计员',
    });
    expect(created?.AdminId).toBe(login?.AdminId);
    expect(created?.CreateTime.slice(0, 10)).toBe(day2);
    expect(refused).toMatchObject({ Action: 'system:role:add', Result: 0, Detail: '角色名称已存在', TargetId: '' });
    expect(deleted).toMatchObject({ Action: 'system:role:delete', ActionName: '删除角色', TargetId: String(roleId), Result: 1, Detail: '审计员' });
  });

  it('filters by account, action and CST day range, paged', async () => {
    expect((await audit('?action=auth:login')).Data.TotalCount).toBe(3);
    expect((await audit('?account=adm&action=system:role:add')).Data.TotalCount).toBe(2);
    expect((await audit('?account=nobody')).Data.TotalCount).toBe(0);
    expect((await audit('?account=%25')).Data.TotalCount).toBe(0);
    const day1 = cstDate(clock.now() - DAY);
    expect((await audit(`?start=${day1}&end=${day1}`)).Data.TotalCount).toBe(2);
    expect((await audit(`?start=${cstDate(clock.now())}`)).Data.TotalCount).toBe(4);
    expect((await audit('?start=2024/01/01')).Message).toBe('日期格式应为yyyy-MM-dd');
    const page = await audit('?pageindex=2&pagesize=2');
    expect(page.Data.TotalCount).toBe(6);
    expect(page.Data.List.map((r) => r.Action)).toEqual(['system:role:add', 'auth:login']);
  });

  it('shows real figures on the 工作台', async () => {
    const db = t.app.services.database.db;
    const today = cstDate(clock.now());
    await db
      .insertInto('visit_counts')
      .values([
        { day: today, count: 7 },
        { day: cstDate(clock.now() - 29 * DAY), count: 3 },
        { day: cstDate(clock.now() - 30 * DAY), count: 100 },
      ])
      .execute();
    const menuId = await insertMenu(db, { name: '协会动态' });
    await insertNews(db, { menuId, title: '已发布一' });
    await insertNews(db, { menuId, title: '已发布二' });
    await insertNews(db, { menuId, title: '已关闭', status: ArticleStatus.Closed });
    const author = await insertMemberRow(t, 'member_a', ApplyState.Approved);
    await insertMemberRow(t, 'member_b', ApplyState.Approved);
    await insertMemberRow(t, 'applicant', ApplyState.UnderReview);
    await insertMemberRow(t, 'rejected', ApplyState.Rejected);
    await insertNews(db, { menuId, title: '会员投稿', status: ArticleStatus.UnderReview, memberId: author });

    const { Code, Data } = await adminCall<DashboardDto>(t, token, 'GET', '/api/XfSystemApi/GetDashboard');
    expect(Code).toBe(200);
    expect(Data.Visits).toHaveLength(30);
    expect(Data.Visits[0]).toEqual({ Day: cstDate(clock.now() - 29 * DAY), Count: 3 });
    expect(Data.Visits[29]).toEqual({ Day: today, Count: 7 });
    expect(Data.Visits[15]?.Count).toBe(0);
    expect(Data.TotalVisits).toBe(110);
    expect(Data).toMatchObject({ ArticleCount: 2, MemberCount: 2, PendingApplicationCount: 1, PendingContributionCount: 1 });
    expect(Data.RecentAudit[0]).toMatchObject({ Action: 'system:role:delete' });
  });

  it('shows an admin without the audit permission only their own recent actions', async () => {
    await createAdmin(t, token, 'editor', '内容编辑');
    const editor = await loginAdmin(t, 'editor');
    const { Data } = await adminCall<DashboardDto>(t, editor, 'GET', '/api/XfSystemApi/GetDashboard');
    expect(Data.RecentAudit.length).toBeGreaterThan(0);
    expect(Data.RecentAudit.every((r) => r.Account === 'editor')).toBe(true);
  });

  it('gives a reviewer-only role no membership figures: each needs the permission that lists what it counts', async () => {
    await roleWith(t, token, '仅审核', ['dashboard:view', 'content:review:list']);
    await createAdmin(t, token, 'reviewer_only', '仅审核');
    const reviewer = await loginAdmin(t, 'reviewer_only');
    const { Data } = await adminCall<DashboardDto>(t, reviewer, 'GET', '/api/XfSystemApi/GetDashboard');
    expect(Data).toMatchObject({ ArticleCount: 2, MemberCount: null, PendingApplicationCount: null, PendingContributionCount: null, Yesterday: null });

    await roleWith(t, token, '投稿审核员', ['dashboard:view', 'member:contribution:list']);
    await createAdmin(t, token, 'contributions_only', '投稿审核员');
    const contributions = await loginAdmin(t, 'contributions_only');
    expect((await adminCall<DashboardDto>(t, contributions, 'GET', '/api/XfSystemApi/GetDashboard')).Data).toMatchObject({
      MemberCount: null,
      PendingApplicationCount: null,
      PendingContributionCount: 1,
    });
  });
});

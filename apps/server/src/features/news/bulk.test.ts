import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ArticleStatus, formatCst, RevisionKind, type BulkNewsResultDto, type NewsRevisionListDto } from '@portal/shared';
import { adminCall, createAdmin, createAdminTestApp, loginAdmin, testClock } from '../../../test/admin.js';
import { insertMenu, insertNews } from '../../../test/fixtures.js';
import { enginesFor, type TestApp } from '../../../test/harness.js';

const HOUR = 3_600_000;

describe.each(enginesFor('neutral'))('bulk actions of 文章管理 on %s', (engine) => {
  const clock = testClock();
  let t: TestApp;
  let admin: string;
  let menuId: number;
  let otherMenu: number;
  const call = <T>(name: string, payload: Record<string, unknown>, token = admin) => adminCall<T>(t, token, 'POST', `/api/XfSysBussiness/${name}`, payload);
  const db = () => t.app.services.database.db;
  const article = (title: string, status: number, newsCreateTime = formatCst(clock.now() - HOUR)) =>
    insertNews(db(), { menuId, title, status, newsCreateTime });
  const rows = (ids: number[]) => db().selectFrom('news').select(['id', 'status', 'menu_id', 'version']).where('id', 'in', ids).orderBy('id').execute();
  const revisions = async (id: number) =>
    (await adminCall<NewsRevisionListDto>(t, admin, 'GET', `/api/XfSysBussiness/GetNewsRevisionList?newsid=${id}&pagesize=100`)).Data.List.map((r) => [
      r.Version,
      r.Kind,
      r.Summary,
    ]);

  beforeAll(async () => {
    t = await createAdminTestApp(engine, { now: clock.now, backgroundJobs: false });
    admin = await loginAdmin(t);
    menuId = await insertMenu(db(), { name: '通知公告' });
    otherMenu = await insertMenu(db(), { name: '行业动态' });
  });
  afterAll(() => t.close());

  it('publishes drafts and closed articles, as 待发布 when their time is to come, each with a version and a revision', async () => {
    const draft = await article('草稿', ArticleStatus.Draft);
    const closed = await article('停用', ArticleStatus.Closed);
    const future = await article('将来', ArticleStatus.Draft, formatCst(clock.now() + HOUR));
    const live = await article('已发布', ArticleStatus.Published);
    const published = await call<BulkNewsResultDto>('PublishNews', { NewsId: [draft, closed, future, live] });
    expect(published).toEqual({ Code: 200, Message: '已发布2篇，1篇将于发布时间到时发布', Data: { Changed: 3, Scheduled: 1, Skipped: [] } });
    expect((await rows([draft, closed, future, live])).map((r) => [r.status, r.version])).toEqual([
      [ArticleStatus.Published, 2],
      [ArticleStatus.Published, 2],
      [ArticleStatus.Scheduled, 2],
      // Unchanged: no new version, no revision.
      [ArticleStatus.Published, 1],
    ]);
    expect(await revisions(draft)).toEqual([[2, RevisionKind.Edited, '状态']]);
    expect(await revisions(live)).toEqual([]);
  });

  it('takes articles offline and moves them to another menu', async () => {
    const a = await article('甲', ArticleStatus.Published);
    const b = await article('乙', ArticleStatus.Scheduled, formatCst(clock.now() + HOUR));
    expect(await call('OfflineNews', { NewsId: [a, b] })).toEqual({ Code: 200, Message: '已下线2篇', Data: { Changed: 2 } });
    expect((await rows([a, b])).map((r) => r.status)).toEqual([ArticleStatus.Closed, ArticleStatus.Closed]);

    expect(await call('MoveNews', { NewsId: `${a},${b}`, MenuId: otherMenu })).toEqual({ Code: 200, Message: '已移动2篇', Data: { Changed: 2, Submitted: 0 } });
    expect((await rows([a, b])).map((r) => [r.menu_id, r.version])).toEqual([
      [otherMenu, 3],
      [otherMenu, 3],
    ]);
    expect(await revisions(a)).toEqual([
      [3, RevisionKind.Edited, '栏目'],
      [2, RevisionKind.Edited, '状态'],
    ]);
    const listed = await adminCall<{ List: { Title: string }[] }>(t, admin, 'GET', `/api/XfSysBussiness/GetNewsList?menuid=${otherMenu}&pagesize=100`);
    expect(listed.Data.List.map((n) => n.Title).sort()).toEqual(['乙', '甲'].sort());
  });

  it('publishes what it may and names the rest with their reasons', async () => {
    const draft = await article('可发布草稿', ArticleStatus.Draft);
    const review = await article('审核中投稿', ArticleStatus.UnderReview);
    const rejected = await article('驳回投稿', ArticleStatus.Rejected);
    const pastTakeDown = await article('下线时间已过', ArticleStatus.Closed);
    await db()
      .updateTable('news')
      .set({ offline_at: formatCst(clock.now() - 60_000) })
      .where('id', '=', pastTakeDown)
      .execute();
    expect(await call('PublishNews', { NewsId: [draft, review, rejected, pastTakeDown, 999999] })).toEqual({
      Code: 200,
      Message: '已发布1篇；4篇未发布',
      Data: {
        Changed: 1,
        Scheduled: 0,
        Skipped: [
          { NewsId: 999999, Title: '', Reason: '文章不存在或已删除' },
          { NewsId: review, Title: '审核中投稿', Reason: '审核中，由审核决定是否发布' },
          { NewsId: rejected, Title: '驳回投稿', Reason: '审核不通过，须修改后重新提交审核' },
          { NewsId: pastTakeDown, Title: '下线时间已过', Reason: '定时下线时间已过，请先修改或清除定时下线时间' },
        ],
      },
    });
    expect((await rows([draft, review, rejected, pastTakeDown])).map((r) => [r.status, r.version])).toEqual([
      [ArticleStatus.Published, 2],
      [ArticleStatus.UnderReview, 1],
      [ArticleStatus.Rejected, 1],
      [ArticleStatus.Closed, 1],
    ]);
    // Nothing publishable: still an answer, every article named.
    expect(await call('PublishNews', { NewsId: [review] })).toMatchObject({ Code: 200, Message: '已发布0篇；1篇未发布', Data: { Changed: 0 } });
  });

  it('refuses the whole request to take offline or move: a missing article, a missing menu, an empty selection', async () => {
    const draft = await article('待发布草稿', ArticleStatus.Draft);
    // One bad id in the list: nothing written, the good ones included.
    expect(await call('OfflineNews', { NewsId: [draft, 999999] })).toEqual({ Code: 404, Message: '文章不存在或已删除', Data: null });
    expect(await call('MoveNews', { NewsId: [draft, 999999], MenuId: otherMenu })).toMatchObject({ Code: 404, Message: '文章不存在或已删除' });
    expect(await call('MoveNews', { NewsId: [draft], MenuId: 999999 })).toMatchObject({ Code: 400, Message: '栏目不存在' });
    expect(await call('PublishNews', { NewsId: [] })).toMatchObject({ Code: 400, Message: '请选择文章' });
    expect((await rows([draft])).map((r) => [r.status, r.menu_id, r.version])).toEqual([[ArticleStatus.Draft, menuId, 1]]);
    expect(await revisions(draft)).toEqual([]);
  });

  it('needs 修改文章, and audits each action', async () => {
    const id = await article('权限', ArticleStatus.Draft);
    const perms = await db().selectFrom('system_menus').select(['id', 'perms']).execute();
    const MenuIds = perms.filter((m) => ['content:news:list', 'content:news:add'].includes(m.perms)).map((m) => m.id);
    expect((await adminCall(t, admin, 'POST', '/api/XfSystemApi/SaveRole', { RoleName: '只能新增', MenuIds })).Code).toBe(200);
    await createAdmin(t, admin, 'bulk_adder', '只能新增');
    const adder = await loginAdmin(t, 'bulk_adder');
    const denied = { Code: 403, Message: '当前操作没有权限', Data: null };
    for (const [name, body] of [
      ['PublishNews', { NewsId: [id] }],
      ['OfflineNews', { NewsId: [id] }],
      ['MoveNews', { NewsId: [id], MenuId: otherMenu }],
    ] as const) {
      expect(await call(name, body, adder), name).toEqual(denied);
      expect((await call(name, body, 'not-a-session')).Code, name).toBe(402);
    }
    await createAdmin(t, admin, 'bulk_editor', '内容编辑');
    expect((await call('PublishNews', { NewsId: [id] }, await loginAdmin(t, 'bulk_editor'))).Code).toBe(200);
    const audit = await db()
      .selectFrom('audit_logs')
      .select(['action', 'target_id', 'detail', 'result'])
      .where('account', '=', 'bulk_editor')
      .where('target', '=', '文章')
      .execute();
    expect(audit).toEqual([{ action: 'content:news:edit', target_id: String(id), detail: '已发布1篇', result: 1 }]);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatCst, type ContributionDetailDto, type ContributionListItemDto, type MyNewsItemDto } from '@portal/shared';
import { adminCall, createAdmin, createAdminTestApp, loginAdmin, testClock } from '../../../test/admin.js';
import { atOnce, sharingInstances } from '../../../test/concurrency.js';
import { insertMenu, insertNews } from '../../../test/fixtures.js';
import { engines, envelope, type TestApp } from '../../../test/harness.js';
import { addMember, loginMember, publicCall, seedTypeChoices } from '../../../test/members.js';
import { multipartBody, multipartHeaders } from '../../../test/multipart.js';

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]), Buffer.from('IHDR', 'latin1')]);
const HOUR = 60 * 60_000;

describe.each(engines)('contributions on %s', (engine) => {
  let t: TestApp;
  const clock = testClock();
  let root: string;
  let alice: string;
  let bob: string;
  let aliceId: number;
  let contribute: number;
  let closedMenu: number;

  beforeAll(async () => {
    t = await createAdminTestApp(engine, { now: clock.now });
    root = await loginAdmin(t);
    const types = await seedTypeChoices(t);
    aliceId = await addMember(t, root, types, 'alice_co', { MemberName: '甲建设集团' });
    await addMember(t, root, types, 'bob_co', { MemberName: '乙保险公司' });
    alice = await loginMember(t, 'alice_co');
    bob = await loginMember(t, 'bob_co');
    const journal = await insertMenu(t.app.services.database.db, { name: '协会期刊' });
    contribute = await insertMenu(t.app.services.database.db, { name: '在线投稿', parentId: journal, acceptsContributions: true });
    closedMenu = await insertMenu(t.app.services.database.db, { name: '通知公告' });
  });
  afterAll(() => t.close());

  const save = (token: string | undefined, body: Record<string, unknown>, on = t) => publicCall<number>(on, token, 'POST', 'SaveNews', body);
  const mine = (token: string, query = '') => publicCall<{ List: MyNewsItemDto[]; TotalCount: number }>(t, token, 'GET', `GetMyNewsList${query}`);
  const detail = (token: string | undefined, id: number) =>
    publicCall<{ Status: number; NewContent: string; Title: string }>(t, token, 'GET', `GetNewsDetail?newsid=${id}`);
  const audit = (body: Record<string, unknown>, as = root) => adminCall<number>(t, as, 'POST', '/api/XfSysBussiness/AuditContribution', body);
  const queue = (query = '') =>
    adminCall<{ List: ContributionListItemDto[]; TotalCount: number }>(t, root, 'GET', `/api/XfSysBussiness/GetContributionList${query}`);
  const review = (id: number) => adminCall<ContributionDetailDto>(t, root, 'GET', `/api/XfSysBussiness/GetContribution/${id}`);
  const upload = async (token: string, filename: string, content: Buffer) =>
    envelope<string>(
      await t.app.inject({
        method: 'POST',
        url: '/api/XfWebApi/UploadContributionImage',
        headers: { ...multipartHeaders, token },
        payload: multipartBody({ filename, content }),
      }),
    );
  const article = (overrides: Record<string, unknown> = {}) => ({
    Title: '工程质量潜在缺陷保险实践',
    MenuId: contribute,
    NewContent: '<p>正文<script>alert(1)</script></p>',
    ...overrides,
  });

  it('takes a contribution in 审核中 with the member as author, sanitised, and lists it as the member’s own', async () => {
    const cover = await upload(alice, '封面.png', PNG);
    expect(cover).toMatchObject({ Code: 200, Message: '上传成功' });
    const saved = await save(alice, article({ ImageUrl: cover.Data }));
    expect(saved).toMatchObject({ Code: 200, Message: '提交成功' });

    const { Data } = await mine(alice);
    expect(Data.TotalCount).toBe(1);
    expect(Data.List[0]).toMatchObject({
      NewsId: saved.Data,
      Title: '工程质量潜在缺陷保险实践',
      MenuId: contribute,
      MenuName: '在线投稿',
      Status: 3,
      ProcessItemName: '',
      ImageUrl: cover.Data,
    });
    const stored = await t.app.services.database.db
      .selectFrom('news')
      .select(['content', 'author', 'member_id', 'status'])
      .where('id', '=', saved.Data)
      .executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ author: '甲建设集团', member_id: aliceId, status: 3 });
    expect(stored.content).not.toContain('<script');

    // Another member sees none of it; the public never lists it.
    expect((await mine(bob)).Data.TotalCount).toBe(0);
    const listed = await publicCall<{ List: { NewsId: number }[] }>(t, undefined, 'GET', `GetNewsList?pid=${contribute}`);
    expect(listed.Data.List.map((i) => i.NewsId)).not.toContain(saved.Data);
  });

  it('shows the author their own unpublished article in full, and others only its status', async () => {
    const { Data: id } = await save(alice, article({ Title: '作者可见', NewContent: '<p>审核中的正文</p>' }));
    expect((await detail(alice, id)).Data).toMatchObject({ Status: 3, Title: '作者可见', NewContent: '<p>审核中的正文</p>' });
    for (const token of [bob, undefined]) expect((await detail(token, id)).Data).toMatchObject({ Status: 3, NewContent: '' });
  });

  it('answers Code 401 without a member session', async () => {
    for (const call of [mine('not-a-token'), save(undefined, article()), publicCall(t, root, 'POST', 'SaveNews', article())])
      expect((await call).Code).toBe(401);
  });

  it('refuses with the spec’s messages and writes nothing', async () => {
    const before = (await mine(alice)).Data.TotalCount;
    const cases: [Record<string, unknown>, string][] = [
      [{ Title: '' }, '请输入标题'],
      [{ Title: '   ' }, '请输入标题'],
      [{ MenuId: undefined }, '请选择所属菜单'],
      [{ MenuId: 0 }, '请选择所属菜单'],
      [{ MenuId: closedMenu }, '该栏目不接受投稿，请选择其他栏目'],
      [{ ImageUrl: '/uploads/202401/x.gif' }, '上传格式需为：.jpg/.png/.jpeg'],
      [{ ImageUrl: 'https://evil.example/a.png' }, '上传格式需为：.jpg/.png/.jpeg'],
      [{ ImageUrl: '/uploads/202401/missing.png' }, '封面图片不存在，请重新上传'],
      [{ ImageUrl: '/uploads/../../etc/passwd.png' }, '上传格式需为：.jpg/.png/.jpeg'],
      [{ NewContent: `<p>${'字'.repeat(50_001)}</p>` }, '正文不能超过50000字'],
    ];
    for (const [overrides, message] of cases) expect((await save(alice, article(overrides))).Message, JSON.stringify(overrides).slice(0, 80)).toBe(message);
    expect((await mine(alice)).Data.TotalCount).toBe(before);
  });

  it('checks cover pictures by content and size on upload', async () => {
    expect((await upload(alice, 'fake.png', Buffer.from('<html><script>alert(1)</script></html>'))).Message).toBe('文件内容与扩展名不符');
    expect((await upload(alice, 'photo.gif', Buffer.from('GIF89a'))).Message).toBe('上传格式需为：.jpg/.png/.jpeg');
    const big = Buffer.concat([PNG, Buffer.alloc(943_719 - PNG.length)]);
    expect((await upload(alice, 'big.png', big)).Message).toBe('图片不得大于900kb');
  });

  it('lets the author edit and resubmit only their own rejected contribution, keeping its history', async () => {
    const { Data: id } = await save(alice, article({ Title: '待审稿件' }));
    // Under review (3): not editable, by its author or anyone else.
    expect((await save(alice, article({ NewsId: id }))).Message).toBe('只有审核不通过的投稿可以修改后重新提交');
    expect((await save(bob, article({ NewsId: id }))).Message).toBe('只能修改自己的投稿');

    expect(await audit({ NewsId: id, Decision: 2 })).toMatchObject({ Code: 400, Message: '请输入驳回原因' });
    expect((await audit({ NewsId: id, Decision: 2, Reason: '请补充项目案例' })).Code).toBe(200);
    expect((await mine(alice)).Data.List.find((i) => i.NewsId === id)).toMatchObject({ Status: 2, ProcessItemName: '请补充项目案例' });

    expect((await save(bob, article({ NewsId: id }))).Message).toBe('只能修改自己的投稿');
    expect((await save(alice, article({ NewsId: id, Title: '待审稿件（修改稿）' }))).Code).toBe(200);
    expect((await mine(alice)).Data.List.find((i) => i.NewsId === id)).toMatchObject({ Status: 3, ProcessItemName: '', Title: '待审稿件（修改稿）' });

    const history = (await review(id)).Data.Reviews;
    expect(history.map((r) => [r.Decision, r.Reason, r.AdminAccount])).toEqual([
      [0, '', ''],
      [2, '请补充项目案例', 'admin'],
      [0, '', ''],
    ]);

    // Published (1) and closed (0) articles are not the member's to change either.
    expect((await audit({ NewsId: id, Decision: 1 })).Code).toBe(200);
    expect((await save(alice, article({ NewsId: id }))).Message).toBe('只有审核不通过的投稿可以修改后重新提交');
    await t.app.services.database.db.updateTable('news').set({ status: 0 }).where('id', '=', id).execute();
    expect((await save(alice, article({ NewsId: id }))).Message).toBe('只有审核不通过的投稿可以修改后重新提交');
    // An editorial article is nobody's contribution.
    const editorial = await insertNews(t.app.services.database.db, { menuId: contribute, title: '编辑部文章', status: 2 });
    expect((await save(alice, article({ NewsId: editorial }))).Message).toBe('只能修改自己的投稿');
  });

  it('publishes on approval with the publish time set, and records who decided in the audit log', async () => {
    const { Data: id } = await save(alice, article({ Title: '审核通过的稿件' }));
    clock.advance(HOUR);
    expect(await audit({ NewsId: id, Decision: 1 })).toMatchObject({ Code: 200 });
    const published = await detail(undefined, id);
    expect(published.Data).toMatchObject({ Status: 1, Title: '审核通过的稿件' });
    const listed = await publicCall<{ List: { NewsId: number; NewsCreateTime: string }[] }>(t, undefined, 'GET', `GetNewsList?pid=${contribute}`);
    expect(listed.Data.List.find((i) => i.NewsId === id)?.NewsCreateTime).toBe(formatCst(clock.now()));
    expect(listed.Data.List.find((i) => i.NewsId === id)?.NewsCreateTime).toBe(
      '2024-06-01 11:00:00'.replace('11', String(10 + Math.round((clock.now() - Date.UTC(2024, 5, 1, 2)) / HOUR))),
    );
    // Decided once: a second decision finds it no longer under review.
    expect((await audit({ NewsId: id, Decision: 2, Reason: '迟到的驳回' })).Message).toBe('该投稿不在审核中，请刷新后重试');
    const log = await adminCall<{ List: { Action: string; Detail: string; Result: number }[] }>(
      t,
      root,
      'GET',
      '/api/XfSystemApi/GetAuditLogList?action=member:contribution:audit',
    );
    expect(log.Data.List[1]).toMatchObject({ Result: 1, Detail: '审核通过的稿件（通过）' });
  });

  it('lets a reviewer correct a typo before approving, recorded in the history', async () => {
    const { Data: id } = await save(alice, article({ Title: '错别字稿键', NewContent: '<p>保险保障</p>' }));
    expect((await audit({ NewsId: id, Decision: 1, Title: '错别字稿件', NewContent: '<p>保险保障。</p>' })).Code).toBe(200);
    const published = await detail(undefined, id);
    expect(published.Data).toMatchObject({ Title: '错别字稿件', NewContent: '<p>保险保障。</p>' });
    expect((await review(id)).Data.Reviews.map((r) => [r.Decision, r.Reason])).toEqual([
      [0, ''],
      [3, '修改了标题、正文'],
      [1, ''],
    ]);
  });

  it('queues contributions for review with filters, and guards the review calls', async () => {
    const { Data: id } = await save(bob, article({ Title: '乙公司的投稿' }));
    const pending = await queue('?status=3&key=乙保险');
    expect(pending.Data.List.map((c) => c.NewsId)).toEqual([id]);
    expect(pending.Data.List[0]).toMatchObject({ Title: '乙公司的投稿', MemberName: '乙保险公司', Account: 'bob_co', MenuName: '在线投稿', Status: 3 });
    expect((await queue(`?menuid=${closedMenu}`)).Data.TotalCount).toBe(0);

    await createAdmin(t, root, 'content_only', '内容编辑');
    const editor = await loginAdmin(t, 'content_only');
    expect((await adminCall(t, editor, 'GET', '/api/XfSysBussiness/GetContributionList')).Code).toBe(403);
    expect((await audit({ NewsId: id, Decision: 1 }, editor)).Code).toBe(403);
    expect((await audit({ NewsId: 999_999, Decision: 1 })).Message).toBe('文章不存在或已删除');
    expect((await audit({ NewsId: id, Decision: 5 })).Message).toBe('请选择审核结果');
  });

  it('refuses the submission past 10 an hour, and takes them again an hour later', async () => {
    // Earlier submissions fall outside the hour.
    clock.advance(HOUR + 1000);
    for (let i = 1; i <= 10; i++) expect((await save(bob, article({ Title: `第${i}篇` }))).Code).toBe(200);
    expect((await save(bob, article({ Title: '第十一篇' }))).Message).toBe('投稿过于频繁，每小时最多提交10篇，请稍后再试');
    clock.advance(HOUR + 1000);
    expect((await save(bob, article({ Title: '一小时后' }))).Code).toBe(200);
  });

  it('holds 10 an hour when 30 submissions arrive at once, spread over two instances', async () => {
    clock.advance(HOUR + 1000);
    const shared = await sharingInstances(t, { now: clock.now });
    try {
      const answers = await atOnce(shared.apps, 30, (on, i) => save(bob, article({ Title: `同时提交${i}` }), on));
      expect(answers.filter((a) => a.Code === 200)).toHaveLength(10);
      expect(answers.filter((a) => a.Code !== 200).map((a) => a.Message)).toEqual(Array(20).fill('投稿过于频繁，每小时最多提交10篇，请稍后再试'));
    } finally {
      await shared.close();
    }
    const stored = await t.app.services.database.db.selectFrom('news').select('id').where('title', 'like', '同时提交%').execute();
    expect(stored).toHaveLength(10);
    // The later tests submit again.
    clock.advance(HOUR + 1000);
  });

  it('takes contributions only in menus the back office marks, and only while they are shown', async () => {
    const menus = () => publicCall<{ MenuId: number; Name: string; ParentName: string }[]>(t, bob, 'GET', 'GetContributionMenus');
    expect((await menus()).Data).toEqual([{ MenuId: contribute, Name: '在线投稿', ParentName: '协会期刊' }]);
    const fresh = await loginAdmin(t);
    const mark = (MenuId: number, name: string, accepts: boolean, Status = 1) =>
      adminCall(t, fresh, 'POST', '/api/XfSysBussiness/SaveMenu', { MenuId, Name: name, Status, AcceptsContributions: accepts });
    expect((await mark(closedMenu, '通知公告', true)).Code).toBe(200);
    expect((await menus()).Data.map((m) => m.MenuId)).toEqual(expect.arrayContaining([contribute, closedMenu]));
    expect(
      (await adminCall<{ AcceptsContributions: boolean }>(t, fresh, 'GET', `/api/XfSysBussiness/GetMenuModel?menuid=${closedMenu}`)).Data.AcceptsContributions,
    ).toBe(true);
    // Hidden, it takes none.
    expect((await mark(closedMenu, '通知公告', true, 0)).Code).toBe(200);
    expect((await save(bob, article({ MenuId: closedMenu }))).Message).toBe('该栏目不接受投稿，请选择其他栏目');
    expect((await mark(closedMenu, '通知公告', false)).Code).toBe(200);
    expect((await menus()).Data.map((m) => m.MenuId)).toEqual([contribute]);
  });

  it('refuses a disabled member at once', async () => {
    const fresh = await loginAdmin(t);
    expect((await adminCall(t, fresh, 'POST', '/api/XfSysBussiness/EditMemberStatus', { MemberId: aliceId, Status: 0 })).Code).toBe(200);
    expect((await save(alice, article())).Code).toBe(401);
  });
});

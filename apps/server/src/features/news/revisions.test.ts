import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ReviewDecision, RevisionKind, type AdminNewsDetailDto, type NewsConflictDto, type NewsRevisionDto, type NewsRevisionListDto } from '@portal/shared';
import { adminCall, createAdmin, createAdminTestApp, loginAdmin, testClock } from '../../../test/admin.js';
import { insertMenu } from '../../../test/fixtures.js';
import { engines, type TestApp } from '../../../test/harness.js';
import { addMember, loginMember, publicCall, seedTypeChoices } from '../../../test/members.js';
import { runPublishingClock } from './schedule.js';
import { pruneDeletedArticleRevisions } from '../articles/revisions.js';

const DAY = 86_400_000;

describe.each(engines)('article revisions and versions on %s', (engine) => {
  const clock = testClock();
  let t: TestApp;
  let admin: string;
  let menuId: number;
  let otherMenu: number;
  const call = <T>(method: 'GET' | 'POST', name: string, payload?: Record<string, unknown>, token = admin) =>
    adminCall<T>(t, token, method, `/api/XfSysBussiness/${name}`, payload);
  const save = (body: Record<string, unknown>, token = admin) => call<number>('POST', 'SaveNews', { MenuId: menuId, ...body }, token);
  const detail = async (id: number) => (await call<AdminNewsDetailDto>('GET', `GetNewsDetail?newsid=${id}`)).Data;
  const revisions = async (id: number, token = admin) =>
    (await call<NewsRevisionListDto>('GET', `GetNewsRevisionList?newsid=${id}&pagesize=100`, undefined, token)).Data;
  const revision = async (id: number) => (await call<NewsRevisionDto>('GET', `GetNewsRevision/${id}`)).Data;

  beforeAll(async () => {
    t = await createAdminTestApp(engine, { now: clock.now, backgroundJobs: false });
    admin = await loginAdmin(t);
    const db = t.app.services.database.db;
    menuId = await insertMenu(db, { name: '通知公告' });
    otherMenu = await insertMenu(db, { name: '行业动态' });
  });
  afterAll(() => t.close());

  it('keeps a revision of every back-office save with who, when and what changed', async () => {
    const created = await save({ Title: '年会通知', NewContent: '<p>定于五月召开<script>x()</script></p>', Author: '秘书处', IsTop: true });
    expect(created.Code, created.Message).toBe(200);
    expect((await detail(created.Data)).Version).toBe(1);
    clock.advance(60_000);
    expect(
      (await save({ NewsId: created.Data, Title: '年会通知（更正）', NewContent: '<p>定于六月召开</p>', Author: '秘书处', IsTop: true, Version: 1 })).Code,
    ).toBe(200);
    clock.advance(60_000);
    expect(
      (await save({ NewsId: created.Data, MenuId: otherMenu, Title: '年会通知（更正）', NewContent: '<p>定于六月召开</p>', Author: '秘书处', IsTop: true }))
        .Code,
    ).toBe(200);

    const history = await revisions(created.Data);
    expect(history.Version).toBe(3);
    expect(history.TotalCount).toBe(3);
    expect(history.List.map((r) => [r.Version, r.RevisionNo, r.Kind, r.Summary, r.AdminAccount, r.MemberId])).toEqual([
      [3, 3, RevisionKind.Edited, '栏目', 'admin', null],
      [2, 2, RevisionKind.Edited, '标题、正文', 'admin', null],
      [1, 1, RevisionKind.Created, '', 'admin', null],
    ]);
    // Who saved, by name (the account stays beside it); the article's current title for the drawer.
    const { full_name: adminName } = await t.app.services.database.db
      .selectFrom('admin_users')
      .select('full_name')
      .where('account', '=', 'admin')
      .executeTakeFirstOrThrow();
    expect(history.List[0]!.AdminName).toBe(adminName);
    expect(history.Title).toBe('年会通知（更正）');
    expect(history.List[2]!.CreateTime).toBe('2024-06-01 10:00:00');
    expect(history.List[0]!.AdminId).toBeGreaterThan(0);

    const first = await revision(history.List[2]!.RevisionId);
    expect(first).toMatchObject({
      NewsId: created.Data,
      Title: '年会通知',
      MenuId: menuId,
      MenuName: '通知公告',
      // The body as stored: sanitised.
      NewContent: '<p>定于五月召开</p>',
      Status: 1,
      IsTop: true,
      IsMemberRead: false,
      Author: '秘书处',
      NewsCreateTime: '2024-06-01 10:00:00',
      OfflineTime: '',
    });
    expect(await call('GET', 'GetNewsRevision/999999')).toEqual({ Code: 404, Message: '历史版本不存在', Data: null });
  });

  it('restores a revision as a new save and a new revision, keeping the article’s publishing', async () => {
    const { Data: id } = await save({ Title: '初稿标题', NewContent: '<p>第一段</p>' });
    await save({ NewsId: id, Title: '改后标题', NewContent: '<p>第一段 第二段</p>', Status: 0 });
    const [, original] = (await revisions(id)).List;
    const restored = await call<number>('POST', 'RestoreNewsRevision', { RevisionId: original!.RevisionId, Version: 2 });
    expect(restored).toEqual({ Code: 200, Message: '操作成功', Data: id });
    // The content comes back; the status (停用) stays as it is.
    expect(await detail(id)).toMatchObject({ Title: '初稿标题', NewContent: '<p>第一段</p>', Status: 0, Version: 3 });
    const [latest] = (await revisions(id)).List;
    expect(latest).toMatchObject({ Kind: RevisionKind.Restored, RestoredFrom: original!.RevisionId, Summary: '标题、正文', Version: 3 });
    // The audit log names the restore.
    const audit = await t.app.services.database.db
      .selectFrom('audit_logs')
      .select(['action', 'detail'])
      .where('target', '=', '文章')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(audit).toEqual({ action: 'content:news:edit', detail: `恢复历史版本 #${original!.RevisionId}：初稿标题` });

    // Restoring from a stale copy is refused too.
    const stale = await call<NewsConflictDto>('POST', 'RestoreNewsRevision', { RevisionId: original!.RevisionId, Version: 2 });
    expect(stale).toMatchObject({
      Code: 409,
      Message: '文章已被他人修改',
      Data: { Current: { Version: 3, Title: '初稿标题' }, Yours: { Title: '初稿标题', Version: 2 } },
    });
    expect((await call('POST', 'RestoreNewsRevision', { RevisionId: 999999, Version: 3 })).Code).toBe(404);
    expect((await call('POST', 'RestoreNewsRevision', { RevisionId: original!.RevisionId })).Code).toBe(400);
  });

  it('refuses a save from a stale version with Code 409 and both sides, and lets exactly one of two racing saves through', async () => {
    const { Data: id } = await save({ Title: '并发文章', NewContent: '<p>原文</p>' });
    expect((await save({ NewsId: id, Title: '甲的修改', Version: 1 })).Code).toBe(200);
    const refused = await save({ NewsId: id, Title: '乙的修改', NewContent: '<p>乙的正文</p>', Version: 1 });
    expect(refused.Code).toBe(409);
    expect(refused.Message).toBe('文章已被他人修改');
    const { Current, Yours } = refused.Data as unknown as NewsConflictDto;
    expect(Current).toMatchObject({ NewsId: id, Version: 2, Title: '甲的修改', AdminAccount: 'admin', Kind: RevisionKind.Edited, MenuName: '通知公告' });
    expect(Yours).toMatchObject({ NewsId: id, Title: '乙的修改', NewContent: '<p>乙的正文</p>', Version: 1 });
    expect((await detail(id)).Title).toBe('甲的修改');
    // 覆盖保存: again with the current version.
    expect((await save({ NewsId: id, Title: '乙的修改', Version: Current.Version })).Code).toBe(200);
    // Without a Version (the spec's client) there is no check.
    expect((await save({ NewsId: id, Title: '原版客户端' })).Code).toBe(200);

    const version = (await detail(id)).Version;
    const answers = await Promise.all([save({ NewsId: id, Title: '同时一', Version: version }), save({ NewsId: id, Title: '同时二', Version: version })]);
    expect(answers.map((a) => a.Code).sort()).toEqual([200, 409]);
    const winner = answers.find((a) => a.Code === 200) === answers[0] ? '同时一' : '同时二';
    expect(await detail(id)).toMatchObject({ Title: winner, Version: version + 1 });
    expect((await revisions(id)).TotalCount).toBe(5);
  });

  it('raises the version on the publishing clock’s changes, and keeps the revisions of a deleted article', async () => {
    const { Data: id } = await save({ Title: '定时文章', NewsCreateTime: '2024-06-01 12:00:00' });
    expect((await detail(id)).Version).toBe(1);
    clock.advance(3 * 3_600_000);
    admin = await loginAdmin(t);
    expect(await runPublishingClock(t.app.services)).toBeGreaterThan(0);
    expect(await detail(id)).toMatchObject({ Status: 1, Version: 2 });
    // The editor's copy from before the clock is stale.
    expect((await save({ NewsId: id, Title: '定时文章', Version: 1 })).Code).toBe(409);
    // The clock's change raised the version but wrote no revision: the listed numbers run on without a gap.
    expect((await save({ NewsId: id, Title: '定时文章（改）', Version: 2 })).Code).toBe(200);
    expect((await revisions(id)).List.map((r) => [r.RevisionNo, r.Version])).toEqual([
      [2, 3],
      [1, 1],
    ]);

    expect((await call('POST', 'DelNews', { NewsId: id })).Code).toBe(200);
    expect(await revisions(id)).toMatchObject({ TotalCount: 2, Version: 0, Title: '' });
    expect((await call('POST', 'RestoreNewsRevision', { RevisionId: (await revisions(id)).List[0]!.RevisionId, Version: 0 })).Code).toBe(404);
    // Kept as long as the audit log, then dropped; a live article's revisions stay.
    const live = await save({ Title: '留存文章' });
    expect(await pruneDeletedArticleRevisions(t.app.services)).toBe(0);
    clock.advance(181 * DAY);
    admin = await loginAdmin(t);
    expect(await pruneDeletedArticleRevisions(t.app.services)).toBe(2);
    expect((await revisions(id)).TotalCount).toBe(0);
    expect((await revisions(live.Data)).TotalCount).toBe(1);
  });

  it('records members’ contributions and the reviewer’s correction', async () => {
    const contribute = await insertMenu(t.app.services.database.db, { name: '在线投稿', acceptsContributions: true });
    const types = await seedTypeChoices(t);
    const memberId = await addMember(t, admin, types, 'rev_member', { MemberName: '甲建设集团' });
    const member = await loginMember(t, 'rev_member');
    const submitted = await publicCall<number>(t, member, 'POST', 'SaveNews', { MenuId: contribute, Title: '投稿原题', NewContent: '<p>投稿正文</p>' });
    expect(submitted.Code, submitted.Message).toBe(200);
    const approved = await call('POST', 'AuditContribution', { NewsId: submitted.Data, Decision: ReviewDecision.Approved, Title: '投稿改题' });
    expect(approved.Code, approved.Message).toBe(200);

    const history = (await revisions(submitted.Data)).List;
    expect(history.map((r) => [r.Kind, r.Summary, r.AdminAccount, r.MemberId, r.MemberName, r.Title])).toEqual([
      [RevisionKind.Corrected, '标题、状态', 'admin', null, '', '投稿改题'],
      [RevisionKind.Contributed, '', '', memberId, '甲建设集团', '投稿原题'],
    ]);
    expect((await revision(history[1]!.RevisionId)).Status).toBe(3);
    expect(await detail(submitted.Data)).toMatchObject({ Status: 1, Version: 2 });
  });

  it('guards the calls: 内容编辑 may, a role without 历史版本 may not, and restoring needs 修改文章 too', async () => {
    const { Data: id } = await save({ Title: '权限文章' });
    const [only] = (await revisions(id)).List;
    await createAdmin(t, admin, 'rev_editor', '内容编辑');
    const editor = await loginAdmin(t, 'rev_editor');
    expect((await revisions(id, editor)).TotalCount).toBe(1);
    expect((await call('POST', 'RestoreNewsRevision', { RevisionId: only!.RevisionId, Version: 1 }, editor)).Code).toBe(200);

    const db = t.app.services.database.db;
    const menus = await db.selectFrom('system_menus').select(['id', 'perms']).execute();
    const grant = async (name: string, perms: string[]) => {
      const MenuIds = menus.filter((m) => perms.includes(m.perms)).map((m) => m.id);
      expect((await adminCall(t, admin, 'POST', '/api/XfSystemApi/SaveRole', { RoleName: name, MenuIds })).Code).toBe(200);
      await createAdmin(t, admin, `acct_${perms.length}`, name);
      return loginAdmin(t, `acct_${perms.length}`);
    };
    const reader = await grant('只读文章', ['content:news:list']);
    const historian = await grant('只看历史', ['content:news:list', 'content:news:revisions']);
    const denied = { Code: 403, Message: '当前操作没有权限', Data: null };
    for (const [method, name, body] of [
      ['GET', `GetNewsRevisionList?newsid=${id}`],
      ['GET', `GetNewsRevision/${only!.RevisionId}`],
      ['POST', 'RestoreNewsRevision', { RevisionId: only!.RevisionId, Version: 2 }],
    ] as const) {
      expect(await call(method, name, body, reader), name).toEqual(denied);
      expect((await call(method, name, body, 'not-a-session')).Code, name).toBe(402);
    }
    expect((await revisions(id, historian)).TotalCount).toBe(2);
    expect(await call('POST', 'RestoreNewsRevision', { RevisionId: only!.RevisionId, Version: 2 }, historian)).toEqual(denied);
  });
});

describe.each(engines)('revision retention on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createAdminTestApp(engine, { backgroundJobs: false }, { newsRevisionsKept: 2 });
  });
  afterAll(() => t.close());

  it('keeps the newest NEWS_REVISIONS_KEPT revisions of each article', async () => {
    const admin = await loginAdmin(t);
    const menuId = await insertMenu(t.app.services.database.db, { name: '通知公告' });
    const save = (body: Record<string, unknown>) => adminCall<number>(t, admin, 'POST', '/api/XfSysBussiness/SaveNews', { MenuId: menuId, ...body });
    const { Data: id } = await save({ Title: '第一版' });
    for (const title of ['第二版', '第三版', '第四版']) expect((await save({ NewsId: id, Title: title })).Code).toBe(200);
    const { Data: other } = await save({ Title: '另一篇' });
    const history = await adminCall<NewsRevisionListDto>(t, admin, 'GET', `/api/XfSysBussiness/GetNewsRevisionList?newsid=${id}`);
    // Numbers stay with their revisions when older ones are dropped.
    expect(history.Data.List.map((r) => [r.Title, r.Version, r.RevisionNo])).toEqual([
      ['第四版', 4, 4],
      ['第三版', 3, 3],
    ]);
    expect((await adminCall<NewsRevisionListDto>(t, admin, 'GET', `/api/XfSysBussiness/GetNewsRevisionList?newsid=${other}`)).Data.TotalCount).toBe(1);
  });
});

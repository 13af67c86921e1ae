import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ListDto, PrivacyPolicyDto, PublicPrivacyPolicyDto, SystemMenuDto } from '@portal/shared';
import { adminCall } from '../../../test/admin.js';
import { createContentAdminTest, expectGuarded, type ContentAdminTest, type GuardedCall } from '../../../test/content-admin.js';
import { menuEntries, offeredAgain } from '../../../test/menu-offers.js';
import { engines, envelope, secondInstance } from '../../../test/harness.js';

describe.each(engines)('隐私政策 on %s', (engine) => {
  let c: ContentAdminTest;
  const save = (body: Record<string, unknown>, token = c.admin) => c.call<number>(token, 'POST', 'SavePrivacyPolicy', body);
  const publish = (Id: number, token = c.admin) => c.call<number>(token, 'POST', 'PublishPrivacyPolicy', { Id });
  const del = (Id: number, token = c.admin) => c.call(token, 'POST', 'DelPrivacyPolicy', { Id });
  const versions = async () => (await c.call<ListDto<PrivacyPolicyDto>>(c.admin, 'GET', 'GetPrivacyPolicyList?pagesize=100')).Data;
  const policy = async (query = '') => envelope<PublicPrivacyPolicyDto>(await c.t.app.inject({ method: 'GET', url: `/api/XfWebApi/GetPrivacyPolicy${query}` }));

  beforeAll(async () => {
    c = await createContentAdminTest(engine);
  });
  afterAll(() => c.t.close());

  it('starts from the shipped policy as version 1, naming the association and saying 打开跟踪 is off by default', async () => {
    const first = await policy();
    expect(first.Code).toBe(200);
    expect(first.Data).toMatchObject({ Version: 1, CurrentVersion: 1, Summary: '初始版本' });
    expect(first.Data.PublishTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(first.Data.Versions).toEqual([{ Version: 1, Summary: '初始版本', PublishTime: first.Data.PublishTime }]);
    const { site } = c.t.config;
    expect(first.Data.Content).toContain(`个人信息处理者：${site.name}`);
    expect(first.Data.Content).toContain(site.email);
    expect(first.Data.Content).toContain('邮件打开跟踪默认关闭');
    expect(first.Data.Content).toContain('仅记录每封邮件首次被打开的时间');
    // Stored once: a second read, and the list, see the same row.
    expect((await policy()).Data).toEqual(first.Data);
    const listed = await versions();
    expect(listed.TotalCount).toBe(1);
    expect(listed.List[0]).toMatchObject({ Version: 1, IsCurrent: true, Summary: '初始版本', PublishTime: first.Data.PublishTime });
  });

  it('writes a draft visitors do not see, publishes it as the next version, and keeps the earlier one readable', async () => {
    const draft = await save({
      Content: '<h2>一、收集</h2><p onclick="steal()">我们收集联系人姓名。</p><script>alert(1)</script>',
      Summary: '  补充收集范围  ',
    });
    expect(draft).toMatchObject({ Code: 200, Message: '操作成功' });
    const listed = (await versions()).List;
    // Drafts first, then published versions from the current one down.
    expect(listed.map((p) => [p.Version, p.IsCurrent])).toEqual([
      [0, false],
      [1, true],
    ]);
    // Sanitised on save, trimmed summary.
    expect(listed[0]).toMatchObject({ Id: draft.Data, Summary: '补充收集范围', PublishTime: '', Content: '<h2>一、收集</h2><p>我们收集联系人姓名。</p>' });
    expect((await policy()).Data.Version).toBe(1);

    // Each field alone: the other keeps its stored value.
    expect((await save({ Id: draft.Data, Summary: '补充收集范围和用途' })).Code).toBe(200);
    expect((await save({ Id: draft.Data, Content: '<h2>一、收集</h2><p>我们收集联系人姓名和电话。</p>' })).Code).toBe(200);
    expect((await versions()).List[0]).toMatchObject({ Summary: '补充收集范围和用途', Content: '<h2>一、收集</h2><p>我们收集联系人姓名和电话。</p>' });

    expect(await publish(draft.Data)).toEqual({ Code: 200, Message: '操作成功', Data: 2 });
    const current = await policy();
    expect(current.Data).toMatchObject({
      Version: 2,
      CurrentVersion: 2,
      Summary: '补充收集范围和用途',
      Content: '<h2>一、收集</h2><p>我们收集联系人姓名和电话。</p>',
    });
    expect(current.Data.Versions.map((v) => v.Version)).toEqual([2, 1]);
    const earlier = await policy('?Version=1');
    expect(earlier.Data).toMatchObject({ Version: 1, CurrentVersion: 2, Summary: '初始版本' });
    expect(earlier.Data.Content).toContain('邮件打开跟踪默认关闭');

    // A published version is fixed.
    expect(await save({ Id: draft.Data, Summary: '改动已发布版本' })).toEqual({
      Code: 400,
      Message: '已发布的版本不能修改或删除，如需调整请新增版本',
      Data: null,
    });
    expect(await publish(draft.Data)).toEqual({ Code: 400, Message: '已发布的版本不能修改或删除，如需调整请新增版本', Data: null });
    expect(await del(draft.Data)).toEqual({ Code: 400, Message: '已发布的版本不能修改或删除，如需调整请新增版本', Data: null });
    expect((await policy()).Data.Summary).toBe('补充收集范围和用途');

    const audit = await c.t.app.services.database.db
      .selectFrom('audit_logs')
      .select(['action', 'result', 'detail'])
      .where('target', '=', '隐私政策')
      .orderBy('id')
      .execute();
    expect(audit.filter((a) => a.result === 1)).toEqual([
      { action: 'system:privacy:add', result: 1, detail: '草稿（补充收集范围）' },
      { action: 'system:privacy:edit', result: 1, detail: '草稿（补充收集范围和用途）' },
      { action: 'system:privacy:edit', result: 1, detail: '草稿（补充收集范围和用途）' },
      { action: 'system:privacy:publish', result: 1, detail: '第2版' },
    ]);
  });

  it('deletes a draft, refuses bad input in Chinese, and answers 404 for a version that does not exist', async () => {
    const draft = await save({ Content: '<p>草稿</p>', Summary: '试写' });
    expect(await del(draft.Data)).toEqual({ Code: 200, Message: '操作成功', Data: null });
    expect(await del(draft.Data)).toEqual({ Code: 404, Message: '该版本的隐私政策不存在', Data: null });
    expect(await save({ Id: draft.Data, Content: '<p>x</p>', Summary: 'x' })).toEqual({ Code: 404, Message: '该版本的隐私政策不存在', Data: null });

    expect(await save({ Content: '   ', Summary: '说明' })).toEqual({ Code: 400, Message: '请输入隐私政策正文', Data: null });
    expect(await save({ Content: '<p>正文</p>', Summary: '' })).toEqual({ Code: 400, Message: '请填写本次变更说明', Data: null });
    expect(await save({ Content: '<p>正文</p>', Summary: '长'.repeat(501) })).toEqual({ Code: 400, Message: '变更说明不能超过500个字', Data: null });
    expect(await save({ Content: 'x'.repeat(100_001), Summary: '说明' })).toEqual({ Code: 400, Message: '正文不能超过100000个字', Data: null });

    expect(await policy('?Version=99')).toEqual({ Code: 404, Message: '该版本的隐私政策不存在', Data: null });
    expect((await policy('?Version=abc')).Code).toBe(400);
    expect((await policy('?Version=0')).Code).toBe(400);
  });

  it('numbers publications racing on two instances one after the other, and each instance shows the new version at once', async () => {
    const other = await secondInstance(c.t);
    try {
      const [a, b] = await Promise.all([save({ Content: '<p>甲</p>', Summary: '甲' }), save({ Content: '<p>乙</p>', Summary: '乙' })]);
      // Read (and kept) on the second instance before the publications.
      expect(envelope<PublicPrivacyPolicyDto>(await other.app.inject({ method: 'GET', url: '/api/XfWebApi/GetPrivacyPolicy' })).Data.Version).toBe(2);
      const otherPublish = (Id: number) => adminCall<number>(other, c.admin, 'POST', '/api/XfSysBussiness/PublishPrivacyPolicy', { Id });
      const [first, second] = await Promise.all([publish(a.Data), otherPublish(b.Data)]);
      expect([first.Code, second.Code]).toEqual([200, 200]);
      expect([first.Data, second.Data].sort()).toEqual([3, 4]);
      await expect
        .poll(async () => envelope<PublicPrivacyPolicyDto>(await other.app.inject({ method: 'GET', url: '/api/XfWebApi/GetPrivacyPolicy' })).Data.Version, {
          timeout: 10_000,
        })
        .toBe(4);
      expect((await policy()).Data.Versions.map((v) => v.Version)).toEqual([4, 3, 2, 1]);
    } finally {
      await other.close();
    }
  });

  it('guards every back-office call; a 内容编辑 has none of them', async () => {
    const draft = await save({ Content: '<p>守卫</p>', Summary: '守卫' });
    const calls: GuardedCall[] = [
      ['GET', 'GetPrivacyPolicyList'],
      ['POST', 'SavePrivacyPolicy', { Content: '<p>x</p>', Summary: 'x' }],
      ['POST', 'SavePrivacyPolicy', { Id: draft.Data, Content: '<p>x</p>', Summary: 'x' }],
      ['POST', 'PublishPrivacyPolicy', { Id: draft.Data }],
      ['POST', 'DelPrivacyPolicy', { Id: draft.Data }],
    ];
    await expectGuarded(c, calls);
    for (const [method, name, payload] of calls) expect((await c.call(c.editor, method, name, payload)).Code, name).toBe(403);
    expect((await versions()).List[0]).toMatchObject({ Id: draft.Data, Version: 0, Summary: '守卫' });
  });

  it('reaches an existing install: 隐私政策 and its buttons are added under 系统管理 once', async () => {
    const { before, after } = await offeredAgain(c.t, 'system:privacy:');
    expect(before.map((m) => m.perms)).toEqual([
      'system:privacy:list',
      'system:privacy:add',
      'system:privacy:edit',
      'system:privacy:delete',
      'system:privacy:publish',
    ]);
    expect(after.map((m) => [m.perms, m.menu_type])).toEqual([
      ['system:privacy:list', 2],
      ['system:privacy:add', 3],
      ['system:privacy:edit', 3],
      ['system:privacy:delete', 3],
      ['system:privacy:publish', 3],
    ]);
    expect(await menuEntries(c.t, 'system:privacy:')).toEqual(after);
    const own = (await adminCall<SystemMenuDto[]>(c.t, c.admin, 'GET', '/api/XfSystemApi/GetSystemMenuList')).Data;
    const page = own.find((m) => m.menuname === '系统管理')?.children.find((m) => m.menuname === '隐私政策');
    expect(page).toMatchObject({ path: 'system/privacy', component: 'system/privacy/index', icon: 'FileProtectOutlined' });
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MenuReviewFlowDto, ReviewSummaryDto } from '@portal/shared';
import { adminCall, createAdmin } from '../../../test/admin.js';
import { insertMenu } from '../../../test/fixtures.js';
import { enginesFor } from '../../../test/harness.js';
import { createReviewTest, roleWith, type ReviewTest } from '../../../test/review.js';

describe.each(enginesFor('neutral'))('review chains of 栏目管理 on %s', (engine) => {
  let r: ReviewTest;
  beforeAll(async () => {
    r = await createReviewTest(engine);
  });
  afterAll(() => r.t.close());

  const flow = async (menuId: number, token = r.tokens.admin) => r.call<MenuReviewFlowDto>(token, 'GET', `GetMenuReviewFlow?menuid=${menuId}`);
  const saveFlow = (payload: Record<string, unknown>, token = r.tokens.admin) => r.call<number>(token, 'POST', 'SaveMenuReviewFlow', payload);
  const summary = async () => (await r.call<ReviewSummaryDto>(r.tokens.admin, 'GET', 'GetReviewSummary')).Data;

  it('answers a menu’s own steps, a sub-menu the nearest ancestor’s, and none where no menu above has any', async () => {
    const own = await flow(r.menus.news);
    expect(own).toEqual({
      Code: 200,
      Message: '操作成功',
      Data: {
        MenuId: r.menus.news,
        Own: true,
        InheritedFrom: null,
        Steps: [
          { Name: '初审', RoleIds: [r.roles.first], RoleNames: ['初审'], NoSelfReview: false, Blocked: false },
          { Name: '终审', RoleIds: [r.roles.final, r.roles.editor], RoleNames: ['终审', '内容编辑'], NoSelfReview: true, Blocked: false },
        ],
      },
    });
    const inherited = (await flow(r.menus.child)).Data;
    expect(inherited).toMatchObject({ MenuId: r.menus.child, Own: false, InheritedFrom: { MenuId: r.menus.news, MenuName: '新闻中心' } });
    expect(inherited.Steps.map((s) => s.Name)).toEqual(['初审', '终审']);
    expect((await flow(r.menus.plain)).Data).toEqual({ MenuId: r.menus.plain, Own: false, InheritedFrom: null, Steps: [] });
    expect(await flow(999_999)).toEqual({ Code: 404, Message: '栏目不存在', Data: null });
    // 撰稿 lists menus and may read the chain, but not set it.
    expect((await flow(r.menus.news, r.tokens.writer)).Code).toBe(200);
    expect((await saveFlow({ MenuId: r.menus.plain, Steps: [] }, r.tokens.writer)).Code).toBe(403);
  });

  it('lets a sub-menu set its own chain and drop it again, audited', async () => {
    const grandchild = await insertMenu(r.t.app.services.database.db, { name: '图片新闻', parentId: r.menus.child });
    expect(await saveFlow({ MenuId: r.menus.child, Steps: [{ Name: '单审', RoleIds: [r.roles.final] }] })).toEqual({
      Code: 200,
      Message: '操作成功',
      Data: r.menus.child,
    });
    expect((await flow(grandchild)).Data).toMatchObject({
      Own: false,
      InheritedFrom: { MenuId: r.menus.child, MenuName: '协会动态' },
      Steps: [{ Name: '单审', NoSelfReview: false }],
    });
    expect((await saveFlow({ MenuId: r.menus.child, Steps: [] })).Code).toBe(200);
    expect((await flow(grandchild)).Data.InheritedFrom).toEqual({ MenuId: r.menus.news, MenuName: '新闻中心' });
    const audit = await r.t.app.services.database.db
      .selectFrom('audit_logs')
      .select(['target', 'target_id', 'detail'])
      .where('action', '=', 'content:menu:review')
      .orderBy('id')
      .execute();
    expect(audit.slice(-2)).toEqual([
      { target: '审核流程', target_id: String(r.menus.child), detail: '协会动态：单审' },
      { target: '审核流程', target_id: String(r.menus.child), detail: '协会动态：无（沿用上级栏目）' },
    ]);
  });

  it('refuses unknown roles, roles that cannot review, and malformed steps, with the contract’s messages', async () => {
    const bystander = await roleWith(r.t, r.tokens.admin, '旁观', ['content:news:list']);
    const step = (more: Record<string, unknown>) => ({ MenuId: r.menus.plain, Steps: [{ Name: '初审', RoleIds: [r.roles.first], ...more }] });
    const cases: [Record<string, unknown>, string][] = [
      [step({ RoleIds: [999_999] }), '审核角色不存在'],
      [step({ RoleIds: [r.roles.first, bystander] }), '角色“旁观”没有“待我审核”权限，不能审核'],
      [step({ RoleIds: [] }), '请选择审核角色'],
      [step({ Name: '  ' }), '请填写审核步骤名称'],
      [{ MenuId: r.menus.plain, Steps: Array.from({ length: 6 }, (_, i) => ({ Name: `第${i + 1}审`, RoleIds: [r.roles.first] })) }, '审核步骤最多5步'],
      [{ MenuId: 999_999, Steps: [] }, '栏目不存在'],
    ];
    for (const [payload, message] of cases) expect((await saveFlow(payload)).Message, message).toBe(message);
    expect((await flow(r.menus.plain)).Data.Steps).toEqual([]);
  });

  it('reports a step no enabled admin can decide: its role without admins, disabled or deleted', async () => {
    expect((await summary()).Blocked).toEqual([]);
    const standby = await roleWith(r.t, r.tokens.admin, '后备审核', ['content:review:list']);
    const standbyMenu = await insertMenu(r.t.app.services.database.db, { name: '专题' });
    expect((await saveFlow({ MenuId: standbyMenu, Steps: [{ Name: '专审', RoleIds: [standby] }] })).Code).toBe(200);
    expect((await summary()).Blocked).toEqual([{ MenuId: standbyMenu, MenuName: '专题', StepName: '专审' }]);
    expect((await flow(standbyMenu)).Data.Steps[0]).toMatchObject({ RoleNames: ['后备审核'], Blocked: true });

    await createAdmin(r.t, r.tokens.admin, 'standby1', '后备审核');
    expect((await summary()).Blocked).toEqual([]);

    // Disabled, the role grants nothing: no one can decide.
    const role = async (status: number) =>
      adminCall(r.t, r.tokens.admin, 'POST', '/api/XfSystemApi/SaveRole', {
        RoleId: standby,
        RoleName: '后备审核',
        Status: status,
        MenuIds: await roleMenus(standby),
      });
    const roleMenus = async (id: number) =>
      (await r.t.app.services.database.db.selectFrom('role_menus').select('menu_id').where('role_id', '=', id).execute()).map((m) => m.menu_id);
    expect((await role(0)).Code).toBe(200);
    expect((await summary()).Blocked).toEqual([{ MenuId: standbyMenu, MenuName: '专题', StepName: '专审' }]);
    expect((await role(1)).Code).toBe(200);
    expect((await summary()).Blocked).toEqual([]);

    // Deleted (its admin moved away first, as DelRole requires): blocked, and named as deleted.
    const db = r.t.app.services.database.db;
    await db.updateTable('admin_users').set({ role_id: r.roles.first }).where('account', '=', 'standby1').execute();
    expect((await adminCall(r.t, r.tokens.admin, 'POST', `/api/XfSystemApi/DelRole/${standby}`)).Code).toBe(200);
    expect((await summary()).Blocked).toEqual([{ MenuId: standbyMenu, MenuName: '专题', StepName: '专审' }]);
    expect((await flow(standbyMenu)).Data.Steps[0]).toMatchObject({ RoleNames: ['（已删除的角色）'], Blocked: true });
    // The existing chain is untouched by any of this.
    expect((await flow(r.menus.news)).Data.Steps.map((s) => s.Blocked)).toEqual([false, false]);
    // Deleting the menu takes its chain with it.
    expect((await r.call(r.tokens.admin, 'POST', 'DelMenu', { MenuId: standbyMenu })).Code).toBe(200);
    expect((await summary()).Blocked).toEqual([]);
    expect(await db.selectFrom('menu_review_steps').select('id').where('menu_id', '=', standbyMenu).execute()).toEqual([]);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messageBoardMessages, type EditorOutputDto } from '@portal/shared';
import { createAdmin, loginAdmin } from '../../../test/admin.js';
import { engines } from '../../../test/harness.js';
import { createReviewTest, type ReviewTest } from '../../../test/review.js';
import { readSheet } from '../../../test/xlsx.js';

const figures = (Created: number, Published: number, Edited: number, Reviewed: number) => ({ Created, Published, Edited, Reviewed });

/**
 * 编辑工作量 from what the work left: the revisions of staff's saves and the review chain's
 * decisions, per admin and month (June and July 2024 on the test clock).
 */
describe.each(engines)('编辑工作量 on %s', (engine) => {
  let r: ReviewTest;
  const output = (query: string, token = r.tokens.admin) => r.call<EditorOutputDto>(token, 'GET', `GetEditorOutput${query}`);

  beforeAll(async () => {
    r = await createReviewTest(engine);
    await r.t.app.services.database.db.updateTable('admin_users').set({ full_name: '王撰稿' }).where('account', '=', 'writer').execute();
    // June: admin publishes an article at once in a menu without review, then corrects its title.
    const plain = await r.save({ MenuId: r.menus.plain, Title: '通知' }, r.tokens.admin);
    expect(plain.Code, plain.Message).toBe(200);
    expect((await r.save({ NewsId: plain.Data, MenuId: r.menus.plain, Title: '通知（更正）' }, r.tokens.admin)).Code).toBe(200);
    // The writer's article goes through both steps of 新闻中心's chain.
    const reviewed = await r.save({ Title: '年会召开' });
    const reviewId = await r.pendingOf(reviewed.Data);
    expect((await r.decide(r.tokens.first, { ReviewId: reviewId, StepNo: 1 })).Code).toBe(200);
    expect((await r.decide(r.tokens.final, { ReviewId: reviewId, StepNo: 2 })).Code).toBe(200);
    // July: admin takes the article down (its status changed, not to published), then puts it up again.
    r.clock.advance(31 * 86_400_000);
    r.tokens.admin = await loginAdmin(r.t);
    expect((await r.save({ NewsId: plain.Data, MenuId: r.menus.plain, Title: '通知（更正）', Status: 0 }, r.tokens.admin)).Code).toBe(200);
    expect((await r.save({ NewsId: plain.Data, MenuId: r.menus.plain, Title: '通知（更正）', Status: 1 }, r.tokens.admin)).Code).toBe(200);
  });
  afterAll(() => r.t.close());

  it('counts what each admin wrote, published, edited and reviewed, month by month, most work first', async () => {
    const { Code, Data } = await output('?start=2024-06&end=2024-07');
    expect(Code).toBe(200);
    expect(Data.Months).toEqual(['2024-06', '2024-07']);
    expect(Data.Editors.map((e) => [e.Account, e.Name, e.Total, e.Months])).toEqual([
      ['admin', '超级管理员', figures(1, 2, 3, 0), [figures(1, 1, 1, 0), figures(0, 1, 2, 0)]],
      ['final', 'final', figures(0, 0, 0, 1), [figures(0, 0, 0, 1), figures(0, 0, 0, 0)]],
      ['first', 'first', figures(0, 0, 0, 1), [figures(0, 0, 0, 1), figures(0, 0, 0, 0)]],
      ['writer', '王撰稿', figures(1, 0, 0, 0), [figures(1, 0, 0, 0), figures(0, 0, 0, 0)]],
    ]);
    expect(Data.Total).toEqual(figures(2, 2, 3, 2));
    // This month alone by default (the clock is in July).
    expect((await output('')).Data.Months).toEqual(['2024-07']);
  });

  it('refuses a range backwards or longer than 36 months, and is for staff granted it', async () => {
    for (const query of ['?start=2024-07&end=2024-06', '?start=2020-01&end=2024-07'])
      expect(await output(query)).toEqual({ Code: 400, Message: messageBoardMessages.monthRange, Data: null });
    expect((await output('?start=2024-13')).Code).toBe(400);
    await createAdmin(r.t, r.tokens.admin, 'editor_o', '内容编辑');
    expect((await output('', await loginAdmin(r.t, 'editor_o'))).Code).toBe(403);
  });

  it('exports each editor’s months with work and their totals as .xlsx', async () => {
    const res = await r.t.app.inject({
      method: 'GET',
      url: '/api/XfSysBussiness/ExportEditorOutput?start=2024-06&end=2024-07',
      headers: { token: r.tokens.admin },
    });
    expect(res.statusCode).toBe(200);
    const rows = await readSheet(res.rawPayload);
    expect(rows[0]).toEqual(['姓名', '账号', '月份', '新建', '发布', '修改', '审核']);
    expect(rows.slice(1, 4)).toEqual([
      ['超级管理员', 'admin', '2024-06', 1, 1, 1, 0],
      ['超级管理员', 'admin', '2024-07', 0, 1, 2, 0],
      ['超级管理员', 'admin', '合计', 1, 2, 3, 0],
    ]);
    expect(rows[rows.length - 1]).toEqual(['全部', undefined, '合计', 2, 2, 3, 2]);
  });
});

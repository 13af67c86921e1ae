import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ArticleStatus,
  formatCst,
  ReviewKind,
  ReviewState,
  RevisionKind,
  type AdminNewsItemDto,
  type ListDto,
  type NewsRevisionListDto,
  type ReviewListItemDto,
} from '@portal/shared';
import { insertNews } from '../../../test/fixtures.js';
import { engines } from '../../../test/harness.js';
import { publicCall } from '../../../test/members.js';
import { createReviewTest, type ReviewTest } from '../../../test/review.js';
import { readSheet } from '../../../test/xlsx.js';

const HOUR = 3_600_000;

describe.each(engines)('the review chain (三审) on %s', (engine) => {
  let r: ReviewTest;
  beforeAll(async () => {
    r = await createReviewTest(engine);
  });
  afterAll(() => r.t.close());

  const db = () => r.t.app.services.database.db;
  const publicDetail = async (id: number) =>
    (await publicCall<{ Status: number; Title: string; NewContent: string }>(r.t, undefined, 'GET', `GetNewsDetail?newsid=${id}`)).Data;
  const publicTitles = async (query: string) =>
    (await publicCall<{ List: { NewsId: number; Title: string }[] }>(r.t, undefined, 'GET', `GetNewsList?${query}`)).Data.List.map((n) => n.Title);
  const sitemap = async () => (await r.t.app.inject({ method: 'GET', url: '/sitemap.xml' })).body;
  const publishedArticle = (title: string, content = `<p>${title}</p>`) =>
    insertNews(db(), { menuId: r.menus.child, title, content, status: ArticleStatus.Published, newsCreateTime: formatCst(r.clock.now() - HOUR) });
  /** Both steps approved by their own reviewers. */
  const approveBoth = async (reviewId: number) => {
    expect((await r.decide(r.tokens.first, { ReviewId: reviewId, StepNo: 1 })).Message).toBe('已通过，转终审');
    expect((await r.decide(r.tokens.final, { ReviewId: reviewId, StepNo: 2 })).Message).toBe('审核通过，已发布');
  };

  it('holds a new article as 审核中 through both steps, telling each step’s reviewers and then the author', async () => {
    // 拟稿 reads as the writer's name; the account stays beside it.
    await db().updateTable('admin_users').set({ full_name: '王撰稿' }).where('account', '=', 'writer').execute();
    const saved = await r.save({ Title: '协会年会召开' });
    expect(saved).toMatchObject({ Code: 200, Message: '已提交审核' });
    const id = saved.Data;
    expect(await r.article(id)).toMatchObject({ status: ArticleStatus.UnderReview, title: '协会年会召开' });
    expect((await publicDetail(id)).Status).toBe(ArticleStatus.UnderReview);
    expect(await sitemap()).not.toContain(`NewsId=${id}<`);
    const reviewId = await r.pendingOf(id);

    // 初审's two admins have it in their queue and a notice; 终审 neither yet.
    const line: Partial<ReviewListItemDto> = {
      ReviewId: reviewId,
      NewsId: id,
      Kind: ReviewKind.NewArticle,
      State: ReviewState.Pending,
      Title: '协会年会召开',
      MenuName: '协会动态',
      Author: 'writer',
      AuthorName: '王撰稿',
      StepNo: 1,
      StepCount: 2,
      StepName: '初审',
      DecideTime: '',
    };
    for (const token of [r.tokens.first, r.tokens.first2]) {
      expect(await r.queue(token)).toEqual([expect.objectContaining(line)]);
      expect((await r.notices(token)).List[0]).toMatchObject({
        Text: '新稿《协会年会召开》待您审核（初审）',
        Link: `/System/content/review?review=${reviewId}`,
        Read: false,
      });
    }
    expect(await r.queue(r.tokens.final)).toEqual([]);
    expect((await r.notices(r.tokens.final)).List).toEqual([]);
    expect(await r.decide(r.tokens.final, { ReviewId: reviewId })).toEqual({ Code: 400, Message: '您的角色不能审核此步骤', Data: null });
    expect((await r.review(reviewId, r.tokens.final)).Code).toBe(403);

    expect(await r.decide(r.tokens.first, { ReviewId: reviewId, StepNo: 1, Opinion: '同意' })).toEqual({
      Code: 200,
      Message: '已通过，转终审',
      Data: reviewId,
    });
    expect((await r.article(id)).status).toBe(ArticleStatus.UnderReview);
    // The other 初审 admin decided from the same screen: the review has moved on.
    expect((await r.decide(r.tokens.first2, { ReviewId: reviewId, StepNo: 1 })).Message).toBe('该稿件已不在审核中');
    expect(await r.queue(r.tokens.first2)).toEqual([]);
    expect((await r.notices(r.tokens.final)).List[0]?.Text).toBe('新稿《协会年会召开》待您审核（终审）');
    // 内容编辑 may decide 终审 too (the writer is not them).
    expect((await r.queue(r.tokens.editor)).map((l) => l.ReviewId)).toEqual([reviewId]);

    expect(await r.decide(r.tokens.final, { ReviewId: reviewId, StepNo: 2 })).toEqual({ Code: 200, Message: '审核通过，已发布', Data: reviewId });
    expect(await r.article(id)).toMatchObject({ status: ArticleStatus.Published, process_item_name: '' });
    expect((await publicDetail(id)).Title).toBe('协会年会召开');
    expect(await sitemap()).toContain(`NewsId=${id}<`);
    expect((await r.notices(r.tokens.writer)).List[0]).toMatchObject({
      Text: '您的新稿《协会年会召开》已审核通过',
      Link: `/System/content/news?approval=${reviewId}`,
      Read: false,
    });
    // The notice's 审批单 opens for its author, who holds no 待我审核.
    expect((await r.review(reviewId, r.tokens.writer)).Data).toMatchObject({ ReviewId: reviewId, State: ReviewState.Approved, CanDecide: false });
    expect(await r.decide(r.tokens.final, { ReviewId: reviewId })).toEqual({ Code: 400, Message: '该稿件已不在审核中', Data: null });

    // Read by one who decided it.
    const record = (await r.review(reviewId, r.tokens.first)).Data;
    expect(record).toMatchObject({
      State: ReviewState.Approved,
      StepNo: 2,
      StepName: '终审',
      CanDecide: false,
      NeedsOverride: false,
      Why: '该稿件已不在审核中',
    });
    expect(record.DecideTime).not.toBe('');
    expect(record.Version).toMatchObject({ Title: '协会年会召开', MenuId: r.menus.child, MenuName: '协会动态', NewContent: '<p>正文</p>' });
    expect(record.Decisions.map((d) => [d.StepNo, d.StepName, d.Decision, d.Opinion, d.AdminAccount, d.Override])).toEqual([
      [1, '初审', 1, '同意', 'first', ''],
      [2, '终审', 1, '', 'final', ''],
    ]);
    const audit = await db()
      .selectFrom('audit_logs')
      .select(['target', 'detail', 'account'])
      .where('action', '=', 'content:review:list')
      .orderBy('id')
      .execute();
    // Refusals are audited with their reason.
    expect(audit.slice(0, 5)).toEqual([
      { target: '审批单', detail: '您的角色不能审核此步骤', account: 'final' },
      { target: '审批单', detail: '协会年会召开（初审通过）', account: 'first' },
      { target: '审批单', detail: '该稿件已不在审核中', account: 'first2' },
      { target: '审批单', detail: '协会年会召开（终审通过）', account: 'final' },
      { target: '审批单', detail: '该稿件已不在审核中', account: 'final' },
    ]);
  });

  it('publishes an approved article whose publish time is still to come as 待发布', async () => {
    const { Data: id } = await r.save({ Title: '下周活动预告', NewsCreateTime: formatCst(r.clock.now() + 24 * HOUR) });
    expect((await r.article(id)).status).toBe(ArticleStatus.UnderReview);
    await approveBoth(await r.pendingOf(id));
    expect((await r.article(id)).status).toBe(ArticleStatus.Scheduled);
  });

  it('closes an approved version whose take-down time passed while it waited in review, instead of showing it', async () => {
    const { Data: id } = await r.save({ Title: '限时公示', OfflineTime: formatCst(r.clock.now() + HOUR) });
    const review = await r.pendingOf(id);
    expect(await r.decide(r.tokens.first, { ReviewId: review })).toMatchObject({ Code: 200 });
    r.clock.advance(2 * HOUR);
    expect(await r.decide(r.tokens.final, { ReviewId: review })).toMatchObject({ Code: 200, Message: '审核通过；下线时间已过，文章已下线' });
    expect((await r.article(id)).status).toBe(ArticleStatus.Closed);
    expect(await publicTitles(`pid=${r.menus.child}`)).not.toContain('限时公示');
  });

  it('keeps an edit of a published article beside it, unseen by visitors, until the last step applies it', async () => {
    const id = await publishedArticle('原标题', '<p>原有正文</p>');
    const before = await r.article(id);
    const edit = await r.save({ NewsId: id, Title: '改后标题', NewContent: '<p>待审改稿专用词</p>', Version: before.version });
    expect(edit).toEqual({ Code: 200, Message: '修改已提交审核，审核通过后生效', Data: id });
    // The article itself is untouched: status, text and version.
    expect(await r.article(id)).toEqual(before);
    expect(await publicDetail(id)).toMatchObject({ Status: ArticleStatus.Published, Title: '原标题', NewContent: '<p>原有正文</p>' });
    expect(await publicTitles(`pid=${r.menus.child}`)).toContain('原标题');
    expect(await publicTitles(`pid=${r.menus.child}`)).not.toContain('改后标题');
    expect(await publicTitles(`key=${encodeURIComponent('待审改稿专用词')}`)).toEqual([]);
    expect(await publicTitles(`key=${encodeURIComponent('改后标题')}`)).toEqual([]);
    // 文章管理 marks it 修改待审.
    const listed = async () =>
      (await r.call<ListDto<AdminNewsItemDto>>(r.tokens.admin, 'GET', `GetNewsList?key=${encodeURIComponent('标题')}&pagesize=100`)).Data.List.find(
        (n) => n.NewsId === id,
      );
    expect(await listed()).toMatchObject({ Title: '原标题', Status: ArticleStatus.Published, EditPending: true });
    const first = await r.pendingOf(id);
    expect((await r.review(first)).Data).toMatchObject({
      Kind: ReviewKind.Edit,
      Title: '改后标题',
      Version: { Title: '改后标题', NewContent: '<p>待审改稿专用词</p>' },
      // What the reviewers compare it with: the published article it would replace.
      Live: { Title: '原标题', NewContent: '<p>原有正文</p>', MenuName: '协会动态' },
    });

    // A newer save replaces the waiting one.
    expect((await r.save({ NewsId: id, Title: '再改标题', NewContent: '<p>再改正文专用词</p>' })).Message).toBe('修改已提交审核，审核通过后生效');
    const second = await r.pendingOf(id);
    expect(second).not.toBe(first);
    expect((await r.review(first)).Data).toMatchObject({ State: ReviewState.Withdrawn, Live: null });
    expect(await r.decide(r.tokens.first, { ReviewId: first })).toMatchObject({ Code: 400, Message: '该稿件已不在审核中' });

    await approveBoth(second);
    expect(await r.article(id)).toMatchObject({ status: ArticleStatus.Published, title: '再改标题', version: before.version + 1 });
    expect(await publicDetail(id)).toMatchObject({ Title: '再改标题', NewContent: '<p>再改正文专用词</p>' });
    expect(await listed()).toMatchObject({ Title: '再改标题', EditPending: false });
    expect(await publicTitles(`key=${encodeURIComponent('再改正文专用词')}`)).toEqual(['再改标题']);
    const history = await r.call<NewsRevisionListDto>(r.tokens.admin, 'GET', `GetNewsRevisionList?newsid=${id}`);
    expect(history.Data.List.map((v) => [v.Version, v.Kind, v.Summary, v.AdminAccount])).toEqual([
      [before.version + 1, RevisionKind.Edited, '标题、正文', 'writer'],
    ]);
    expect((await r.notices(r.tokens.writer)).List[0]?.Text).toBe('您的修改稿《再改标题》已审核通过');
  });

  it('drops a rejected edit and leaves the live article as published; a rejected new article is 审核不通过 with the opinion', async () => {
    const id = await publishedArticle('驳回前标题');
    await r.save({ NewsId: id, Title: '不当修改' });
    const editReview = await r.pendingOf(id);
    expect(await r.decide(r.tokens.first, { ReviewId: editReview, Decision: 2 })).toEqual({ Code: 400, Message: '请填写驳回理由', Data: null });
    expect(await r.decide(r.tokens.first, { ReviewId: editReview, Decision: 2, Opinion: '标题不妥' })).toEqual({
      Code: 200,
      Message: '已驳回',
      Data: editReview,
    });
    expect(await r.article(id)).toMatchObject({ status: ArticleStatus.Published, title: '驳回前标题' });
    expect((await r.notices(r.tokens.writer)).List[0]?.Text).toBe('您的修改稿《不当修改》被驳回（初审）：标题不妥');

    const { Data: fresh } = await r.save({ Title: '待驳回新稿' });
    const newReview = await r.pendingOf(fresh);
    await r.decide(r.tokens.first, { ReviewId: newReview });
    expect((await r.decide(r.tokens.final, { ReviewId: newReview, Decision: 2, Opinion: '  数据有误  ' })).Message).toBe('已驳回');
    expect(await r.article(fresh)).toMatchObject({ status: ArticleStatus.Rejected, process_item_name: '数据有误' });
    expect((await r.review(newReview)).Data).toMatchObject({
      State: ReviewState.Rejected,
      Decisions: [{ Decision: 1 }, { Decision: 2, Opinion: '数据有误', StepName: '终审' }],
    });
    // Corrected but kept 审核不通过: saved, and said so — not resubmitted.
    expect(await r.save({ NewsId: fresh, Title: '待驳回新稿（修改中）', Status: ArticleStatus.Rejected })).toEqual({
      Code: 200,
      Message: '已保存，尚未重新提交审核（状态选择「正常」保存即重新提交）',
      Data: fresh,
    });
    expect(await r.article(fresh)).toMatchObject({ status: ArticleStatus.Rejected, process_item_name: '数据有误' });
    expect(await r.queue(r.tokens.first)).toEqual([]);
    // Saved again for publication, it goes back to the start of the chain.
    expect((await r.save({ NewsId: fresh, Title: '待驳回新稿（修改）' })).Message).toBe('已提交审核');
    expect(await r.queue(r.tokens.first)).toEqual([expect.objectContaining({ NewsId: fresh, StepNo: 1 })]);
    await approveBoth(await r.pendingOf(fresh));
  });

  it('keeps the author from deciding their own article where the step says so; a super administrator overrides only with a reason', async () => {
    const { Data: id } = await r.save({ Title: '内容编辑自撰稿' }, r.tokens.editor);
    const reviewId = await r.pendingOf(id);
    await r.decide(r.tokens.first, { ReviewId: reviewId });
    // 终审 names 内容编辑, but not for their own article: not in their queue, refused, and told why.
    expect(await r.queue(r.tokens.editor)).toEqual([]);
    expect((await r.notices(r.tokens.editor)).List.map((n) => n.Text)).not.toContain('新稿《内容编辑自撰稿》待您审核（终审）');
    expect((await r.review(reviewId, r.tokens.editor)).Data).toMatchObject({ CanDecide: false, NeedsOverride: false, Why: '此步骤不得审核本人稿件' });
    expect(await r.decide(r.tokens.editor, { ReviewId: reviewId })).toEqual({ Code: 400, Message: '此步骤不得审核本人稿件', Data: null });

    // The super administrator's role is not named by 终审: an override, which needs a reason.
    expect((await r.review(reviewId)).Data).toMatchObject({ CanDecide: true, NeedsOverride: true, Why: '您的角色不能审核此步骤' });
    expect(await r.decide(r.tokens.admin, { ReviewId: reviewId })).toEqual({ Code: 400, Message: '越级审核须填写原因', Data: null });
    expect((await r.decide(r.tokens.admin, { ReviewId: reviewId, OverrideReason: '终审人出差，紧急发布' })).Message).toBe('审核通过，已发布');
    expect((await r.article(id)).status).toBe(ArticleStatus.Published);
    expect((await r.review(reviewId)).Data.Decisions[1]).toMatchObject({ StepName: '终审', AdminAccount: 'admin', Override: '终审人出差，紧急发布' });
    const audit = await db()
      .selectFrom('audit_logs')
      .select('detail')
      .where('action', '=', 'content:review:list')
      .where('account', '=', 'admin')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(audit.detail).toBe('内容编辑自撰稿（终审通过）；越级审核：终审人出差，紧急发布');
  });

  it('lets exactly one of two reviewers deciding at once through', async () => {
    const { Data: id } = await r.save({ Title: '并发审核' });
    const reviewId = await r.pendingOf(id);
    // Each sends the step it was shown, as the back office does.
    const answers = await Promise.all([
      r.decide(r.tokens.first, { ReviewId: reviewId, StepNo: 1 }),
      r.decide(r.tokens.first2, { ReviewId: reviewId, StepNo: 1 }),
    ]);
    expect(answers.map((a) => a.Message).sort()).toEqual(['已通过，转终审', '该稿件已不在审核中'].sort());
    expect((await r.review(reviewId)).Data).toMatchObject({ StepNo: 2, Decisions: [{ StepNo: 1 }] });
  });

  it('withdraws a review when the article is saved outside it or deleted, and keeps the record', async () => {
    const { Data: id } = await r.save({ Title: '改存草稿' });
    const reviewId = await r.pendingOf(id);
    expect((await r.save({ NewsId: id, Title: '改存草稿', Status: ArticleStatus.Draft })).Message).toBe('操作成功');
    expect((await r.article(id)).status).toBe(ArticleStatus.Draft);
    expect((await r.review(reviewId)).Data.State).toBe(ReviewState.Withdrawn);

    const { Data: gone } = await r.save({ Title: '将被删除' });
    const goneReview = await r.pendingOf(gone);
    expect((await r.call(r.tokens.writer, 'POST', 'DelNews', { NewsId: gone })).Code).toBe(200);
    expect((await r.review(goneReview)).Data).toMatchObject({ State: ReviewState.Withdrawn, Title: '将被删除' });
    expect((await r.queue(r.tokens.first)).map((l) => l.NewsId)).not.toContain(gone);

    // Outside a chain nothing changes: saved 正常, published at once.
    const plain = await r.save({ MenuId: r.menus.plain, Title: '直接发布' });
    expect(plain.Message).toBe('操作成功');
    expect((await r.article(plain.Data)).status).toBe(ArticleStatus.Published);
    expect(await db().selectFrom('news_reviews').select('id').where('news_id', '=', plain.Data).execute()).toEqual([]);
  });

  it('leaves articles of a menu with a chain out of a bulk publish, and sends a restore of a published one through review', async () => {
    const draft = await insertNews(db(), { menuId: r.menus.child, title: '草稿一篇', status: ArticleStatus.Draft });
    const plainDraft = await insertNews(db(), { menuId: r.menus.plain, title: '普通草稿', status: ArticleStatus.Draft });
    expect(await r.call(r.tokens.writer, 'POST', 'PublishNews', { NewsId: [draft, plainDraft] })).toMatchObject({
      Code: 200,
      Data: { Changed: 1, Skipped: [{ NewsId: draft, Title: '草稿一篇', Reason: '所在栏目需要审核，请打开文章提交审核' }] },
    });
    expect((await r.article(draft)).status).toBe(ArticleStatus.Draft);
    expect((await r.article(plainDraft)).status).not.toBe(ArticleStatus.Draft);

    const id = await publishedArticle('恢复前标题');
    // Taking it down needs no review, and leaves a revision to go back to.
    await r.save({ NewsId: id, MenuId: r.menus.child, Title: '恢复后标题', Status: ArticleStatus.Closed }, r.tokens.writer);
    const revisions = await r.call<NewsRevisionListDto>(r.tokens.writer, 'GET', `GetNewsRevisionList?newsid=${id}`);
    await db().updateTable('news').set({ status: ArticleStatus.Published, title: '现行标题' }).where('id', '=', id).execute();
    const current = await r.article(id);
    const restored = await r.call(r.tokens.writer, 'POST', 'RestoreNewsRevision', { RevisionId: revisions.Data.List[0]!.RevisionId, Version: current.version });
    expect(restored).toEqual({ Code: 200, Message: '修改已提交审核，审核通过后生效', Data: id });
    expect(await r.article(id)).toEqual(current);
    const reviewId = await r.pendingOf(id);
    await approveBoth(reviewId);
    expect(await r.article(id)).toMatchObject({ title: '恢复后标题', status: ArticleStatus.Published });
    const latest = (await r.call<NewsRevisionListDto>(r.tokens.writer, 'GET', `GetNewsRevisionList?newsid=${id}`)).Data.List[0];
    expect(latest).toMatchObject({ Kind: RevisionKind.Restored, RestoredFrom: revisions.Data.List[0]!.RevisionId });
  });

  it('lets only those who hold 审批记录 read every review; others read what they may decide, decided or wrote', async () => {
    const { Data: id } = await r.save({ Title: '记录权限' });
    const reviewId = await r.pendingOf(id);
    // 撰稿 holds neither 待我审核 nor 审批记录.
    expect((await r.call(r.tokens.writer, 'GET', 'GetReviewList')).Code).toBe(403);
    expect((await r.call(r.tokens.first, 'GET', 'GetReviewList?scope=all')).Code).toBe(403);
    expect((await r.review(reviewId, r.tokens.first)).Data).toMatchObject({ CanDecide: true, NeedsOverride: false, Why: '' });
    expect((await r.review(reviewId, r.tokens.final)).Code).toBe(403);
    const all = await r.call<{ List: ReviewListItemDto[]; TotalCount: number }>(
      r.tokens.editor,
      'GET',
      `GetReviewList?scope=all&key=${encodeURIComponent('记录权限')}`,
    );
    expect(all.Data).toMatchObject({ TotalCount: 1, List: [{ ReviewId: reviewId, State: ReviewState.Pending }] });
    const filtered = await r.call<{ TotalCount: number }>(r.tokens.editor, 'GET', `GetReviewList?scope=all&state=2&newsid=${id}`);
    expect(filtered.Data.TotalCount).toBe(0);
    expect((await r.review(999_999)).Message).toBe('审批记录不存在');
  });

  it('exports the 审批单 as a readable workbook, audited', async () => {
    const { Data: id } = await r.save({ Title: '=导出审批单' });
    const reviewId = await r.pendingOf(id);
    await r.decide(r.tokens.first, { ReviewId: reviewId, Opinion: '同意发布' });
    const res = await r.t.app.inject({ method: 'GET', url: `/api/XfSysBussiness/ExportReview/${reviewId}`, headers: { token: r.tokens.final } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.headers['content-disposition']).toContain(`review-${reviewId}.xlsx`);
    const rows = await readSheet(res.rawPayload);
    expect(rows[0]).toEqual(['审批单']);
    // A title that looks like a formula is kept as text.
    expect(rows).toContainEqual(['标题', "'=导出审批单"]);
    expect(rows).toContainEqual(['类型', '新稿']);
    expect(rows).toContainEqual(['状态', '审核中']);
    expect(rows).toContainEqual(['审核步骤', '审核人', '结果', '审核意见', '越级审核原因', '时间']);
    expect(rows).toContainEqual(['1. 初审', 'first（first）', '通过', '同意发布', '', formatCst(r.clock.now())]);
    expect(rows.at(-1)).toEqual(['2. 终审', '', '审核中', '', '', '']);
    const audit = await db().selectFrom('audit_logs').select(['account', 'detail']).where('action', '=', 'content:review:export').execute();
    expect(audit).toEqual([{ account: 'final', detail: '导出审批单：=导出审批单' }]);
    // 初审 decided it but holds no 导出审批单.
    const refused = await r.t.app.inject({ method: 'GET', url: `/api/XfSysBussiness/ExportReview/${reviewId}`, headers: { token: r.tokens.first } });
    expect(JSON.parse(refused.body)).toMatchObject({ Code: 403 });
  });

  it('answers the workbench summary, and each admin only their own notices', async () => {
    const mine = (await r.queue(r.tokens.first)).length;
    expect((await r.call(r.tokens.first, 'GET', 'GetReviewSummary')).Data).toEqual({ Mine: mine, Blocked: [] });
    const own = await r.notices(r.tokens.first);
    expect(own.Unread).toBeGreaterThan(0);
    const someoneElses = (await r.notices(r.tokens.final)).List[0]!.NoticeId;
    expect((await r.call(r.tokens.first, 'POST', 'ReadNotices', { NoticeId: someoneElses })).Data).toBe(0);
    expect((await r.notices(r.tokens.final)).List[0]!.Read).toBe(false);
    expect((await r.call(r.tokens.first, 'POST', 'ReadNotices', { NoticeId: own.List[0]!.NoticeId })).Data).toBe(1);
    expect((await r.notices(r.tokens.first)).Unread).toBe(own.Unread - 1);
    expect((await r.call(r.tokens.first, 'POST', 'ReadNotices', {})).Data).toBe(own.Unread - 1);
    expect((await r.notices(r.tokens.first)).Unread).toBe(0);
    // Any admin may ask, even one who reviews nothing.
    expect((await r.call(r.tokens.writer, 'GET', 'GetMyNotices')).Code).toBe(200);
  });
});

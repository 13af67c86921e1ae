import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ArticleStatus,
  ReviewDecision,
  ReviewKind,
  ReviewState,
  RevisionKind,
  type ContributionDetailDto,
  type MyNewsItemDto,
  type NewsRevisionListDto,
} from '@portal/shared';
import { insertMenu } from '../../../test/fixtures.js';
import { invalidateMenus } from '../menus/service.js';
import { enginesFor } from '../../../test/harness.js';
import { addMember, loginMember, publicCall, seedTypeChoices } from '../../../test/members.js';
import { createReviewTest, type ReviewTest } from '../../../test/review.js';

describe.each(enginesFor('neutral'))('member contributions through a review chain on %s', (engine) => {
  let r: ReviewTest;
  let member: string;
  beforeAll(async () => {
    // Mail is queued (SMTP_URL set) but never sent: the outbox's delivery is activities/mail.test.ts's.
    r = await createReviewTest(engine, { smtpUrl: 'smtp://127.0.0.1:9' });
    await addMember(r.t, r.tokens.admin, await seedTypeChoices(r.t), 'alice_co', { MemberName: '甲建设集团' });
    member = await loginMember(r.t, 'alice_co');
  });
  afterAll(() => r.t.close());

  const contribute = async (title: string, newsId = 0) => {
    const saved = await publicCall<number>(r.t, member, 'POST', 'SaveNews', {
      NewsId: newsId,
      Title: title,
      MenuId: r.menus.child,
      NewContent: '<p>投稿正文</p>',
    });
    expect(saved.Code, saved.Message).toBe(200);
    return saved.Data;
  };
  const mine = async (id: number) =>
    (await publicCall<{ List: MyNewsItemDto[] }>(r.t, member, 'GET', 'GetMyNewsList?pagesize=50')).Data.List.find((n) => n.NewsId === id);
  const audit = (token: string, body: Record<string, unknown>) => r.call<number>(token, 'POST', 'AuditContribution', body);
  const history = async (id: number) =>
    (await r.call<ContributionDetailDto>(r.tokens.admin, 'GET', `GetContribution/${id}`)).Data.Reviews.map((h) => [h.Decision, h.Reason]);

  it('goes through both steps from 投稿审核, the member seeing 审核中 until the last one approves', async () => {
    const id = await contribute('会员投稿一');
    const reviewId = await r.pendingOf(id);
    expect((await r.queue(r.tokens.first))[0]).toMatchObject({ ReviewId: reviewId, Kind: ReviewKind.Contribution, Author: '甲建设集团', StepName: '初审' });
    expect((await r.notices(r.tokens.first)).List[0]?.Text).toBe('会员投稿《会员投稿一》待您审核（初审）');

    expect(await audit(r.tokens.first, { NewsId: id, Decision: 1 })).toMatchObject({ Code: 200, Data: id });
    expect(await mine(id)).toMatchObject({ Status: ArticleStatus.UnderReview, ProcessItemName: '' });
    // 初审 cannot decide 终审 from 投稿审核 either.
    expect(await audit(r.tokens.first, { NewsId: id, Decision: 1 })).toEqual({ Code: 400, Message: '您的角色不能审核此步骤', Data: null });

    // 终审 corrects the title and approves: published, the correction kept in the history, the record and the revisions.
    expect((await audit(r.tokens.final, { NewsId: id, Decision: 1, Title: '会员投稿一（校订）' })).Code).toBe(200);
    expect(await mine(id)).toMatchObject({ Status: ArticleStatus.Published, Title: '会员投稿一（校订）' });
    expect((await publicCall<{ Status: number }>(r.t, undefined, 'GET', `GetNewsDetail?newsid=${id}`)).Data.Status).toBe(ArticleStatus.Published);
    expect(await history(id)).toEqual([
      [ReviewDecision.Submitted, ''],
      [ReviewDecision.Approved, '已通过，转终审'],
      [ReviewDecision.Corrected, '修改了标题'],
      [ReviewDecision.Approved, ''],
    ]);
    expect((await r.review(reviewId)).Data).toMatchObject({
      State: ReviewState.Approved,
      Title: '会员投稿一（校订）',
      Version: { Title: '会员投稿一（校订）' },
    });
    const revisions = await r.call<NewsRevisionListDto>(r.tokens.admin, 'GET', `GetNewsRevisionList?newsid=${id}`);
    expect(revisions.Data.List.map((v) => v.Kind)).toEqual([RevisionKind.Corrected, RevisionKind.Contributed]);
  });

  it('is rejected with the reason the member sees, decided on either page, and starts again at step 1 when resubmitted', async () => {
    const id = await contribute('会员投稿二');
    const reviewId = await r.pendingOf(id);
    expect((await r.decide(r.tokens.first, { ReviewId: reviewId, StepNo: 1 })).Code).toBe(200);
    expect(await audit(r.tokens.final, { NewsId: id, Decision: 2 })).toMatchObject({ Code: 400, Message: '请输入驳回原因' });
    expect((await audit(r.tokens.final, { NewsId: id, Decision: 2, Reason: '请补充数据来源' })).Code).toBe(200);
    expect(await mine(id)).toMatchObject({ Status: ArticleStatus.Rejected, ProcessItemName: '请补充数据来源' });
    expect((await r.review(reviewId)).Data.State).toBe(ReviewState.Rejected);
    expect((await history(id)).at(-1)).toEqual([ReviewDecision.Rejected, '请补充数据来源']);

    await contribute('会员投稿二（补充后）', id);
    const again = await r.pendingOf(id);
    expect(again).not.toBe(reviewId);
    expect((await r.review(again)).Data).toMatchObject({ StepNo: 1, Kind: ReviewKind.Contribution, Title: '会员投稿二（补充后）' });
    expect(await mine(id)).toMatchObject({ Status: ArticleStatus.UnderReview, ProcessItemName: '' });
  });

  it('takes a super administrator’s decision from 投稿审核 only with an override reason', async () => {
    const id = await contribute('会员投稿三');
    // 投稿审核 is told the step and who may decide it, so it asks the super administrator for a reason before sending.
    const step = async (token: string) => (await r.call<ContributionDetailDto>(token, 'GET', `GetContribution/${id}`)).Data.ChainStep;
    expect(await step(r.tokens.admin)).toEqual({
      ReviewId: await r.pendingOf(id),
      StepNo: 1,
      StepCount: 2,
      StepName: '初审',
      CanDecide: true,
      NeedsOverride: true,
      Why: '您的角色不能审核此步骤',
    });
    expect(await step(r.tokens.first)).toMatchObject({ StepName: '初审', CanDecide: true, NeedsOverride: false, Why: '' });
    expect(await step(r.tokens.final)).toMatchObject({ CanDecide: false, Why: '您的角色不能审核此步骤' });
    expect(await audit(r.tokens.admin, { NewsId: id, Decision: 1 })).toEqual({ Code: 400, Message: '越级审核须填写原因', Data: null });
    expect((await audit(r.tokens.admin, { NewsId: id, Decision: 1, OverrideReason: '初审人休假' })).Code).toBe(200);
    const reviewId = await r.pendingOf(id);
    expect((await r.review(reviewId)).Data).toMatchObject({ StepNo: 2, Decisions: [{ AdminAccount: 'admin', Override: '初审人休假' }] });
    expect(await mine(id)).toMatchObject({ Status: ArticleStatus.UnderReview });
  });

  it('e-mails the member the final outcome only, decided on either page, with or without a chain', async () => {
    const mails = async (title: string) =>
      (
        await r.t.app.services.database.db
          .selectFrom('mail_outbox')
          .select(['recipient', 'subject', 'body'])
          .where('subject', 'like', `%《${title}》%`)
          .orderBy('id')
          .execute()
      ).map((m) => ({
        ...m,
        body: m.body.split('\n').filter((line) => line.includes('您投稿') || line.startsWith('驳回原因') || line.startsWith('查看我的投稿')),
      }));
    const approved = await contribute('邮件投稿甲');
    expect((await audit(r.tokens.first, { NewsId: approved, Decision: 1 })).Code).toBe(200);
    expect(await mails('邮件投稿甲')).toEqual([]);
    expect((await r.decide(r.tokens.final, { ReviewId: await r.pendingOf(approved) })).Code).toBe(200);
    expect(await mails('邮件投稿甲')).toEqual([
      {
        recipient: 'alice_co@example.com',
        subject: '【投稿审核】《邮件投稿甲》已审核通过并发布',
        body: ['您投稿的文章《邮件投稿甲》已审核通过并发布。', expect.stringMatching(/^查看我的投稿：https?:\/\/[^/]+\/contribute$/)],
      },
    ]);

    const rejected = await contribute('邮件投稿乙');
    expect((await r.decide(r.tokens.first, { ReviewId: await r.pendingOf(rejected), Decision: 2, Opinion: '图片不清晰' })).Code).toBe(200);
    expect(await mails('邮件投稿乙')).toMatchObject([
      { subject: '【投稿审核】《邮件投稿乙》未通过审核', body: ['您投稿的文章《邮件投稿乙》未通过审核。', '驳回原因：图片不清晰', expect.any(String)] },
    ]);

    // A menu without a chain: the one-step 投稿审核 mails as well.
    const plain = await insertMenu(r.t.app.services.database.db, { name: '会员风采', acceptsContributions: true });
    invalidateMenus(r.t.app.services.database);
    const saved = await publicCall<number>(r.t, member, 'POST', 'SaveNews', { NewsId: 0, Title: '邮件投稿丙', MenuId: plain, NewContent: '<p>投稿正文</p>' });
    expect(saved.Code, saved.Message).toBe(200);
    const decided = await audit(r.tokens.first, { NewsId: saved.Data, Decision: 2, Reason: '请补充单位名称' });
    expect(decided.Code, decided.Message).toBe(200);
    expect(await mails('邮件投稿丙')).toMatchObject([
      { subject: '【投稿审核】《邮件投稿丙》未通过审核', body: [expect.any(String), '驳回原因：请补充单位名称', expect.any(String)] },
    ]);
  });
});

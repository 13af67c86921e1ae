import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ArticleStatus, formatCst, type NewsRevisionListDto } from '@portal/shared';
import { insertMemberRow } from '../../../test/admin.js';
import { insertNews } from '../../../test/fixtures.js';
import { engines } from '../../../test/harness.js';
import { createReviewTest, type ReviewTest } from '../../../test/review.js';

/**
 * Generated walks through every call that changes an article's menu or status, made by an editor
 * who holds 修改文章 but neither 待我审核 nor 投稿审核 (the writer of test/review.ts). Nobody
 * approves anything during a walk, so its one rule is simple: an article public in a menu with a
 * review chain shows exactly the placement and text it had when the walk began, approved (or not
 * at all); and a member's contribution never leaves its review. Each walk starts from a fresh
 * article in one of the states an article can be in.
 */

const HOUR = 3_600_000;

/** The states a walk starts from. */
const starts = ['draftPlain', 'publishedPlain', 'draftChained', 'underReviewChained', 'approvedChained', 'contribution', 'rejectedContribution'] as const;
type Start = (typeof starts)[number];

/** The calls a walk is made of: every call of 文章管理 and 历史版本 that changes an article's menu or status. */
const steps = [
  'SaveNews:publish-here',
  'SaveNews:publish-into-chained',
  'SaveNews:publish-into-plain',
  'SaveNews:close',
  'PublishNews',
  'OfflineNews',
  'MoveNews:into-chained',
  'MoveNews:into-plain',
  'RestoreNewsRevision:first',
] as const;
type Step = (typeof steps)[number];

/** A small deterministic generator (mulberry32): the same walks on every run and engine. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Every single call from every state, the two walks the attack pass found, and seeded random walks of four calls. */
function walks(): { start: Start; path: Step[] }[] {
  const all: { start: Start; path: Step[] }[] = [];
  for (const start of starts) for (const step of steps) all.push({ start, path: [step] });
  all.push({ start: 'publishedPlain', path: ['MoveNews:into-chained'] });
  all.push({ start: 'draftChained', path: ['MoveNews:into-plain', 'PublishNews', 'MoveNews:into-chained'] });
  all.push({ start: 'contribution', path: ['SaveNews:close', 'PublishNews'] });
  all.push({ start: 'contribution', path: ['OfflineNews', 'PublishNews'] });
  const next = random(51);
  for (const start of starts) {
    for (let w = 0; w < 6; w += 1) all.push({ start, path: Array.from({ length: 4 }, () => steps[Math.floor(next() * steps.length)] as Step) });
  }
  return all;
}

describe.each(engines)('no way around the review chain for an editor on %s', (engine) => {
  let r: ReviewTest;
  let memberId: number;
  beforeAll(async () => {
    r = await createReviewTest(engine);
    memberId = await insertMemberRow(r.t, 'member_co', 1);
  });
  afterAll(() => r.t.close());

  const db = () => r.t.app.services.database.db;
  const chained = (menuId: number) => menuId === r.menus.news || menuId === r.menus.child;
  const isPublic = (status: number) => status === ArticleStatus.Published || status === ArticleStatus.Scheduled;
  const read = (id: number) =>
    db().selectFrom('news').select(['menu_id', 'status', 'title', 'content', 'version']).where('id', '=', id).executeTakeFirstOrThrow();

  /** A fresh article in the state; answers its id. */
  async function begin(start: Start, n: number): Promise<number> {
    const title = `文章${n}`;
    const past = formatCst(r.clock.now() - HOUR);
    const fixture = { title, content: `<p>${title}</p>`, newsCreateTime: past };
    switch (start) {
      case 'draftPlain':
        return insertNews(db(), { ...fixture, menuId: r.menus.plain, status: ArticleStatus.Closed });
      case 'publishedPlain':
        return insertNews(db(), { ...fixture, menuId: r.menus.plain, status: ArticleStatus.Published });
      case 'draftChained':
        return insertNews(db(), { ...fixture, menuId: r.menus.child, status: ArticleStatus.Closed });
      case 'contribution':
        return insertNews(db(), { ...fixture, menuId: r.menus.plain, status: ArticleStatus.UnderReview, memberId });
      case 'rejectedContribution':
        return insertNews(db(), { ...fixture, menuId: r.menus.plain, status: ArticleStatus.Rejected, memberId });
      case 'underReviewChained':
      case 'approvedChained': {
        const saved = await r.save({ Title: title, NewContent: `<p>${title}</p>` });
        expect(saved.Code, saved.Message).toBe(200);
        if (start === 'approvedChained') {
          const reviewId = await r.pendingOf(saved.Data);
          expect((await r.decide(r.tokens.first, { ReviewId: reviewId, StepNo: 1 })).Code).toBe(200);
          expect((await r.decide(r.tokens.final, { ReviewId: reviewId, StepNo: 2 })).Code).toBe(200);
        }
        return saved.Data;
      }
    }
  }

  /** The call, as the writer; a refusal is a fine outcome, a server error is not. */
  async function take(step: Step, id: number): Promise<void> {
    const current = await read(id);
    const save = (menuId: number, status: number) =>
      r.call(r.tokens.writer, 'POST', 'SaveNews', { NewsId: id, MenuId: menuId, Title: current.title, NewContent: current.content, Status: status });
    let answer: { Code: number; Message: string };
    switch (step) {
      case 'SaveNews:publish-here':
        answer = await save(current.menu_id, ArticleStatus.Published);
        break;
      case 'SaveNews:publish-into-chained':
        answer = await save(r.menus.child, ArticleStatus.Published);
        break;
      case 'SaveNews:publish-into-plain':
        answer = await save(r.menus.plain, ArticleStatus.Published);
        break;
      case 'SaveNews:close':
        answer = await save(current.menu_id, ArticleStatus.Closed);
        break;
      case 'PublishNews':
      case 'OfflineNews':
        answer = await r.call(r.tokens.writer, 'POST', step, { NewsId: [id] });
        break;
      case 'MoveNews:into-chained':
        answer = await r.call(r.tokens.writer, 'POST', 'MoveNews', { NewsId: [id], MenuId: r.menus.child });
        break;
      case 'MoveNews:into-plain':
        answer = await r.call(r.tokens.writer, 'POST', 'MoveNews', { NewsId: [id], MenuId: r.menus.plain });
        break;
      case 'RestoreNewsRevision:first': {
        const revisions = await r.call<NewsRevisionListDto>(r.tokens.writer, 'GET', `GetNewsRevisionList?newsid=${id}&pagesize=100`);
        const first = revisions.Data.List.at(-1);
        if (!first) return;
        answer = await r.call(r.tokens.writer, 'POST', 'RestoreNewsRevision', { RevisionId: first.RevisionId, Version: current.version });
        break;
      }
    }
    expect([200, 400], `${step}: ${answer.Message}`).toContain(answer.Code);
  }

  it('keeps every article public in a reviewed menu as approved, and every contribution in its review, whatever the editor calls', async () => {
    let n = 0;
    for (const { start, path } of walks()) {
      n += 1;
      const id = await begin(start, n);
      const approved = await read(id);
      const wasPublicInChain = isPublic(approved.status) && chained(approved.menu_id);
      for (const [i, step] of path.entries()) {
        await take(step, id);
        const now = await read(id);
        const where = `${start} → ${path.slice(0, i + 1).join(' → ')}`;
        if (isPublic(now.status) && chained(now.menu_id)) {
          expect(wasPublicInChain, `${where}: public in a reviewed menu without its review`).toBe(true);
          expect({ menu: now.menu_id, title: now.title, content: now.content }, where).toEqual({
            menu: approved.menu_id,
            title: approved.title,
            content: approved.content,
          });
        }
        if (start === 'contribution' || start === 'rejectedContribution') {
          expect(now.status, `${where}: a contribution left its review`).toBe(approved.status);
        }
      }
    }
  });

  it('moves a published article into a reviewed menu as an edit that waits: the live article stays where it was until approval', async () => {
    const id = await begin('publishedPlain', 1000);
    const moved = await r.call<{ Changed: number; Submitted: number }>(r.tokens.writer, 'POST', 'MoveNews', { NewsId: [id], MenuId: r.menus.child });
    expect(moved).toEqual({
      Code: 200,
      Message: '已移动0篇；1篇已发布的文章移入设有审核流程的栏目，已提交审核，审核通过后移入',
      Data: { Changed: 0, Submitted: 1 },
    });
    expect(await read(id)).toMatchObject({ menu_id: r.menus.plain, status: ArticleStatus.Published });
    const reviewId = await r.pendingOf(id);
    expect((await r.review(reviewId)).Data).toMatchObject({ Kind: 2, MenuName: '协会动态' });

    // While it waits, it cannot be moved again: the review decides where it stands.
    expect(await r.call(r.tokens.writer, 'POST', 'MoveNews', { NewsId: [id], MenuId: r.menus.news })).toEqual({
      Code: 400,
      Message: '所选文章中有1篇正在审核中（新稿、投稿或修改待审），请待审核结束后再移动',
      Data: null,
    });

    expect((await r.decide(r.tokens.first, { ReviewId: reviewId, StepNo: 1 })).Code).toBe(200);
    expect((await r.decide(r.tokens.final, { ReviewId: reviewId, StepNo: 2 })).Message).toBe('审核通过，已发布');
    expect(await read(id)).toMatchObject({ menu_id: r.menus.child, status: ArticleStatus.Published });
  });

  it('refuses to publish, close or save a member’s contribution still in review outside 投稿审核, in Chinese', async () => {
    const id = await begin('contribution', 2000);
    const current = await read(id);
    const saved = await r.call(r.tokens.writer, 'POST', 'SaveNews', {
      NewsId: id,
      MenuId: current.menu_id,
      Title: current.title,
      NewContent: current.content,
      Status: ArticleStatus.Published,
    });
    expect(saved).toEqual({
      Code: 400,
      Message: '会员投稿只能经投稿审核处理：审核中的请在投稿审核中通过或驳回，审核不通过的由会员修改后重新提交',
      Data: null,
    });
    expect(await r.call(r.tokens.writer, 'POST', 'OfflineNews', { NewsId: [id] })).toEqual({
      Code: 400,
      Message: '所选文章中有1篇会员投稿在审核流程中（审核中或审核不通过），请在投稿审核中处理',
      Data: null,
    });
    expect(await r.call(r.tokens.writer, 'POST', 'PublishNews', { NewsId: [id] })).toMatchObject({ Code: 200, Data: { Changed: 0 } });
    expect((await read(id)).status).toBe(ArticleStatus.UnderReview);
  });
});

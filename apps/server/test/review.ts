import { expect } from 'vitest';
import type { AdminNoticeListDto, Permission, ReviewDto, ReviewListItemDto, ReviewStepInput } from '@portal/shared';
import type { Config } from '../src/config.js';
import type { Engine } from '../src/db/connection.js';
import { adminCall, createAdmin, createAdminTestApp, loginAdmin, testClock } from './admin.js';
import { insertMenu } from './fixtures.js';
import type { TestApp } from './harness.js';

/**
 * The people and menus the review-chain tests (features/review/) act with: 撰稿 writes articles,
 * 初审 (two admins) and 终审 decide the steps of the chain on 新闻中心, which 协会动态 below it
 * inherits; 内容编辑 (the seeded role, holding every content permission, 审批记录 included) may
 * decide 终审 too, but not on an article of their own; admin is the super administrator.
 */
export interface ReviewTest {
  t: TestApp;
  clock: ReturnType<typeof testClock>;
  tokens: Record<'admin' | 'writer' | 'first' | 'first2' | 'final' | 'editor', string>;
  roles: Record<'writer' | 'first' | 'final' | 'editor', number>;
  /** 新闻中心 (the chain's owner), 协会动态 below it, and 通知公告 without a chain. */
  menus: Record<'news' | 'child' | 'plain', number>;
  call<T = unknown>(
    token: string | undefined,
    method: 'GET' | 'POST',
    name: string,
    payload?: Record<string, unknown>,
  ): Promise<{ Code: number; Message: string; Data: T }>;
  /** SaveNews as the writer (or another admin): a new article in 协会动态 unless said otherwise. */
  save(body: Record<string, unknown>, token?: string): Promise<{ Code: number; Message: string; Data: number }>;
  decide(token: string, body: Record<string, unknown>): Promise<{ Code: number; Message: string; Data: number }>;
  review(id: number, token?: string): Promise<{ Code: number; Message: string; Data: ReviewDto }>;
  queue(token: string, query?: string): Promise<ReviewListItemDto[]>;
  notices(token: string): Promise<AdminNoticeListDto>;
  /** The article's pending review id. */
  pendingOf(newsId: number): Promise<number>;
  article(id: number): Promise<{ status: number; title: string; version: number; process_item_name: string; news_create_time: string }>;
}

/** The chain set on 新闻中心: 初审 by 初审; 终审 by 终审 or 内容编辑, never by the article's author. */
export const twoSteps = (roles: ReviewTest['roles']): ReviewStepInput[] => [
  { Name: '初审', RoleIds: [roles.first], NoSelfReview: false },
  { Name: '终审', RoleIds: [roles.final, roles.editor], NoSelfReview: true },
];

/** `overrides` of the configuration (e.g. SMTP_URL, so that mail is queued; no job sends it). */
export async function createReviewTest(engine: Engine, overrides: Partial<Config> = {}): Promise<ReviewTest> {
  const clock = testClock();
  const t = await createAdminTestApp(engine, { now: clock.now, backgroundJobs: false }, overrides);
  const db = t.app.services.database.db;
  const admin = await loginAdmin(t);
  const call: ReviewTest['call'] = (token, method, name, payload) => adminCall(t, token, method, `/api/XfSysBussiness/${name}`, payload);

  const writing: Permission[] = [
    'content:menu:list',
    'content:news:list',
    'content:news:add',
    'content:news:edit',
    'content:news:delete',
    'content:news:revisions',
  ];
  const roles = {
    writer: await roleWith(t, admin, '撰稿', writing),
    first: await roleWith(t, admin, '初审', [...writing, 'content:review:list', 'member:contribution:list', 'member:contribution:audit']),
    final: await roleWith(t, admin, '终审', ['content:review:list', 'content:review:export', 'member:contribution:list', 'member:contribution:audit']),
    editor: (await db.selectFrom('roles').select('id').where('name', '=', '内容编辑').executeTakeFirstOrThrow()).id,
  };
  const people: [keyof ReviewTest['tokens'], string][] = [
    ['writer', '撰稿'],
    ['first', '初审'],
    ['first2', '初审'],
    ['final', '终审'],
    ['editor', '内容编辑'],
  ];
  const tokens = { admin } as ReviewTest['tokens'];
  for (const [who, role] of people) {
    await createAdmin(t, admin, who, role);
    tokens[who] = await loginAdmin(t, who);
  }

  const news = await insertMenu(db, { name: '新闻中心' });
  const menus = {
    news,
    child: await insertMenu(db, { name: '协会动态', parentId: news, acceptsContributions: true }),
    plain: await insertMenu(db, { name: '通知公告' }),
  };
  const flow = await call(admin, 'POST', 'SaveMenuReviewFlow', { MenuId: news, Steps: twoSteps(roles) });
  expect(flow.Code, flow.Message).toBe(200);

  return {
    t,
    clock,
    tokens,
    roles,
    menus,
    call,
    save: (body, token = tokens.writer) =>
      call<number>(token, 'POST', 'SaveNews', { MenuId: menus.child, Title: '审核文章', NewContent: '<p>正文</p>', Status: 1, ...body }),
    decide: (token, body) => call<number>(token, 'POST', 'DecideReview', { Decision: 1, ...body }),
    review: (id, token = admin) => call<ReviewDto>(token, 'GET', `GetReview/${id}`),
    queue: async (token, query = '') => (await call<{ List: ReviewListItemDto[] }>(token, 'GET', `GetReviewList?pagesize=100${query}`)).Data.List,
    notices: async (token) => (await call<AdminNoticeListDto>(token, 'GET', 'GetMyNotices')).Data,
    pendingOf: async (newsId) =>
      (await db.selectFrom('news_reviews').select('id').where('news_id', '=', newsId).where('state', '=', 1).executeTakeFirstOrThrow()).id,
    article: (id) =>
      db.selectFrom('news').select(['status', 'title', 'version', 'process_item_name', 'news_create_time']).where('id', '=', id).executeTakeFirstOrThrow(),
  };
}

/** A role granting the menus that carry these permissions; answers its id. */
export async function roleWith(t: TestApp, superToken: string, name: string, perms: Permission[]): Promise<number> {
  const menus = await t.app.services.database.db.selectFrom('system_menus').select('id').where('perms', 'in', perms).execute();
  const saved = await adminCall<number>(t, superToken, 'POST', '/api/XfSystemApi/SaveRole', { RoleName: name, MenuIds: menus.map((m) => m.id) });
  expect(saved.Code, saved.Message).toBe(200);
  return saved.Data;
}

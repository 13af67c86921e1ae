import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, engines, type TestApp } from '../../test/harness.js';
import { stripHtml } from '../content/plain-text.js';
import { certSearchUrl, demoMenuNames, externalMenuUrl, seedIfEmpty } from './index.js';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

describe.each(engines)('demo seed on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
    await seedIfEmpty(t.app.services, t.app.log);
  });
  afterAll(() => t.close());

  const db = () => t.app.services.database.db;
  const menus = () => db().selectFrom('menus').selectAll().execute();
  const menuNamed = async (name: string) => (await menus()).find((x) => x.name === name);

  it('builds a three-level menu tree led by 首页, with one hidden and one external menu', async () => {
    const all = await menus();
    const byId = new Map(all.map((x) => [x.id, x]));
    const depth = (id: number): number => {
      const parent = byId.get(id)?.parent_id ?? 0;
      return parent === 0 ? 1 : 1 + depth(parent);
    };
    expect(Math.max(...all.map((x) => depth(x.id)))).toBe(3);

    const roots = all.filter((x) => x.parent_id === 0).sort((a, b) => a.sort_number - b.sort_number);
    expect(roots[0]).toMatchObject({ name: demoMenuNames.home, cur_value: 'home' });
    for (const tile of [demoMenuNames.experts, demoMenuNames.journal, demoMenuNames.appraisal, demoMenuNames.credit, demoMenuNames.statistics]) {
      expect(all.some((x) => x.name === tile && x.status === 1)).toBe(true);
    }
    const contribute = all.find((x) => x.name === demoMenuNames.contribute);
    expect(byId.get(contribute?.parent_id ?? 0)?.name).toBe(demoMenuNames.journal);
    const memberNews = all.find((x) => x.name === demoMenuNames.memberNews);
    const activities = byId.get(memberNews?.parent_id ?? 0);
    expect(activities?.name).toBe(demoMenuNames.activities);
    expect(byId.get(activities?.parent_id ?? 0)?.name).toBe(demoMenuNames.news);
    expect(memberNews?.type).toBe(2);

    expect(all.filter((x) => x.status === 0).map((x) => x.name)).toEqual([demoMenuNames.hidden]);
    expect(all.filter((x) => x.web_url).map((x) => [x.name, x.web_url])).toEqual([
      [demoMenuNames.certSearch, certSearchUrl],
      [demoMenuNames.external, externalMenuUrl],
      // 会员服务 → 会员名录 is the live directory of members who chose to be listed, not articles.
      [demoMenuNames.directory, '/directory'],
      // 会员服务 → 在线留言: the public's questions and the published answers.
      [demoMenuNames.messages, '/messages'],
    ]);
    const directory = all.find((x) => x.name === demoMenuNames.directory);
    expect(byId.get(directory?.parent_id ?? 0)?.name).toBe(demoMenuNames.memberService);
    expect(
      await db()
        .selectFrom('news')
        .select('id')
        .where('menu_id', '=', directory?.id ?? 0)
        .execute(),
    ).toEqual([]);
    // …which lists some of the demo companies, with their city and phone.
    const listed = (await t.app.inject({ method: 'GET', url: '/api/XfWebApi/GetMemberDirectory?pagesize=50' })).json<{
      Data: { List: { Region: string; OperatorPhone?: string }[] };
    }>().Data.List;
    expect(listed.length).toBeGreaterThan(5);
    expect(listed.every((m) => m.Region !== '' && m.OperatorPhone)).toBe(true);
    expect(byId.get(all.find((x) => x.name === demoMenuNames.certSearch)?.parent_id ?? 0)?.name).toBe(demoMenuNames.appraisal);
    expect(new Set(all.map((x) => x.name)).size).toBe(all.length);
  });

  it('writes at least 80 published articles over two years, with plain-text bodies for search', async () => {
    const news = await db().selectFrom('news').selectAll().execute();
    expect(news.length).toBeGreaterThanOrEqual(80);
    expect(new Set(news.map((n) => n.title)).size).toBe(news.length);
    for (const n of news) {
      expect(n.status).toBe(1);
      expect(n.body_text).toBe(stripHtml(n.content));
      expect(n.body_text).not.toMatch(/[<>]/);
      expect(n.news_create_time).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    }
    const times = news.map((n) => n.news_create_time).sort();
    const spanDays = (Date.parse(times.at(-1) as string) - Date.parse(times[0] as string)) / 86_400_000;
    expect(spanDays).toBeGreaterThan(600);

    expect(news.some((n) => /<h3>/.test(n.content))).toBe(true);
    expect(news.some((n) => /<table/.test(n.content))).toBe(true);
    expect(news.some((n) => /<(ul|ol)>/.test(n.content))).toBe(true);
    expect(news.filter((n) => n.is_top === 1).length).toBeGreaterThanOrEqual(3);
    expect(news.filter((n) => n.image_url.startsWith('/uploads/')).length).toBeGreaterThanOrEqual(10);

    const journal = await menuNamed(demoMenuNames.journal);
    const statistics = await menuNamed(demoMenuNames.statistics);
    const memberOnly = news.filter((n) => n.is_member_read === 1);
    expect(memberOnly.some((n) => n.menu_id === journal?.id)).toBe(true);
    expect(memberOnly.some((n) => n.menu_id === statistics?.id)).toBe(true);
  });

  it('gives every single-page menu exactly one article holding its page', async () => {
    const pages = (await menus()).filter((x) => x.show_type === 1);
    expect(pages.map((x) => x.name)).toEqual(
      expect.arrayContaining([demoMenuNames.about, demoMenuNames.intro, demoMenuNames.charter, demoMenuNames.organisation, demoMenuNames.joining]),
    );
    for (const page of pages) {
      const articles = await db().selectFrom('news').select(['title', 'content']).where('menu_id', '=', page.id).execute();
      expect(articles).toHaveLength(1);
      expect(articles[0]?.content.length).toBeGreaterThan(200);
    }
  });

  it('fills every home seat 1–4 with numbered articles of the matching menus', async () => {
    const rows = await db()
      .selectFrom('positions')
      .innerJoin('news', 'news.id', 'positions.news_id')
      .innerJoin('menus', 'menus.id', 'news.menu_id')
      .select(['positions.seat', 'positions.sort_number', 'menus.name'])
      .orderBy('positions.seat')
      .orderBy('positions.sort_number')
      .execute();
    for (const seat of [1, 2, 3, 4]) {
      const inSeat = rows.filter((r) => r.seat === seat);
      expect(inSeat.length).toBeGreaterThanOrEqual(12);
      expect(inSeat.map((r) => r.sort_number)).toEqual(inSeat.map((_, i) => i + 1));
    }
    expect(new Set(rows.filter((r) => r.seat === 1).map((r) => r.name))).toEqual(new Set([demoMenuNames.policy]));
    expect(new Set(rows.filter((r) => r.seat === 2).map((r) => r.name))).toEqual(new Set([demoMenuNames.notices]));
  });

  it('adds carousel banners whose PNG pictures are stored and served, each jumping to an article', async () => {
    const banners = await db().selectFrom('banners').selectAll().where('type', '=', 2).execute();
    expect(banners.length).toBeGreaterThanOrEqual(3);
    for (const banner of banners) {
      const file = path.join(t.config.dataDir, 'uploads', banner.image_url.replace(/^\/uploads\//, ''));
      expect(fs.readFileSync(file).subarray(0, 8)).toEqual(PNG_SIGNATURE);
      const served = await t.app.inject({ method: 'GET', url: banner.image_url });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/png');

      const match = /^\/info\?MenuId=(\d+)&NewsId=(\d+)$/.exec(banner.jump_url);
      expect(match).not.toBeNull();
      const target = await db().selectFrom('news').select(['menu_id', 'title']).where('id', '=', Number(match?.[2])).executeTakeFirst();
      expect(target).toEqual({ menu_id: Number(match?.[1]), title: banner.title });
    }
  });

  it('adds friendly links, the three type lists and sixty days of visits', async () => {
    const links = await db().selectFrom('friend_links').selectAll().execute();
    expect(links.length).toBeGreaterThanOrEqual(6);
    expect(links.map((l) => l.title)).toEqual(expect.arrayContaining(['住房和城乡建设部', '国家金融监督管理总局', '中国保险行业协会']));
    expect(links.every((l) => /^https?:\/\/[a-z0-9.-]+$/.test(l.url))).toBe(true);

    const types = await db().selectFrom('type_items').select(['type', 'name']).execute();
    expect(types.filter((x) => x.type === 1).map((x) => x.name)).toEqual(expect.arrayContaining(['保险公司', '风险管理机构', '施工企业']));
    expect(types.filter((x) => x.type === 2).map((x) => x.name)).toEqual(['会长单位', '副会长单位', '常务理事单位', '理事单位', '会员单位']);
    expect(types.some((x) => x.type === 3)).toBe(true);

    const visits = await db().selectFrom('visit_counts').selectAll().orderBy('day').execute();
    expect(visits).toHaveLength(60);
    expect(visits.every((v) => v.count > 100)).toBe(true);
  });

  it('adds member companies in every level, a few applications waiting and one rejected with its reason', async () => {
    const members = await db().selectFrom('members').selectAll().execute();
    expect(members.length).toBeGreaterThanOrEqual(30);
    expect(new Set(members.map((m) => m.account)).size).toBe(members.length);
    const levels = await db().selectFrom('type_items').select(['id', 'name']).where('type', '=', 2).execute();
    for (const level of levels)
      expect(
        members.some((m) => m.member_level_id === level.id && m.apply_state === 1),
        level.name,
      ).toBe(true);
    expect(members.filter((m) => m.apply_state === 0).length).toBeGreaterThanOrEqual(3);
    const rejected = members.filter((m) => m.apply_state === 2);
    expect(rejected).toHaveLength(1);
    expect(rejected[0]?.process_item_name).not.toBe('');
    // Every application has its history: submitted, then the decision when there is one.
    const steps = await db().selectFrom('member_process_items').select(['member_id', 'decision', 'reason']).execute();
    for (const m of members) {
      const own = steps.filter((s) => s.member_id === m.id).map((s) => s.decision);
      expect(own).toEqual(m.apply_state === 0 ? [0] : [0, m.apply_state]);
    }
    // Staff of member companies hold certificates, so 我的证书 has something to show.
    const holders = new Set((await db().selectFrom('certificates').select('company').execute()).map((c) => c.company));
    expect(members.filter((m) => holders.has(m.member_name)).length).toBeGreaterThanOrEqual(10);
  });

  it('adds a published activity for every member and a draft for one level', async () => {
    const activities = await db()
      .selectFrom('activities')
      .select(['title', 'status', 'audience_all', 'start_time', 'sign_up_deadline'])
      .orderBy('id')
      .execute();
    expect(activities.map((a) => [a.title, a.status, a.audience_all])).toEqual([
      ['协会年度会员大会', 1, 1],
      ['工程质量风险管理工程师培训班（第三期）', 0, 0],
    ]);
    expect(activities.every((a) => a.sign_up_deadline < a.start_time)).toBe(true);
    const levels = await db().selectFrom('activity_levels as l').innerJoin('type_items as t', 't.id', 'l.level_id').select('t.name').execute();
    expect(levels).toEqual([{ name: '理事单位' }]);
  });

  it('adds nothing when the database already has content', async () => {
    const count = async () => {
      const tables = ['menus', 'news', 'positions', 'banners', 'friend_links', 'type_items', 'visit_counts', 'activities'] as const;
      return Promise.all(
        tables.map(async (table) =>
          Number(
            (
              await db()
                .selectFrom(table)
                .select((eb) => eb.fn.countAll().as('n'))
                .executeTakeFirstOrThrow()
            ).n,
          ),
        ),
      );
    };
    const before = await count();
    const uploads = fs.readdirSync(path.join(t.config.dataDir, 'uploads'), { recursive: true }).length;
    await seedIfEmpty(t.app.services, t.app.log);
    expect(await count()).toEqual(before);
    expect(fs.readdirSync(path.join(t.config.dataDir, 'uploads'), { recursive: true })).toHaveLength(uploads);
  });
});

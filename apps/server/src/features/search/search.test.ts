import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Updateable } from 'kysely';
import type { NewsListItemDto, SearchListDto } from '@portal/shared';
import type { DB } from '../../db/schema.js';
import { createTestApp, engines, envelope, type TestApp } from '../../../test/harness.js';
import { insertMenu, insertNews, timeAt } from '../../../test/fixtures.js';
import { contentChanged } from '../../cache/generations.js';
import { searchLimits, searchNews } from './service.js';

// Both engines read pages of title matches near the start in order and others through their
// counts: with a tiny reach, pages here are read both ways.
const cases = engines.flatMap((engine) => [
  { engine, reach: 'default sizes' },
  { engine, reach: 'title pages read in order within 3 articles' },
]);

describe.each(cases)('keyword search on $engine, $reach', ({ engine, reach }) => {
  let t: TestApp;
  const defaults = { ...searchLimits };
  let policy: number;
  let notices: number;
  const search = async (key: string, extra = '') => {
    const res = await t.app.inject({ method: 'GET', url: `/api/XfWebApi/GetNewsList?key=${encodeURIComponent(key)}${extra}` });
    return envelope<SearchListDto<NewsListItemDto>>(res);
  };
  const titles = async (key: string, extra = '') => (await search(key, extra)).Data.List.map((n) => n.Title);

  beforeAll(async () => {
    if (reach !== 'default sizes') Object.assign(searchLimits, { titlePageRows: 3 });
    t = await createTestApp(engine);
    const db = t.app.services.database.db;
    policy = await insertMenu(db, { name: '政策要闻' });
    notices = await insertMenu(db, { name: '通知公告' });
    const add = (title: string, minute: number, content: string, more: Partial<Parameters<typeof insertNews>[1]> = {}) =>
      insertNews(db, { menuId: policy, title, content: `<p>${content}</p>`, newsCreateTime: timeAt(minute), ...more });
    // 保险: three title matches and three text-only ones; text-only ones are newer but rank after.
    // A fourth text-only match, 会员风采, is member-only: a visitor (these tests) finds it by its title alone.
    await add('工程保险新规发布', 10, '新规自下月起施行。');
    await add('安全生产责任保险推进会', 20, '会议在北京召开。', { menuId: notices });
    await add('年度工作报告', 90, '全年承保工程保险项目两千个。');
    await add('协会动态一则', 80, '会员单位开展保险知识培训。');
    await add('会员风采', 70, '某公司获评优秀保险服务机构。', { isMemberRead: true });
    await add('未发布的保险文章', 95, '审核中。', { status: 3 });
    // A longer phrase, found by the trigram index on SQLite.
    await add('质量潜在缺陷保险试点扩大', 30, '试点城市增加。');
    await add('行业观察', 100, '住宅工程质量潜在缺陷保险覆盖面持续扩大。');
    // Characters with a meaning in LIKE, FTS5 and SQL.
    await add('利率上调0.5%', 40, '调整幅度较小。');
    await add('百分之五十完成', 41, '进度过半。');
    await add('file_name 命名规范', 42, '文件命名。');
    await add('filename 命名规范', 43, '文件命名。');
    await add('关于"引号"的说明', 44, '标点用法。');
    await add('路径 C:\\data 说明', 45, '反斜杠。');
    await add('ISO 9001 认证', 46, '质量管理体系。');
  });
  afterAll(async () => {
    Object.assign(searchLimits, defaults);
    await t.close();
  });

  it('finds a two-character key in titles first, then in texts, newest first within each', async () => {
    const body = await search('保险', '&pageindex=1&pagesize=10');
    expect(body.Code).toBe(200);
    expect(body.Data.List.map((n) => n.Title)).toEqual([
      '质量潜在缺陷保险试点扩大',
      '安全生产责任保险推进会',
      '工程保险新规发布',
      '行业观察',
      '年度工作报告',
      '协会动态一则',
    ]);
    expect(body.Data.TotalCount).toBe(6);
    expect(body.Data.List[1]).toMatchObject({ MenuName: '通知公告', Summary: '会议在北京召开。' });
  });

  it('lists at most searchLimits.resultsMax matches and says when there are more', async () => {
    const everything = ['质量潜在缺陷保险试点扩大', '安全生产责任保险推进会', '工程保险新规发布', '行业观察', '年度工作报告', '协会动态一则'];
    const uncapped = await search('保险', '&pagesize=10');
    expect(uncapped.Data).toMatchObject({ TotalCount: 6, TotalCapped: false });
    searchLimits.resultsMax = 4;
    try {
      contentChanged(t.app.services.database, 'news');
      // Every page size, both sides of the title matches: only the first four are ever listed.
      for (const size of [1, 3, 10]) {
        for (let page = 1; page <= Math.ceil(4 / size) + 1; page++) {
          const body = await search('保险', `&pageindex=${page}&pagesize=${size}`);
          expect(body.Data.List.map((n) => n.Title)).toEqual(everything.slice(0, 4).slice((page - 1) * size, page * size));
          expect(body.Data).toMatchObject({ TotalCount: 4, TotalCapped: true });
        }
      }
      // Exactly as many matches as listed: nothing more to say.
      searchLimits.resultsMax = 6;
      contentChanged(t.app.services.database, 'news');
      expect((await search('保险', '&pagesize=10')).Data).toMatchObject({ TotalCount: 6, TotalCapped: false });
    } finally {
      searchLimits.resultsMax = defaults.resultsMax;
      contentChanged(t.app.services.database, 'news');
    }
    // A menu's own list is not a search: it has no such field.
    const menuList = await t.app.inject({ method: 'GET', url: `/api/XfWebApi/GetNewsList?pid=${policy}` });
    expect(envelope<Record<string, unknown>>(menuList).Data).not.toHaveProperty('TotalCapped');
  });

  it('pages through results with the right total', async () => {
    const second = await search('保险', '&PageIndex=2&PageSize=3');
    expect(second.Data.List.map((n) => n.Title)).toEqual(['行业观察', '年度工作报告', '协会动态一则']);
    expect(second.Data.TotalCount).toBe(6);
  });

  it('pages across the end of the title matches exactly', async () => {
    const all = ['质量潜在缺陷保险试点扩大', '安全生产责任保险推进会', '工程保险新规发布', '行业观察', '年度工作报告', '协会动态一则'];
    for (const size of [1, 2, 4, 5]) {
      for (let page = 1; page <= Math.ceil(all.length / size) + 1; page++) {
        const body = await search('保险', `&pageindex=${page}&pagesize=${size}`);
        expect(body.Data.List.map((n) => n.Title)).toEqual(all.slice((page - 1) * size, page * size));
        expect(body.Data.TotalCount).toBe(6);
      }
    }
    // One character: the scan path pages the same way.
    expect(await titles('险', '&pageindex=2&pagesize=2')).toEqual(['工程保险新规发布', '行业观察']);
  });

  it('answers many keys asked at once as it answers each alone', async () => {
    const keys = ['保险', '潜在缺陷', '命名规范', '工程', '质量', '说明', '会议在北京'];
    const alone = [];
    for (const key of keys) {
      contentChanged(t.app.services.database, 'news');
      alone.push((await search(key, '&pagesize=4')).Data);
    }
    contentChanged(t.app.services.database, 'news');
    const together = await Promise.all(keys.map(async (key) => (await search(key, '&pagesize=4')).Data));
    expect(together).toEqual(alone);
    expect(alone.every((found) => found.TotalCount > 0)).toBe(true);
  });

  it('finds a member-only article by its text for members only', async () => {
    const database = t.app.services.database;
    const find = async (key: string, isMember: boolean) =>
      (await searchNews(database, { key, menuIds: [policy, notices], isMember }, { pageindex: 1, pagesize: 10 })).items.map((n) => n.title);
    for (const key of ['优秀保险服务', '优', '获评']) {
      expect(await find(key, false)).toEqual([]);
      expect(await find(key, true)).toEqual(['会员风采']);
    }
    expect(await find('会员风采', false)).toEqual(['会员风采']);
    // Members find it among the text matches of 保险, ranked by its time.
    const member = await searchNews(database, { key: '保险', menuIds: [policy, notices], isMember: true }, { pageindex: 1, pagesize: 10 });
    expect(member.items.map((n) => n.title)).toEqual([
      '质量潜在缺陷保险试点扩大',
      '安全生产责任保险推进会',
      '工程保险新规发布',
      '行业观察',
      '年度工作报告',
      '协会动态一则',
      '会员风采',
    ]);
    expect(member.total).toBe(7);
  });

  it('follows writes to status, menu, time, the member-only flag and deletes at once', async () => {
    const database = t.app.services.database;
    const db = database.db;
    const update = async (id: number, values: Updateable<DB['news']>) => {
      await db.updateTable('news').set(values).where('id', '=', id).execute();
      contentChanged(database, 'news');
    };
    const a = await insertNews(db, { menuId: policy, title: '鹅鸭鸡犬 一', newsCreateTime: timeAt(50) });
    const b = await insertNews(db, { menuId: policy, title: '鹅鸭鸡犬 二', newsCreateTime: timeAt(60) });
    const c = await insertNews(db, { menuId: policy, title: '另一篇', content: '<p>正文有鹅鸭鸡犬</p>', newsCreateTime: timeAt(99) });
    contentChanged(database, 'news');
    expect(await titles('鹅鸭鸡')).toEqual(['鹅鸭鸡犬 二', '鹅鸭鸡犬 一', '另一篇']);
    await update(a, { news_create_time: timeAt(70) });
    expect(await titles('鹅鸭鸡')).toEqual(['鹅鸭鸡犬 一', '鹅鸭鸡犬 二', '另一篇']);
    expect(await titles('鹅')).toEqual(['鹅鸭鸡犬 一', '鹅鸭鸡犬 二', '另一篇']);
    await update(a, { status: 3 });
    expect(await titles('鹅鸭')).toEqual(['鹅鸭鸡犬 二', '另一篇']);
    expect((await search('鹅鸭')).Data.TotalCount).toBe(2);
    expect(await titles('鹅')).toEqual(['鹅鸭鸡犬 二', '另一篇']);
    await update(a, { status: 1, menu_id: notices });
    expect(await titles('鹅鸭', `&pid=${policy}`)).toEqual(['鹅鸭鸡犬 二', '另一篇']);
    expect(await titles('鹅鸭', `&pid=${notices}`)).toEqual(['鹅鸭鸡犬 一']);
    expect(await titles('鹅', `&pid=${notices}`)).toEqual(['鹅鸭鸡犬 一']);
    await update(c, { is_member_read: 1 });
    expect(await titles('鹅鸭鸡')).toEqual(['鹅鸭鸡犬 一', '鹅鸭鸡犬 二']);
    expect(
      (await searchNews(database, { key: '鹅鸭鸡', menuIds: [policy], isMember: true }, { pageindex: 1, pagesize: 10 })).items.map((n) => n.title),
    ).toEqual(['鹅鸭鸡犬 二', '另一篇']);
    await update(c, { is_member_read: 0 });
    await db.deleteFrom('news').where('id', '=', b).execute();
    contentChanged(database, 'news');
    expect(await titles('鹅鸭鸡')).toEqual(['鹅鸭鸡犬 一', '另一篇']);
    expect(await titles('鹅')).toEqual(['鹅鸭鸡犬 一', '另一篇']);
  });

  it('orders articles of the same time by id, and finds those with times far off or malformed', async () => {
    const database = t.app.services.database;
    const db = database.db;
    const add = (title: string, newsCreateTime: string) => insertNews(db, { menuId: policy, title, content: '<p>正文</p>', newsCreateTime });
    const first = await add('同一时刻甲', timeAt(33));
    const second = await add('同一时刻乙', timeAt(33));
    const future = await add('远日期 未来', '2200-01-01 00:00:00');
    const past = await add('远日期 过去', '1800-01-01 00:00:00');
    const odd = await add('远日期 格式不明', 'now');
    contentChanged(database, 'news');
    expect(await titles('同一时刻')).toEqual(['同一时刻乙', '同一时刻甲']);
    expect(await titles('同')).toEqual(['同一时刻乙', '同一时刻甲']);
    expect(first).toBeLessThan(second);
    // A malformed time ranks as the oldest (held at the far end, as times before 1833 are) but is found.
    const far = await titles('远日期');
    expect(far).toHaveLength(3);
    expect(far.filter((title) => title !== '远日期 格式不明')).toEqual(['远日期 未来', '远日期 过去']);
    // Rewritten and deleted, each leaves the index as written.
    for (const id of [future, past, odd]) await db.updateTable('news').set({ title: '远日期改' }).where('id', '=', id).execute();
    contentChanged(database, 'news');
    expect(await titles('远日期改')).toHaveLength(3);
    expect(await titles('日期 未')).toEqual([]);
    await db.deleteFrom('news').where('id', 'in', [future, past, odd]).execute();
    contentChanged(database, 'news');
    expect(await titles('远日期')).toEqual([]);
  });

  it('finds a longer phrase in titles before texts', async () => {
    const body = await search('质量潜在缺陷保险');
    expect(body.Data.List.map((n) => n.Title)).toEqual(['质量潜在缺陷保险试点扩大', '行业观察']);
    expect(body.Data.TotalCount).toBe(2);
    expect(await titles('潜在缺陷保险覆盖面')).toEqual(['行业观察']);
    expect(await titles('不存在的长关键词')).toEqual([]);
  });

  it('finds a member-only article for a visitor by its title alone, without its text, and never an unpublished one', async () => {
    expect(await search('优秀保险服务')).toMatchObject({ Code: 200, Data: { List: [], TotalCount: 0 } });
    const body = await search('会员风采');
    expect(body.Data.List).toEqual([expect.objectContaining({ Title: '会员风采', IsMemberRead: true, Summary: '' })]);
    expect(await titles('未发布')).toEqual([]);
  });

  it('searches within a menu when pid is given', async () => {
    expect(await titles('保险', `&pid=${notices}`)).toEqual(['安全生产责任保险推进会']);
  });

  it('trims the key and matches Latin letters regardless of case', async () => {
    expect(await titles('  保险新规 ')).toEqual(['工程保险新规发布']);
    expect(await titles('iso')).toEqual(['ISO 9001 认证']);
    expect(await titles('Is')).toEqual(['ISO 9001 认证']);
  });

  it('treats %, _, quotes, backslashes and query syntax as plain characters', async () => {
    expect(await titles('%')).toEqual(['利率上调0.5%']);
    expect(await titles('5%')).toEqual(['利率上调0.5%']);
    expect(await titles('_')).toEqual(['file_name 命名规范']);
    expect(await titles('e_n')).toEqual(['file_name 命名规范']);
    expect(await titles('"引号"')).toEqual(['关于"引号"的说明']);
    expect(await titles('"')).toEqual(['关于"引号"的说明']);
    expect(await titles('C:\\data')).toEqual(['路径 C:\\data 说明']);
    expect(await titles('\\')).toEqual(['路径 C:\\data 说明']);
    for (const key of ['" OR 1=1 --', "' OR '1'='1", 'title:保险', '保险*', 'NEAR(保险 工程)', '(保险', '^保险']) {
      const body = await search(key);
      expect(body.Code).toBe(200);
      expect(body.Data).toEqual({ List: [], TotalCount: 0, TotalCapped: false });
    }
  });

  it('refuses a blank key and one longer than 50 characters', async () => {
    expect(await search('   ')).toEqual({ Code: 400, Message: '请输入关键词', Data: null });
    expect(await search('保'.repeat(51))).toEqual({ Code: 400, Message: '关键词不能超过50个字', Data: null });
    expect((await search('保'.repeat(50))).Code).toBe(200);
  });

  it('finds one-, three- and ten-character keys, and never a key across the end of a title and the start of its text', async () => {
    expect(await titles('潜')).toEqual(['质量潜在缺陷保险试点扩大', '行业观察']);
    expect(await titles('新规发')).toEqual(['工程保险新规发布']);
    expect(await titles('住宅工程质量潜在缺陷')).toEqual(['行业观察']);
    expect(await titles('住宅工程质量潜在缺X')).toEqual([]);
    // 「年度工作报告」 then 「全年承保…」: the seam 告全 is in neither.
    expect(await titles('报告全年')).toEqual([]);
    expect(await titles('告全')).toEqual([]);
  });

  it('finds a key only where its characters stand together, at every length (PostgreSQL checks keys over four characters against the text)', async () => {
    const db = t.app.services.database.db;
    // Every pair, run of three and of four of 鳄鲸鲨鲤鳟 is in one of these, never the whole key.
    await insertNews(db, { menuId: policy, title: '鳄鲸 鲸鲨', content: '<p>鳄鲸鲨鲤 鲸鲨鲤鳟</p>', newsCreateTime: timeAt(2) });
    await insertNews(db, { menuId: policy, title: '水族', content: '<p>馆里有鳄鲸鲨鲤鳟。</p>', newsCreateTime: timeAt(1) });
    contentChanged(t.app.services.database, 'news');
    expect(await titles('鳄鲸鲨鲤鳟')).toEqual(['水族']);
    expect(await titles('有鳄鲸鲨鲤鳟。')).toEqual(['水族']);
    expect(await titles('鳄鲸鲨鲤')).toEqual(['鳄鲸 鲸鲨', '水族']);
    expect(await titles('鳄鲸鲨')).toEqual(['鳄鲸 鲸鲨', '水族']);
    expect(await titles('鲸 鲸')).toEqual(['鳄鲸 鲸鲨']);
    expect(await titles('鳟')).toEqual(['鳄鲸 鲸鲨', '水族']);
    // The characters LIKE gives a meaning stay plain in the keys it checks.
    expect(await titles('上调0.5%')).toEqual(['利率上调0.5%']);
    expect(await titles('file_n')).toEqual(['file_name 命名规范']);
    expect(await titles('关于"引号"的')).toEqual(['关于"引号"的说明']);
    expect(await titles('iso 9001')).toEqual(['ISO 9001 认证']);
    await db.deleteFrom('news').where('title', 'in', ['鳄鲸 鲸鲨', '水族']).execute();
    contentChanged(t.app.services.database, 'news');
    expect(await titles('鳟')).toEqual([]);
  });

  it('finds an edited article by its new text and not its old, and a deleted one no more', async () => {
    const db = t.app.services.database.db;
    const id = await insertNews(db, { menuId: policy, title: '旧标题甲乙丙', content: '<p>旧正文丁戊己</p>', newsCreateTime: timeAt(3) });
    contentChanged(t.app.services.database, 'news');
    expect(await titles('丁戊')).toEqual(['旧标题甲乙丙']);
    await db.updateTable('news').set({ title: '新标题庚辛壬', body_text: '新正文癸子丑' }).where('id', '=', id).execute();
    contentChanged(t.app.services.database, 'news');
    expect(await titles('甲乙')).toEqual([]);
    expect(await titles('丁戊己')).toEqual([]);
    expect(await titles('庚辛')).toEqual(['新标题庚辛壬']);
    expect(await titles('正文癸子丑')).toEqual(['新标题庚辛壬']);
    await db.deleteFrom('news').where('id', '=', id).execute();
    contentChanged(t.app.services.database, 'news');
    expect(await titles('庚辛')).toEqual([]);
    expect(await titles('癸子')).toEqual([]);
  });

  it('finds new articles once the caches are invalidated', async () => {
    expect((await search('保险')).Data.TotalCount).toBe(6);
    await insertNews(t.app.services.database.db, { menuId: policy, title: '再保险市场综述', newsCreateTime: timeAt(5) });
    contentChanged(t.app.services.database, 'news');
    const body = await search('保险');
    expect(body.Data.TotalCount).toBe(7);
    expect(body.Data.List[3]?.Title).toBe('再保险市场综述');
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditLogDto, ListDto, ProofFindingDto, SystemMenuDto, WrongWordDto, WrongWordsImportedDto } from '@portal/shared';
import { adminCall, createAdmin, createAdminTestApp, loginAdmin } from '../../../test/admin.js';
import { menuEntries, offeredAgain } from '../../../test/menu-offers.js';
import { engines, envelope, type TestApp } from '../../../test/harness.js';
import { multipartBody, multipartHeaders } from '../../../test/multipart.js';
import { readSheet, writeSheet } from '../../../test/xlsx.js';
import { startingWrongWords } from '../../db/migrations/066-wrong-words-list.js';

const SB = '/api/XfSysBussiness';
const SYS = '/api/XfSystemApi';
const HEADER = ['错误写法', '正确写法', '级别'];

describe.each(engines)('易错词 and 校对 on %s', (engine) => {
  let t: TestApp;
  let root: string;
  beforeAll(async () => {
    t = await createAdminTestApp(engine);
    root = await loginAdmin(t);
  });
  afterAll(() => t.close());

  const save = (body: Record<string, unknown>, as = root) => adminCall<number>(t, as, 'POST', `${SB}/SaveWrongWord`, body);
  const list = (query = '', as = root) => adminCall<ListDto<WrongWordDto>>(t, as, 'GET', `${SB}/GetWrongWordList${query}`);
  const entry = async (wrong: string) => (await list(`?key=${encodeURIComponent(wrong)}&pagesize=100`)).Data.List.find((w) => w.Wrong === wrong);
  const check = (Title: string, Content: string, as = root) => adminCall<ProofFindingDto[]>(t, as, 'POST', `${SB}/CheckArticleText`, { Title, Content });
  const importSheet = async (content: Buffer, filename = 'words.xlsx', as = root) =>
    envelope<WrongWordsImportedDto>(
      await t.app.inject({
        method: 'POST',
        url: `${SB}/ImportWrongWords`,
        headers: { ...multipartHeaders, token: as },
        payload: multipartBody({ filename, content }),
      }),
    );
  const exportSheet = (query = '', as = root) => t.app.inject({ method: 'GET', url: `${SB}/ExportWrongWords${query}`, headers: { token: as } });

  it('ships the starting list, serious entries among them', async () => {
    expect((await list()).Data.TotalCount).toBe(startingWrongWords.length);
    const serious = (await list('?severity=serious&pagesize=100')).Data.List;
    expect(serious.map((w) => w.Wrong)).toContain('中华人民共合国');
    expect(serious.every((w) => w.Severity === 'serious')).toBe(true);
    expect((await list('?key=再接再')).Data.List).toMatchObject([{ Wrong: '再接再励', Right: '再接再厉', Severity: 'normal' }]);
    expect((await list('?severity=bad')).Message).toBe('级别只能是“严重”或“一般”');
  });

  it('finds wrong and sensitive words in the title and the body, the longer of two overlapping, serious first, then the most frequent', async () => {
    expect(await save({ Wrong: '按装', Right: '安装' })).toMatchObject({ Code: 200 });
    expect(await save({ Wrong: '关健', Right: '关键' })).toMatchObject({ Code: 200 });
    expect(await adminCall(t, root, 'POST', `${SB}/SaveSensitiveWords`, { Words: '赌博' })).toMatchObject({ Code: 200 });
    const found = await check('中国共产觉召开会议', '<p>设备按<b>装</b>调试，关健词很关健。再接再励！再接再励！再接再励！</p><p>严禁赌博&amp;按装</p>');
    expect(found.Code, found.Message).toBe(200);
    expect(found.Data).toEqual([
      { Kind: 'wrong', Word: '中国共产觉', Suggestion: '中国共产党', Severity: 'serious', Count: 1 },
      { Kind: 'sensitive', Word: '赌博', Suggestion: null, Severity: 'serious', Count: 1 },
      { Kind: 'wrong', Word: '再接再励', Suggestion: '再接再厉', Severity: 'normal', Count: 3 },
      { Kind: 'wrong', Word: '按装', Suggestion: '安装', Severity: 'normal', Count: 2 },
      { Kind: 'wrong', Word: '关健', Suggestion: '关键', Severity: 'normal', Count: 1 },
      // 关健词 holds 关健: the longer is the one found there.
      { Kind: 'wrong', Word: '关健词', Suggestion: '关键词', Severity: 'normal', Count: 1 },
    ]);
    expect((await check('', '')).Data).toEqual([]);
    // An attribute is no text.
    expect((await check('安装调试的通知', '<p title="按装">既正确又通顺</p>')).Data).toEqual([]);
  });

  it('names a word as the text writes it, whatever width and letter case the entry has', async () => {
    expect(await save({ Wrong: 'ＡＰＰ下栽', Right: 'APP下载' })).toMatchObject({ Code: 200 });
    const found = (await check('app下栽与App下栽，APP下栽', '')).Data;
    expect(found.map((f) => [f.Word, f.Suggestion, f.Count]).sort()).toEqual([
      ['APP下栽', 'APP下载', 1],
      ['App下栽', 'APP下载', 1],
      ['app下栽', 'APP下载', 1],
    ]);
  });

  it('leaves nothing to correct once each finding is replaced by its suggestion', async () => {
    let text = startingWrongWords.map((w) => `文中有${w.wrong}一处`).join('。');
    const found = (await check('', `<p>${text}</p>`)).Data;
    expect(found).toHaveLength(startingWrongWords.length);
    for (const f of found) text = text.replaceAll(f.Word, f.Suggestion!);
    expect((await check('', `<p>${text}</p>`)).Data).toEqual([]);
  });

  it('refuses an entry that cannot stand, each with its reason', async () => {
    const refused = async (body: Record<string, unknown>) => (await save(body)).Message;
    expect(await refused({ Right: '安装' })).toBe('请填写错误写法');
    expect(await refused({ Wrong: '  ', Right: '安装' })).toBe('请填写错误写法');
    expect(await refused({ Wrong: '安樁' })).toBe('请填写正确写法');
    expect(await refused({ Wrong: '字'.repeat(51), Right: '字' })).toBe('错误写法不能超过50个字');
    expect(await refused({ Wrong: '字', Right: '字'.repeat(51) })).toBe('正确写法不能超过50个字');
    expect(await refused({ Wrong: '安装', Right: ' 安装 ' })).toBe('错误写法与正确写法不能相同');
    expect(await refused({ Wrong: 'ＡＢＣ', Right: 'abc' })).toBe('错误写法与正确写法不能相同');
    expect(await refused({ Wrong: '共产党', Right: '中国共产党' })).toBe('正确写法中含有错误写法，改正后的文字仍会被查出');
    expect(await refused({ Wrong: '安樁', Right: '安装', Severity: 'high' })).toBe('级别只能是“严重”或“一般”');
    expect(await refused({ Wrong: '再接再励', Right: '再接再厉' })).toBe('该错误写法已在词库中');
    expect(await refused({ Wrong: 'app下栽', Right: 'APP下载' })).toBe('该错误写法已在词库中');
    expect(await save({ Id: 999_999, Wrong: '安樁', Right: '安装' })).toMatchObject({ Code: 404, Message: '易错词不存在' });
    // Editing another entry into a taken wrong form is refused the same way.
    expect(await refused({ Id: (await entry('按装'))!.Id, Wrong: '关健' })).toBe('该错误写法已在词库中');
  });

  it('keeps what an edit leaves out, and a check sees each change at once', async () => {
    const id = (await save({ Wrong: '帐号密码', Right: '账号密码', Severity: 'serious' })).Data;
    expect((await check('', '帐号密码')).Data[0]).toMatchObject({ Severity: 'serious', Suggestion: '账号密码' });
    expect(await save({ Id: id, Severity: 'normal' })).toMatchObject({ Code: 200 });
    expect(await entry('帐号密码')).toMatchObject({ Id: id, Wrong: '帐号密码', Right: '账号密码', Severity: 'normal' });
    expect(await save({ Id: id, Right: '账户密码' })).toMatchObject({ Code: 200 });
    expect(await entry('帐号密码')).toMatchObject({ Right: '账户密码', Severity: 'normal' });
    expect((await check('', '帐号密码')).Data[0]).toMatchObject({ Severity: 'normal', Suggestion: '账户密码' });

    expect(await adminCall(t, root, 'POST', `${SB}/DelWrongWord`, { Ids: [id] })).toMatchObject({ Code: 200 });
    expect(await entry('帐号密码')).toBeUndefined();
    expect((await check('', '帐号密码')).Data).toEqual([]);
    expect(await adminCall(t, root, 'POST', `${SB}/DelWrongWord`, { Ids: [id] })).toMatchObject({ Code: 404, Message: '易错词不存在' });

    const audit = await adminCall<ListDto<AuditLogDto>>(t, root, 'GET', `${SYS}/GetAuditLogList?pagesize=50`);
    const details = audit.Data.List.filter((l) => l.Action.startsWith('content:wrongword:')).map((l) => [l.ActionName, l.Detail]);
    expect(details).toContainEqual(['保存易错词', '修改帐号密码→账户密码（一般）']);
    expect(details).toContainEqual(['删除易错词', '删除1条：帐号密码']);
  });

  it('imports an .xlsx: the good rows added, a known wrong form updated, every row left out named with its reason', async () => {
    const sheet = await writeSheet([
      ['易错词导入'],
      HEADER,
      ['既使', '即使', '一般'],
      ['再接再励', '再接再厉', '严重'],
      ['震憾', '震撼', null],
      ['既使', '即便', '一般'],
      ['安装', '安装', '一般'],
      ['字'.repeat(51), '字', '一般'],
      ['松驰', null, '严重'],
      ['渡假村', '度假村', '很严重'],
      [null, null, null],
      ['涣然一新', '焕然一新', 'serious'],
    ]);
    const imported = await importSheet(sheet);
    expect(imported.Code, imported.Message).toBe(200);
    expect(imported.Message).toBe('导入完成：新增2条，更新1条，1条与词库相同，跳过5条');
    expect(imported.Data).toEqual({
      Added: 2,
      Updated: 1,
      Unchanged: 1,
      Skipped: 5,
      Notes: [
        { Row: 4, Column: '错误写法', Message: '该错误写法已在词库中，已按本行更新（原为“再接再厉”，一般）' },
        { Row: 6, Column: '错误写法', Message: '与第3行的错误写法重复，已跳过' },
        { Row: 7, Column: '正确写法', Message: '错误写法与正确写法不能相同，已跳过' },
        { Row: 8, Column: '错误写法', Message: '错误写法不能超过50个字，已跳过' },
        { Row: 9, Column: '正确写法', Message: '请填写正确写法，已跳过' },
        { Row: 10, Column: '级别', Message: '级别只能是“严重”或“一般”，已跳过' },
      ],
    });
    expect(await entry('既使')).toMatchObject({ Right: '即使', Severity: 'normal' });
    expect(await entry('再接再励')).toMatchObject({ Severity: 'serious' });
    expect(await entry('涣然一新')).toMatchObject({ Right: '焕然一新', Severity: 'serious' });
    expect((await check('', '既使如此')).Data).toMatchObject([{ Word: '既使', Suggestion: '即使' }]);
  });

  it('refuses a file it cannot read as the dictionary', async () => {
    expect((await importSheet(await writeSheet([['词', '改为']]))).Message).toBe('表格须有“错误写法”和“正确写法”两列（可先导出词库，按导出文件的格式填写）');
    expect((await importSheet(await writeSheet([HEADER]))).Message).toBe('文件中没有可导入的数据');
    expect((await importSheet(Buffer.from('既使,即使'), 'words.csv')).Message).toBe('请上传.xlsx格式的Excel文件');
  });

  it('exports the dictionary in the columns it imports, so an export imports back unchanged', async () => {
    const res = await exportSheet('?key=' + encodeURIComponent('主意'));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const rows = await readSheet(res.rawPayload);
    expect(rows[0]).toEqual(HEADER);
    expect(rows.slice(1).sort()).toEqual(
      [
        ['社会主意', '社会主义', '严重'],
        ['共产主意', '共产主义', '严重'],
        ['马克思主意', '马克思主义', '严重'],
        ['马列主意', '马列主义', '严重'],
      ].sort(),
    );
    const all = await readSheet((await exportSheet()).rawPayload);
    expect(all).toHaveLength((await list()).Data.TotalCount + 1);
    const again = await importSheet(await writeSheet(all));
    expect(again.Data).toMatchObject({ Added: 0, Updated: 0, Unchanged: all.length - 1, Skipped: 0, Notes: [] });
  });

  it('lets article staff check a text but not keep the dictionary, and refuses a role with neither', async () => {
    const tree = (await adminCall<SystemMenuDto[]>(t, root, 'GET', `${SYS}/GetSystemMenuList?all=1`)).Data;
    const flat = (menus: SystemMenuDto[]): SystemMenuDto[] => menus.flatMap((m) => [m, ...flat(m.children)]);
    const menuOf = (perms: string) => flat(tree).find((m) => m.perms === perms)!.MenuId;
    const role = async (RoleName: string, MenuIds: number[]) =>
      expect(await adminCall(t, root, 'POST', `${SYS}/SaveRole`, { RoleName, MenuIds })).toMatchObject({ Code: 200 });
    await role('文章编辑', [menuOf('content:news:list'), menuOf('content:news:edit')]);
    await role('词库查看', [menuOf('content:wrongword:list')]);
    await role('无权限', []);
    await createAdmin(t, root, 'news_editor', '文章编辑');
    await createAdmin(t, root, 'word_viewer', '词库查看');
    await createAdmin(t, root, 'nobody', '无权限');
    const [editor, viewer, nobody] = await Promise.all(['news_editor', 'word_viewer', 'nobody'].map((a) => loginAdmin(t, a)));

    expect((await check('', '再接再励', editor)).Code).toBe(200);
    expect((await list('', editor)).Code).toBe(403);
    expect((await save({ Wrong: '安樁', Right: '安装' }, editor)).Code).toBe(403);

    expect((await check('', '再接再励', viewer)).Code).toBe(200);
    expect((await list('', viewer)).Code).toBe(200);
    expect((await save({ Wrong: '安樁', Right: '安装' }, viewer)).Code).toBe(403);
    expect((await adminCall(t, viewer, 'POST', `${SB}/DelWrongWord`, { Ids: [1] })).Code).toBe(403);
    expect((await importSheet(await writeSheet([HEADER, ['安樁', '安装']]), 'words.xlsx', viewer)).Code).toBe(403);
    expect(JSON.parse((await exportSheet('', viewer)).body)).toMatchObject({ Code: 403 });

    expect((await check('', '再接再励', nobody)).Code).toBe(403);
    expect(await entry('安樁')).toBeUndefined();
  });

  it('reaches an existing install: 易错词 is offered once, under 内容管理 after 敏感词', async () => {
    const { db } = t.app.services.database;
    const { before, after } = await offeredAgain(t, 'content:wrongword:');
    expect(before).toHaveLength(5);
    expect(after.map((m) => [m.perms, m.menu_type])).toEqual([
      ['content:wrongword:list', 2],
      ['content:wrongword:save', 3],
      ['content:wrongword:delete', 3],
      ['content:wrongword:import', 3],
      ['content:wrongword:export', 3],
    ]);
    const page = await db
      .selectFrom('system_menus')
      .select(['parent_id', 'name', 'component', 'icon'])
      .where('id', '=', after[0]!.id)
      .executeTakeFirstOrThrow();
    const words = await db.selectFrom('system_menus').select('parent_id').where('perms', '=', 'content:word:list').executeTakeFirstOrThrow();
    expect(page).toMatchObject({ name: '易错词', component: 'content/wrongword/index', icon: 'BookOutlined', parent_id: words.parent_id });
    expect(await menuEntries(t, 'content:wrongword:')).toEqual(after);
  });
});

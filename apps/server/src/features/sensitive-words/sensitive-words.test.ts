import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContributionDetailDto, ContributionListItemDto, SensitiveWordDto, WordsAddedDto } from '@portal/shared';
import { adminCall, createAdminTestApp, loginAdmin } from '../../../test/admin.js';
import { insertMenu } from '../../../test/fixtures.js';
import { engines, envelope, type TestApp } from '../../../test/harness.js';
import { addMember, loginMember, publicCall, seedTypeChoices } from '../../../test/members.js';
import { multipartBody, multipartHeaders } from '../../../test/multipart.js';

describe.each(engines)('sensitive words on %s', (engine) => {
  let t: TestApp;
  let root: string;
  beforeAll(async () => {
    t = await createAdminTestApp(engine);
    root = await loginAdmin(t);
  });
  afterAll(() => t.close());

  const add = (Words: unknown, as = root) => adminCall<WordsAddedDto>(t, as, 'POST', '/api/XfSysBussiness/SaveSensitiveWords', { Words });
  const list = (query = '') => adminCall<{ List: SensitiveWordDto[]; TotalCount: number }>(t, root, 'GET', `/api/XfSysBussiness/GetSensitiveWordList${query}`);
  const importFile = async (filename: string, content: Buffer) =>
    envelope<WordsAddedDto>(
      await t.app.inject({
        method: 'POST',
        url: '/api/XfSysBussiness/ImportSensitiveWords',
        headers: { ...multipartHeaders, token: root },
        payload: multipartBody({ filename, content }),
      }),
    );

  it('adds words one a line, skipping blanks and words already listed in any width or case', async () => {
    expect((await add('赌博\n\n  代开发票  \nABC')).Data).toEqual({ Added: 3, Skipped: 0 });
    expect((await add('赌博\nａｂｃ\n新词')).Data).toEqual({ Added: 1, Skipped: 2 });
    expect((await list()).Data.TotalCount).toBe(4);
    expect((await list('?key=发票')).Data.List.map((w) => w.Word)).toEqual(['代开发票']);
    expect((await add('')).Message).toBe('请输入敏感词');
    expect((await add(' \n ')).Message).toBe('请输入敏感词');
    expect((await add('字'.repeat(51))).Message).toBe('每个敏感词不能超过50个字');
  });

  it('imports a UTF-8 .txt word list and refuses anything else', async () => {
    expect((await importFile('words.txt', Buffer.from('\uFEFF洗钱\r\n非法集资\r\n赌博\r\n'))).Data).toEqual({ Added: 2, Skipped: 1 });
    expect((await importFile('words.csv', Buffer.from('洗钱'))).Message).toBe('请上传.txt文本文件（UTF-8编码，每行一个词）');
    expect((await importFile('gbk.txt', Buffer.from([0xc4, 0xe3, 0xba, 0xc3]))).Message).toBe('请上传.txt文本文件（UTF-8编码，每行一个词）');
    expect((await importFile('big.txt', Buffer.alloc(1024 * 1024 + 1, 0x61))).Message).toBe('文件不得大于1MB');
  });

  it('deletes words, and a role without the permission cannot see or change the list', async () => {
    const { List } = (await list('?key=新词')).Data;
    expect((await adminCall(t, root, 'POST', '/api/XfSysBussiness/DelSensitiveWords', { Ids: List.map((w) => w.Id) })).Code).toBe(200);
    expect((await list('?key=新词')).Data.TotalCount).toBe(0);
    await adminCall(t, root, 'POST', '/api/XfSystemApi/SaveRole', { RoleName: '只读', MenuIds: [] });
    await adminCall(t, root, 'POST', '/api/XfSystemApi/SaveAdminUser', {
      Account: 'reader',
      FullName: '只读',
      RoleId: (await adminCall<{ List: { RoleId: number; RoleName: string }[] }>(t, root, 'GET', '/api/XfSystemApi/GetRoleList?pagesize=999')).Data.List.find(
        (r) => r.RoleName === '只读',
      )?.RoleId,
      Password: 'Quiet-lamp-2024',
    });
    const reader = await loginAdmin(t, 'reader', 'Quiet-lamp-2024');
    expect((await adminCall(t, reader, 'GET', '/api/XfSysBussiness/GetSensitiveWordList')).Code).toBe(403);
    expect((await add('词', reader)).Code).toBe(403);
  });

  it('marks a contribution holding listed words in the queue and highlights them for the reviewer, changing nothing stored', async () => {
    const types = await seedTypeChoices(t);
    await addMember(t, root, types, 'word_member');
    const member = await loginMember(t, 'word_member');
    const menu = await insertMenu(t.app.services.database.db, { name: '在线投稿', acceptsContributions: true });
    const body = '<p>严禁<b>赌</b>博和代开发票，代开发票违法。</p>';
    const saved = await publicCall<number>(t, member, 'POST', 'SaveNews', { Title: 'ＡＢＣ公司谈洗钱', MenuId: menu, NewContent: body });
    expect(saved.Code).toBe(200);

    const queue = await adminCall<{ List: ContributionListItemDto[] }>(t, root, 'GET', '/api/XfSysBussiness/GetContributionList?status=3');
    expect(queue.Data.List[0]?.SensitiveWords).toEqual([
      { Word: '代开发票', Count: 2 },
      { Word: 'ABC', Count: 1 },
      { Word: '洗钱', Count: 1 },
      { Word: '赌博', Count: 1 },
    ]);
    const detail = (await adminCall<ContributionDetailDto>(t, root, 'GET', `/api/XfSysBussiness/GetContribution/${saved.Data}`)).Data;
    expect(detail.MarkedTitle).toBe('<mark>ＡＢＣ</mark>公司谈<mark>洗钱</mark>');
    expect(detail.MarkedContent).toBe('<p>严禁<b><mark>赌</mark></b><mark>博</mark>和<mark>代开发票</mark>，<mark>代开发票</mark>违法。</p>');
    expect(detail.NewContent).toBe(body);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code, contentMessages, type NewsRevisionListDto, type ProofFindingDto } from '@portal/shared';
import { adminCall, createAdminTestApp, loginAdmin } from '../../../test/admin.js';
import { insertMenu } from '../../../test/fixtures.js';
import { engines, type TestApp } from '../../../test/harness.js';

/** Words this test adds to the dictionary and the sensitive-word list: no shipped entry is relied on. */
const SERIOUS = { Wrong: '协会章呈', Right: '协会章程', Severity: 'serious' };
const NORMAL = { Wrong: '按装', Right: '安装', Severity: 'normal' };
const SENSITIVE = '违禁测试词';

describe.each(engines)('校对 before SaveNews on %s', (engine) => {
  let t: TestApp;
  let admin: string;
  let menuId: number;
  const call = <T>(name: string, payload?: Record<string, unknown>, method: 'GET' | 'POST' = 'POST') =>
    adminCall<T>(t, admin, method, `/api/XfSysBussiness/${name}`, payload);
  const save = (body: Record<string, unknown>) => call<number | ProofFindingDto[]>('SaveNews', { MenuId: menuId, ...body });
  const articles = async () =>
    Number(
      (
        await t.app.services.database.db
          .selectFrom('news')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  beforeAll(async () => {
    t = await createAdminTestApp(engine, { backgroundJobs: false });
    admin = await loginAdmin(t);
    menuId = await insertMenu(t.app.services.database.db, { name: '通知公告' });
    for (const entry of [SERIOUS, NORMAL]) expect((await call('SaveWrongWord', entry)).Code).toBe(200);
    expect((await call('SaveSensitiveWords', { Words: SENSITIVE })).Code).toBe(200);
  });
  afterAll(() => t.close());

  it('stops a save holding serious findings, naming them, and saves nothing', async () => {
    const before = await articles();
    const answer = await save({ Title: '关于修订协会章呈的通知', NewContent: `<p>请各会员单位按装新版系统。<b>${SENSITIVE}</b></p>` });
    expect(answer.Code).toBe(Code.ProofreadFindings);
    expect(answer.Message).toBe(contentMessages.proofreadFindings);
    // Only the serious ones stop a save: the 一般 word is the editor's panel's business.
    expect(answer.Data).toHaveLength(2);
    expect(answer.Data).toEqual(
      expect.arrayContaining([
        { Kind: 'sensitive', Word: SENSITIVE, Suggestion: null, Severity: 'serious', Count: 1 },
        { Kind: 'wrong', Word: '协会章呈', Suggestion: '协会章程', Severity: 'serious', Count: 1 },
      ]),
    );
    expect(await articles()).toBe(before);
  });

  it('saves what the editor confirmed and records the confirmed words in the revision', async () => {
    const saved = await save({ Title: '关于修订协会章呈的通知', NewContent: '<p>协会章呈全文见附件。</p>', ProofreadConfirmed: true });
    expect(saved.Code, saved.Message).toBe(200);
    const id = saved.Data as number;
    const { Data } = await call<NewsRevisionListDto>(`GetNewsRevisionList?newsid=${id}`, undefined, 'GET');
    expect(Data.List[0]!.ProofreadNote).toBe('确认保存：严重错别字「协会章呈」→协会章程×2');

    // An edit that leaves out title and body is checked against the stored ones, and asks again.
    expect((await save({ NewsId: id, IsTop: true })).Code).toBe(Code.ProofreadFindings);
    // Corrected, it saves without asking, and its revision notes nothing.
    expect((await save({ NewsId: id, Title: '关于修订协会章程的通知', NewContent: '<p>协会章程全文见附件。</p>' })).Code).toBe(200);
    const after = await call<NewsRevisionListDto>(`GetNewsRevisionList?newsid=${id}`, undefined, 'GET');
    expect(after.Data.List[0]!.ProofreadNote).toBe('');
  });

  it('lets 一般 words through without asking', async () => {
    const saved = await save({ Title: '设备按装说明', NewContent: '<p>按装步骤。</p>' });
    expect(saved.Code, saved.Message).toBe(200);
  });
});

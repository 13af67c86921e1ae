import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApplyState, type AdminTypeItemDto, type ListDto, type TypeItemDto } from '@portal/shared';
import { insertMemberRow } from '../../../test/admin.js';
import { createContentAdminTest, expectGuarded, type ContentAdminTest } from '../../../test/content-admin.js';
import { engines, envelope } from '../../../test/harness.js';

describe.each(engines)('back-office type lists on %s', (engine) => {
  let c: ContentAdminTest;
  const save = (body: Record<string, unknown>, token = c.admin) => c.call<number>(token, 'POST', 'SaveType', body);
  const adminList = async (query: string) => (await c.call<ListDto<AdminTypeItemDto>>(c.admin, 'GET', `GetTypeList?pagesize=100&${query}`)).Data;
  const publicNames = async (type: number) =>
    envelope<TypeItemDto[]>(await c.t.app.inject({ method: 'GET', url: `/api/XfWebApi/GetTypeList?type=${type}` })).Data.map((t) => t.Name);

  beforeAll(async () => {
    c = await createContentAdminTest(engine);
  });
  afterAll(() => c.t.close());

  it('keeps the three lists apart, in display order, stopped entries included', async () => {
    const insurer = await save({ Type: 1, Name: '保险公司', SortNumber: 2 });
    expect(insurer).toMatchObject({ Code: 200, Message: '操作成功' });
    await save({ Type: 1, Name: '建设单位', SortNumber: 1 });
    await save({ Type: 1, Name: '已撤销', SortNumber: 3, Status: 0 });
    await save({ Type: 2, Name: '理事单位' });
    await save({ Type: 3, Name: '其他' });
    expect((await adminList('type=1')).List.map((t) => [t.Name, t.Status])).toEqual([
      ['建设单位', 1],
      ['保险公司', 1],
      ['已撤销', 0],
    ]);
    expect(await publicNames(1)).toEqual(['建设单位', '保险公司']);
    expect((await adminList('type=2')).List.map((t) => t.Name)).toEqual(['理事单位']);
    expect((await adminList('type=3')).List[0]).toMatchObject({ Type: 3, Name: '其他', SortNumber: 0, Status: 1 });
    expect((await adminList(`type=1&key=${encodeURIComponent('保险')}`)).List.map((t) => t.Id)).toEqual([insurer.Data]);
    expect((await adminList('type=1&status=0')).List.map((t) => t.Name)).toEqual(['已撤销']);
    expect((await c.call<ListDto<AdminTypeItemDto>>(c.admin, 'GET', 'GetTypeList?type=1&pageindex=2&pagesize=2')).Data).toMatchObject({
      TotalCount: 3,
      List: [{ Name: '已撤销' }],
    });

    expect((await save({ Id: insurer.Data, Type: 1, Name: '保险机构', SortNumber: 0 })).Code).toBe(200);
    expect(await publicNames(1)).toEqual(['保险机构', '建设单位']);
  });

  it('refuses invalid fields and a name taken in the same list', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ Name: '无类型' }, '类型只能是1、2或3'],
      [{ Type: 4, Name: '第四类' }, '类型只能是1、2或3'],
      [{ Type: 1 }, '请输入名称'],
      [{ Type: 1, Name: '名'.repeat(101) }, '名称不能超过100个字'],
      [{ Type: 1, Name: '建设单位' }, '该类型下已有同名项'],
    ];
    for (const [body, message] of cases) expect(await save(body), JSON.stringify(body)).toEqual({ Code: 400, Message: message, Data: null });
    // The same name in another list is fine.
    expect((await save({ Type: 2, Name: '建设单位' })).Code).toBe(200);
    expect(await save({ Id: 999999, Type: 1, Name: '不存在' })).toEqual({ Code: 404, Message: '类型不存在', Data: null });
    expect(await c.call(c.admin, 'GET', 'GetTypeList?type=9')).toEqual({ Code: 400, Message: '类型只能是1、2或3', Data: null });
  });

  it('deletes an entry no member uses', async () => {
    const used = await save({ Type: 2, Name: '会长单位' });
    const level = await save({ Type: 1, Name: '设计单位' });
    const member = await insertMemberRow(c.t, 'member_b', ApplyState.Approved);
    await c.t.app.services.database.db
      .updateTable('members')
      .set({ member_level_id: used.Data, company_type_id: level.Data })
      .where('id', '=', member)
      .execute();
    expect(await c.call(c.admin, 'POST', 'DelType', { Id: used.Data })).toEqual({ Code: 400, Message: '该类型已被1个会员使用，不能删除', Data: null });
    expect(await c.call(c.admin, 'POST', 'DelType', { Id: level.Data })).toEqual({ Code: 400, Message: '该类型已被1个会员使用，不能删除', Data: null });
    const unused = await save({ Type: 3, Name: '临时' });
    expect(await c.call(c.admin, 'POST', 'DelType', { Id: unused.Data })).toEqual({ Code: 200, Message: '操作成功', Data: null });
    expect(await c.call(c.admin, 'POST', 'DelType', { Id: unused.Data })).toEqual({ Code: 404, Message: '类型不存在', Data: null });
  });

  it('lets a 内容编辑 manage types and guards every call', async () => {
    const saved = await save({ Type: 3, Name: '编辑的类型' }, c.editor);
    expect(saved.Code).toBe(200);
    await expectGuarded(c, [
      ['GET', 'GetTypeList?type=1'],
      ['POST', 'SaveType', { Type: 3, Name: '入侵' }],
      ['POST', 'SaveType', { Id: saved.Data, Type: 3, Name: '入侵' }],
      ['POST', 'DelType', { Id: saved.Data }],
    ]);
    expect((await adminList('type=3')).List.find((t) => t.Id === saved.Data)?.Name).toBe('编辑的类型');
  });
});

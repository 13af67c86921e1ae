import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ListDto, ProposeDto } from '@portal/shared';
import { adminCall, createAdmin, createAdminTestApp, loginAdmin, testClock } from '../../../test/admin.js';
import { atOnce, sharingInstances } from '../../../test/concurrency.js';
import { engines, envelope, type TestApp } from '../../../test/harness.js';
import { addMember, loginMember, publicCall, seedTypeChoices } from '../../../test/members.js';

const MINUTE = 60_000;
const FORBIDDEN = { Code: 403, Message: '当前操作没有权限', Data: null };
const ADMIN_SESSION_EXPIRED = { Code: 402, Message: '无效的会话，或者会话已过期，请重新登录', Data: null };
const TOO_MANY = { Code: 429, Message: '请求过于频繁，请稍后再试', Data: null };

describe.each(engines)('suggestion box on %s', (engine) => {
  const clock = testClock();
  let t: TestApp;
  let admin: string;
  let editor: string;
  let reader: string;
  let member: string;

  beforeAll(async () => {
    t = await createAdminTestApp(engine, { now: clock.now });
    admin = await loginAdmin(t);
    await createAdmin(t, admin, 'editor1', '内容编辑');
    editor = await loginAdmin(t, 'editor1');
    // A role that may read suggestions but not delete them.
    const menu = await t.app.services.database.db.selectFrom('system_menus').select('id').where('perms', '=', 'member:propose:list').executeTakeFirstOrThrow();
    expect((await adminCall(t, admin, 'POST', '/api/XfSystemApi/SaveRole', { RoleName: '留言查看', MenuIds: [menu.id] })).Code).toBe(200);
    await createAdmin(t, admin, 'reader1', '留言查看');
    reader = await loginAdmin(t, 'reader1');
    await addMember(t, admin, await seedTypeChoices(t), 'alice');
    member = await loginMember(t, 'alice');
  });
  afterAll(() => t.close());

  /** SavePropose from one address (the per-address limit counts it). */
  const propose = (payload: Record<string, unknown>, address = '10.50.0.1', on = t) =>
    on.app.inject({ method: 'POST', url: '/api/XfWebApi/SavePropose', payload, headers: { 'x-forwarded-for': address } }).then((r) => envelope(r));
  const list = async (query = '') => (await adminCall<ListDto<ProposeDto>>(t, admin, 'GET', `/api/XfSysBussiness/GetWebProposeList?${query}`)).Data;
  const business = (token: string | undefined, url: string, payload?: Record<string, unknown>) =>
    adminCall(t, token, payload ? 'POST' : 'GET', `/api/XfSysBussiness/${url}`, payload);

  describe('SavePropose', () => {
    it('validates with the spec §5 messages, trimming both fields', async () => {
      const refuse = async (payload: Record<string, unknown>, message: string) =>
        expect(await propose(payload, '10.50.9.9'), JSON.stringify(payload).slice(0, 60)).toEqual({ Code: 400, Message: message, Data: null });
      await refuse({}, '请输入手机号码');
      await refuse({ Mobile: '   ', ProposeContent: '建议' }, '请输入手机号码');
      for (const mobile of ['12812345678', '1381234567', '138123456789', '010-68512376', 'abcdefghijk', ' 1381234567 ']) {
        await refuse({ Mobile: mobile, ProposeContent: '建议' }, '请输入正确手机号码');
      }
      await refuse({ Mobile: '13812345678' }, '请输入建议留言');
      await refuse({ Mobile: '13812345678', ProposeContent: ' \n ' }, '请输入建议留言');
      await refuse({ Mobile: '13812345678', ProposeContent: '言'.repeat(1001) }, '建议留言不能超过1000个字');
      await refuse({ Mobile: 13812345678, ProposeContent: '建议' }, '请输入手机号码');
      await refuse({ Mobile: '13812345678', ProposeContent: ['建议'] }, '请输入建议留言');
      expect((await list()).TotalCount).toBe(0);
    });

    it('stores the suggestion as plain text and answers 提交成功', async () => {
      expect(await propose({ Mobile: ' 13812345678 ', ProposeContent: '  希望增加<b>培训</b>场次<script>alert(1)</script>  ' })).toEqual({
        Code: 200,
        Message: '提交成功',
        Data: null,
      });
      expect((await propose({ Mobile: '19900001111', ProposeContent: '言'.repeat(1000) }, '10.50.0.2')).Code).toBe(200);
      const [latest] = (await list()).List.filter((p) => p.Mobile === '13812345678');
      expect(latest).toMatchObject({ Mobile: '13812345678', ProposeContent: '希望增加<b>培训</b>场次<script>alert(1)</script>', IsRead: false, ReadTime: '' });
      expect(latest?.CreateTime).toBe('2024-06-01 10:00:00');
    });

    it('holds 5 per address when 20 arrive at once, spread over two instances', async () => {
      const address = '10.50.2.1';
      const shared = await sharingInstances(t, { now: clock.now });
      try {
        const answers = await atOnce(shared.apps, 20, (on, i) => propose({ Mobile: '13600000000', ProposeContent: `同时${i}` }, address, on));
        expect(answers.filter((a) => a.Code === 200)).toHaveLength(5);
        expect(answers.filter((a) => a.Code !== 200)).toEqual(Array(15).fill(TOO_MANY));
      } finally {
        await shared.close();
      }
      const stored = await t.app.services.database.db
        .selectFrom('messages')
        .select('content')
        .where('origin', '=', 'propose')
        .where('ip', '=', address)
        .execute();
      expect(stored).toHaveLength(5);
    });

    it('takes 5 per address in 10 minutes, then Code 429 until the window passes', async () => {
      const address = '10.50.1.1';
      for (let i = 1; i <= 5; i++) expect((await propose({ Mobile: '13700000000', ProposeContent: `第${i}条` }, address)).Code).toBe(200);
      expect(await propose({ Mobile: '13700000000', ProposeContent: '第6条' }, address)).toEqual(TOO_MANY);
      expect((await propose({ Mobile: '13700000000', ProposeContent: '别处' }, '10.50.1.2')).Code).toBe(200);
      clock.advance(10 * MINUTE);
      expect((await propose({ Mobile: '13700000000', ProposeContent: '第7条' }, address)).Code).toBe(200);
    });
  });

  describe('back office', () => {
    it('GetWebProposeList filters by keyword, read state and date; paged newest first', async () => {
      const all = await list('pagesize=100');
      expect(all.TotalCount).toBe(all.List.length);
      expect(all.List[0]?.ProposeContent).toBe('第7条');
      const times = all.List.map((p) => `${p.CreateTime}#${String(p.ProposeId).padStart(8, '0')}`);
      expect(times).toEqual([...times].sort().reverse());
      expect((await list('key=培训')).List.map((p) => p.Mobile)).toEqual(['13812345678']);
      expect((await list('key=1370000')).TotalCount).toBe(7);
      expect((await list('key=_')).TotalCount).toBe(0);
      expect((await list('isread=0')).TotalCount).toBe(all.TotalCount);
      expect((await list('isread=1')).TotalCount).toBe(0);
      expect((await list('start=2024-06-01&end=2024-06-01')).TotalCount).toBe(all.TotalCount);
      expect((await list('start=2024-06-02')).TotalCount).toBe(0);
      expect((await list('pagesize=3&pageindex=2')).List).toEqual(all.List.slice(3, 6));
      expect((await business(admin, 'GetWebProposeList?isread=2')).Code).toBe(400);
    });

    it('MarkProposeRead marks several as read at once', async () => {
      const ids = (await list('key=第')).List.map((p) => p.ProposeId).slice(0, 3);
      clock.advance(MINUTE);
      expect(await business(admin, 'MarkProposeRead', { Ids: ids })).toEqual({ Code: 200, Message: '操作成功', Data: 3 });
      // Already read: nothing new to mark, the first read time stays.
      expect((await business(admin, 'MarkProposeRead', { Ids: ids.join(',') })).Data).toBe(0);
      const read = (await list('isread=1')).List;
      expect(read.map((p) => p.ProposeId).sort()).toEqual([...ids].sort());
      expect(read.every((p) => p.IsRead && p.ReadTime === '2024-06-01 10:11:00')).toBe(true);
      expect((await list('isread=0')).TotalCount).toBe((await list()).TotalCount - 3);
      // The audit log says what was done, not the name of the list it was done in.
      const log = await adminCall<ListDto<{ ActionName: string; Detail: string }>>(
        t,
        admin,
        'GET',
        '/api/XfSystemApi/GetAuditLogList?action=member:propose:read',
      );
      expect(log.Data.List[0]).toMatchObject({ ActionName: '标记建议已读', Detail: `标记已读0条：${ids.join(',')}` });
      expect(log.Data.TotalCount).toBe(2);
    });

    it('DelWebPropose deletes one or many, given as an array or a comma list', async () => {
      const before = await list('pagesize=100');
      const [a, b, c] = before.List.map((p) => p.ProposeId);
      expect(await business(admin, 'DelWebPropose', { Ids: [] })).toEqual({ Code: 400, Message: '请选择要操作的记录', Data: null });
      expect((await business(admin, 'DelWebPropose', {})).Message).toBe('请选择要操作的记录');
      expect((await business(admin, 'DelWebPropose', { Ids: ['abc'] })).Message).toBe('参数错误');
      expect(await business(admin, 'DelWebPropose', { Ids: [a, b] })).toEqual({ Code: 200, Message: '操作成功', Data: 2 });
      expect((await business(admin, 'DelWebPropose', { ids: `${c},${a}` })).Data).toBe(1);
      expect((await list('pagesize=100')).List.map((p) => p.ProposeId)).toEqual(before.List.slice(3).map((p) => p.ProposeId));
      const audit = await t.app.services.database.db
        .selectFrom('audit_logs')
        .select(['detail', 'result'])
        .where('action', '=', 'member:propose:delete')
        .where('result', '=', 1)
        .execute();
      expect(audit.map((r) => r.detail)).toEqual([`删除2条：${a},${b}`, `删除1条：${c},${a}`]);
    });

    it('refuses admins without the permissions (403) and callers without an admin session (402)', async () => {
      const [first] = (await list()).List;
      const id = first?.ProposeId as number;
      const calls: [url: string, payload?: Record<string, unknown>][] = [
        ['GetWebProposeList'],
        ['MarkProposeRead', { Ids: [id] }],
        ['DelWebPropose', { Ids: [id] }],
      ];
      for (const [url, payload] of calls) {
        expect(await business(editor, url, payload), url).toEqual(FORBIDDEN);
        expect(await business(member, url, payload), url).toEqual(ADMIN_SESSION_EXPIRED);
        expect(await business(undefined, url, payload), url).toEqual(ADMIN_SESSION_EXPIRED);
      }
      expect((await business(reader, 'GetWebProposeList')).Code).toBe(200);
      expect(await business(reader, 'DelWebPropose', { Ids: [id] })).toEqual(FORBIDDEN);
      expect((await list()).List[0]?.ProposeId).toBe(id);
      // A member may post a suggestion like anyone (spec §6), with or without a session.
      expect((await publicCall(t, member, 'POST', 'SavePropose', { Mobile: '13812345678', ProposeContent: '会员建议' })).Code).toBe(200);
    });
  });
});

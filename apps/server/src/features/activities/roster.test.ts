import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityScene, type ActivityScene } from '../../../test/activities.js';
import { loginAdmin } from '../../../test/admin.js';
import { engines } from '../../../test/harness.js';
import { readSheet } from '../../../test/xlsx.js';
import { SUPER_ROLE } from '../system/seed.js';

/**
 * 报名签到表 (ExportActivitySignUps): the members signed up with their check-in, a place held for a
 * member promoted from the waitlist, then the waitlist in its order, read back with exceljs.
 */
describe.each(engines)('the sign-up roster export on %s', (engine) => {
  let s: ActivityScene;

  beforeAll(async () => {
    s = await activityScene(engine);
    await s.addMembers('alice', 'bob', 'carol', 'dave', 'erin', 'frank', 'gina');
  });
  afterAll(() => s.close());

  const exported = async (activityId: number) =>
    s.t.app.inject({ method: 'GET', url: `/api/XfSysBussiness/ExportActivitySignUps?activityid=${activityId}`, headers: { token: await loginAdmin(s.t) } });

  it('lists those signed up with their check-in, the place held, then the waitlist by position', async () => {
    // Tomorrow 09:00 to 17:00; sign-up closes today at 18:00.
    s.moveTo('2024-06-01 10:00:00');
    const id = await s.publish({
      Title: '报名签到表测试',
      Capacity: 3,
      StartTime: '2024-06-02 09:00:00',
      EndTime: '2024-06-02 17:00:00',
      SignUpDeadline: '2024-06-01 18:00:00',
    });
    for (const account of ['alice', 'bob', 'frank']) {
      expect((await s.member(account, 'SignUpActivity', { ActivityId: id })).Code).toBe(200);
      s.clock.advance(60_000);
    }
    for (const account of ['carol', 'dave', 'erin']) {
      expect((await s.member(account, 'JoinActivityWaitlist', { ActivityId: id })).Code).toBe(200);
      s.clock.advance(60_000);
    }
    // bob's place goes to carol, held until the activity starts (24 hours would be later).
    expect((await s.member('bob', 'CancelActivitySignUp', { ActivityId: id })).Code).toBe(200);
    // On the day, staff check alice in.
    s.moveTo('2024-06-02 08:30:00');
    expect((await s.business('CheckInActivityMember', { ActivityId: id, MemberId: s.ids.alice })).Code).toBe(200);

    const res = await exported(id);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.headers['content-disposition']).toContain(encodeURIComponent('报名签到表测试-报名签到表.xlsx'));
    const [header, ...rows] = await readSheet(res.rawPayload);
    expect(header).toEqual([
      '报名状态',
      '候补位次',
      '账号',
      '会员名称',
      '会员等级',
      '联系人',
      '联系电话',
      '邮箱',
      '报名时间',
      '候补时间',
      '名额保留至',
      '签到状态',
      '签到时间',
      '签到人',
    ]);
    const member = (account: string) => [`${account}工程有限公司`, '理事单位', '李四', '13812345678', `${account}@example.com`];
    // Cells left empty read back as holes: compare them as ''.
    expect(rows.map((r) => Array.from({ length: header!.length }, (_, i) => r[i] ?? ''))).toEqual([
      ['已报名', '', 'alice', ...member('alice'), '2024-06-01 10:00:00', '', '', '已签到', '2024-06-02 08:30:00', `${SUPER_ROLE}（admin）`],
      ['已报名', '', 'frank', ...member('frank'), '2024-06-01 10:02:00', '', '', '未签到', '', ''],
      ['待确认', '', 'carol', ...member('carol'), '', '2024-06-01 10:03:00', '2024-06-02 09:00:00', '', '', ''],
      ['候补', 1, 'dave', ...member('dave'), '', '2024-06-01 10:04:00', '', '', '', ''],
      ['候补', 2, 'erin', ...member('erin'), '', '2024-06-01 10:05:00', '', '', '', ''],
    ]);
    const audit = await s.t.app.services.database.db
      .selectFrom('audit_logs')
      .select(['action', 'detail', 'result'])
      .where('detail', '=', '导出报名签到表测试-报名签到表')
      .execute();
    expect(audit).toEqual([{ action: 'activity:export', detail: '导出报名签到表测试-报名签到表', result: 1 }]);
  });

  it('answers an unknown activity with the envelope, not a file', async () => {
    const res = await exported(999999);
    expect(res.headers['content-type']).toContain('application/json');
    expect(JSON.parse(res.body)).toEqual({ Code: 404, Message: '活动不存在或已删除', Data: null });
  });
});

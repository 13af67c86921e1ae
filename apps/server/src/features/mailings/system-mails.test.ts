import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, cstDate, type ListDto, type SystemMailDto, type SystemMailPreviewDto } from '@portal/shared';
import { adminCall, createAdmin, createAdminTestApp, loginAdmin, testClock } from '../../../test/admin.js';
import { insertMenu } from '../../../test/fixtures.js';
import { engines, type TestApp } from '../../../test/harness.js';
import { addMember, loginMember, publicCall, seedTypeChoices, type TypeChoices } from '../../../test/members.js';
import { runMembershipJob } from '../membership/job.js';

const SITE = '中国建设工程保险风险管理协会';

describe.each(engines)('系统邮件 on %s', (engine) => {
  const clock = testClock();
  let t: TestApp;
  let admin: string;
  let types: TypeChoices;
  let menu: number;

  beforeAll(async () => {
    // Mail is queued (SMTP_URL set) but never delivered: what is queued is what is checked.
    t = await createAdminTestApp(engine, { now: clock.now, backgroundJobs: false }, { smtpUrl: 'smtp://127.0.0.1:9', membershipReminderDays: [30, 7] });
    admin = await loginAdmin(t);
    types = await seedTypeChoices(t);
    menu = await insertMenu(t.app.services.database.db, { name: '在线投稿', acceptsContributions: true });
  });
  afterAll(() => t.close());

  const biz = <T = unknown>(url: string, payload?: Record<string, unknown>, token = admin) =>
    adminCall<T>(t, token, payload ? 'POST' : 'GET', `/api/XfSysBussiness/${url}`, payload);
  const mailsTo = (recipient: string) =>
    t.app.services.database.db.selectFrom('mail_outbox').select(['subject', 'body']).where('recipient', '=', recipient).orderBy('id').execute();
  const systemMail = async (code: string) => (await biz<ListDto<SystemMailDto>>('GetSystemMailList')).Data.List.find((m) => m.Code === code)!;

  /** A member's contribution, rejected by the administrator with `reason`. */
  const rejectContribution = async (account: string, title: string, reason: string) => {
    await addMember(t, admin, types, account, { MemberName: `${account}集团` });
    const token = await loginMember(t, account);
    const saved = await publicCall<number>(t, token, 'POST', 'SaveNews', { NewsId: 0, Title: title, MenuId: menu, NewContent: '<p>投稿正文</p>' });
    expect(saved.Code, saved.Message).toBe(200);
    const decided = await biz('AuditContribution', { NewsId: saved.Data, Decision: 2, Reason: reason });
    expect(decided.Code, decided.Message).toBe(200);
    return mailsTo(`${account}@example.com`);
  };

  it('lists every automatic mail with its variables, the default in use until edited', async () => {
    const list = (await biz<ListDto<SystemMailDto>>('GetSystemMailList')).Data;
    expect(list.List.map((m) => m.Code)).toEqual([
      'contribution-approved',
      'contribution-rejected',
      'renewal-before',
      'renewal-expired',
      'renewal-lapsed',
      'renewal-manual',
      'activity-notice',
    ]);
    const rejected = list.List[1]!;
    expect(rejected).toMatchObject({ Name: '投稿审核驳回', Customised: false, UpdateTime: '', Subject: '【投稿审核】《{{文章标题}}》未通过审核' });
    expect(rejected.Subject).toBe(rejected.DefaultSubject);
    expect(rejected.Variables.map((v) => v.Name)).toEqual(['会员名称', '文章标题', '投稿链接', '网站名称', '驳回原因']);
  });

  it('sends the shipped text when nothing is stored: the rejection and the renewal reminder as before', async () => {
    const [rejected] = await rejectContribution('default_co', '默认投稿', '图片不清晰');
    expect(rejected!.subject).toBe('【投稿审核】《默认投稿》未通过审核');
    expect(rejected!.body).toMatch(
      new RegExp(
        '^default_co集团：\n\n您投稿的文章《默认投稿》未通过审核。\n驳回原因：图片不清晰\n\n您可以修改后重新提交。\n\n' +
          `查看我的投稿：https?://[^/\n]+/contribute\n\n（本邮件由系统自动发送，请勿直接回复。）\n${SITE}$`,
      ),
    );

    const expires = addDays(cstDate(clock.now()), 25);
    await addMember(t, admin, types, 'renew_default', { MemberName: '续费默认集团', ExpireDate: expires });
    await runMembershipJob(t.app.services);
    // The daily job has no request to take the site's address from: without PUBLIC_BASE_URL the link is the path alone.
    const [reminder] = await mailsTo('renew_default@example.com');
    expect(reminder!.subject).toBe(`【${SITE}】到期前30天提醒`);
    expect(reminder!.body).toMatch(
      new RegExp(
        `^续费默认集团：\n\n您单位的会员资格将于${expires}到期，请及时缴纳会费续期。\n\n(应缴会费：.*\n)?缴费账户请联系协会秘书处获取。\n\n` +
          `查看会籍信息：(https?://[^/\n]+)?/member/membership\n\n（本邮件由系统自动发送，请勿直接回复。）\n${SITE}$`,
      ),
    );
  });

  it('refuses a variable the mail does not offer, naming it, and changes nothing', async () => {
    // 退订链接 is a mailing's variable, not a reminder's.
    expect(await biz('SaveSystemMail', { Code: 'renewal-before', Subject: '{{提醒类型}}', Body: '请续费：{{退订链接}}' })).toMatchObject({
      Code: 400,
      Message: '模板中有未知的变量：{{退订链接}}',
    });
    expect(await biz('SaveSystemMail', { Code: 'renewal-before', Subject: '{{有效期}}续费', Body: '请续费' })).toMatchObject({
      Code: 400,
      Message: '模板中有未知的变量：{{有效期}}',
    });
    expect(await biz('SaveSystemMail', { Code: 'no-such-mail', Subject: '续费', Body: '请续费' })).toMatchObject({ Code: 400, Message: '系统邮件不存在' });
    expect(await biz('SaveSystemMail', { Code: 'renewal-before', Body: '请续费' })).toMatchObject({ Code: 400, Message: '请输入通知标题' });
    expect((await systemMail('renewal-before')).Customised).toBe(false);
  });

  it('previews any mail as written, saved or not, each of its variables filled with an example, and saves nothing', async () => {
    for (const mail of (await biz<ListDto<SystemMailDto>>('GetSystemMailList')).Data.List) {
      // Every variable the mail offers, in subject and body: none is left unfilled.
      const every = mail.Variables.map((v) => `{{${v.Name}}}`).join('|');
      const shown = await biz<SystemMailPreviewDto>('PreviewSystemMail', { Code: mail.Code, Subject: `【${every}】`, Body: every });
      expect(shown.Code, `${mail.Code}: ${shown.Message}`).toBe(200);
      expect(shown.Data.Subject, mail.Code).not.toContain('{{');
      expect(
        shown.Data.Body.split('|').every((value) => value.trim() !== ''),
        mail.Code,
      ).toBe(true);
    }
    const shown = await biz<SystemMailPreviewDto>('PreviewSystemMail', {
      Code: 'contribution-rejected',
      Subject: '《{{文章标题}}》未通过',
      Body: '{{会员名称}}：\n驳回原因：{{驳回原因}}\n{{投稿链接}}\n{{网站名称}}',
    });
    expect(shown.Data.Subject).toBe('《工程质量潜在缺陷保险的风险管控实践》未通过');
    expect(shown.Data.Body).toMatch(new RegExp(`^示例建设工程有限公司：\n驳回原因：请补充案例的数据来源。\nhttps?://[^/\n]+/contribute\n${SITE}$`));
    // Checked as a save is: a variable of another mail is refused by name.
    expect(await biz('PreviewSystemMail', { Code: 'contribution-rejected', Subject: '投稿', Body: '{{有效期至}}' })).toMatchObject({
      Code: 400,
      Message: '模板中有未知的变量：{{有效期至}}',
    });
    expect((await systemMail('contribution-rejected')).Customised).toBe(false);
  });

  it('sends the edited text with the variables filled, until the default is restored', async () => {
    const saved = await biz('SaveSystemMail', {
      Code: 'contribution-rejected',
      Subject: '{{网站名称}}：《{{文章标题}}》需修改',
      Body: '{{会员名称}}您好，\n《{{文章标题}}》需修改：{{驳回原因}}\n{{投稿链接}}',
    });
    expect(saved).toMatchObject({ Code: 200 });
    expect(await systemMail('contribution-rejected')).toMatchObject({
      Customised: true,
      UpdateTime: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/),
      Subject: '{{网站名称}}：《{{文章标题}}》需修改',
      DefaultSubject: '【投稿审核】《{{文章标题}}》未通过审核',
    });
    // An article whose title reads like a variable keeps it as written.
    const [edited] = await rejectContribution('edited_co', '{{会员名称}}年报', '缺少数据');
    expect(edited!.subject).toBe(`${SITE}：《{{会员名称}}年报》需修改`);
    expect(edited!.body).toMatch(/^edited_co集团您好，\n《\{\{会员名称\}\}年报》需修改：缺少数据\nhttps?:\/\/[^/\n]+\/contribute$/);
    // The other mails are untouched.
    expect((await systemMail('contribution-approved')).Customised).toBe(false);

    // The manual reminder: an edit of its own, {{提醒内容}} written by the code.
    expect((await biz('SaveSystemMail', { Code: 'renewal-manual', Subject: '{{会员名称}}：{{提醒类型}}', Body: '{{提醒内容}}\n{{缴费信息}}' })).Code).toBe(200);
    const expires = addDays(cstDate(clock.now()), 90);
    const id = await addMember(t, admin, types, 'renew_manual', { MemberName: '手动提醒集团', ExpireDate: expires });
    expect((await biz('MemberBatch', { Ids: [id], Action: 'remind' })).Code).toBe(200);
    const [manual] = await mailsTo('renew_manual@example.com');
    expect(manual!.subject).toBe('手动提醒集团：续费提醒');
    expect(manual!.body).toMatch(new RegExp(`^您单位的会员资格有效期至${expires}，请及时缴纳会费续期。\n(应缴会费：.*\n)?缴费账户请联系协会秘书处获取。$`));

    expect(await biz('ResetSystemMail', { Code: 'contribution-rejected' })).toMatchObject({ Code: 200 });
    const restored = await systemMail('contribution-rejected');
    expect(restored).toMatchObject({ Customised: false, UpdateTime: '', Subject: restored.DefaultSubject, Body: restored.DefaultBody });
    const [again] = await rejectContribution('restored_co', '恢复投稿', '格式不符');
    expect(again!.subject).toBe('【投稿审核】《恢复投稿》未通过审核');
    expect(again!.body).toContain('驳回原因：格式不符\n\n您可以修改后重新提交。');

    const log = await adminCall<ListDto<{ Target: string; Detail: string }>>(t, admin, 'GET', '/api/XfSystemApi/GetAuditLogList?pagesize=50');
    expect(log.Data.List.filter((e) => e.Target === '系统邮件').map((e) => e.Detail)).toEqual(
      expect.arrayContaining(['投稿审核驳回', '投稿审核驳回 恢复默认', '续费提醒（手动发送）']),
    );
  });

  it('sends the activity notice as edited, to each member of the audience with their own values', async () => {
    const saved = await biz('SaveSystemMail', {
      Code: 'activity-notice',
      Subject: '{{活动名称}}（{{活动时间}}）',
      Body: '{{会员名称}}：欢迎参加{{活动名称}}，地点{{活动地点}}，{{报名截止}}前报名。\n{{签到信息}}{{活动链接}}',
    });
    expect(saved.Code, saved.Message).toBe(200);
    await addMember(t, admin, types, 'activity_co', { MemberName: '活动会员集团' });
    const activity = await biz<number>('SaveActivityDetail', {
      Title: '年度观摩会',
      Place: '上海',
      StartTime: '2030-06-20 09:00:00',
      EndTime: '2030-06-20 17:00:00',
      SignUpDeadline: '2030-06-15 18:00:00',
      MemberLevels: [types.memberLevel],
    });
    expect(activity.Code, activity.Message).toBe(200);
    expect((await biz('PublishActivity', { ActivityId: activity.Data })).Code).toBe(200);
    const [notice] = await mailsTo('activity_co@example.com');
    expect(notice!.subject).toBe('年度观摩会（2030-06-20 09:00 至 2030-06-20 17:00）');
    expect(notice!.body).toMatch(
      new RegExp(`^活动会员集团：欢迎参加年度观摩会，地点上海，2030-06-15 18:00前报名。\nhttps?://[^/\n]+/member/activity/${activity.Data}$`),
    );
  });

  it('refuses an administrator without 通知模板, changing nothing', async () => {
    await createAdmin(t, admin, 'editor_sm', '内容编辑');
    const editor = await loginAdmin(t, 'editor_sm');
    expect(await biz('GetSystemMailList', undefined, editor)).toMatchObject({ Code: 403 });
    expect(await biz('SaveSystemMail', { Code: 'renewal-before', Subject: '续费', Body: '请续费' }, editor)).toMatchObject({ Code: 403 });
    expect(await biz('ResetSystemMail', { Code: 'renewal-manual' }, editor)).toMatchObject({ Code: 403 });
    expect(await biz('PreviewSystemMail', { Code: 'renewal-before', Subject: '续费', Body: '请续费' }, editor)).toMatchObject({ Code: 403 });
    expect((await systemMail('renewal-before')).Customised).toBe(false);
    expect((await systemMail('renewal-manual')).Customised).toBe(true);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ReviewKind, ReviewState, type AskerMessageDto, type MessageDetailDto, type ReviewDto, type ReviewListItemDto } from '@portal/shared';
import { adminCall, createAdmin, createAdminTestApp, loginAdmin, testClock } from '../../../test/admin.js';
import { insertMenu } from '../../../test/fixtures.js';
import { engines, envelope, type TestApp } from '../../../test/harness.js';
import { startMailServer } from '../../../test/mail-server.js';
import { freshAddress } from '../../../test/members.js';
import { roleWith } from '../../../test/review.js';
import { smtpTransport, workOutbox } from '../mail/outbox.js';

/**
 * 答复须经审核: a reply goes through the review chain (三审) of the menu 留言设置 names, decided by
 * the chain's roles on 待我审核, and is out (已答复, the mail, the 查询码 page) only when its last
 * step approves; rejected, it comes back to the handler with the reason.
 */
describe.each(engines)('replies reviewed before they go out on %s', (engine) => {
  const clock = testClock(Date.UTC(2024, 5, 17, 2, 0, 0));
  let mailServer: Awaited<ReturnType<typeof startMailServer>>;
  let t: TestApp;
  const tokens: Record<'admin' | 'handler' | 'first' | 'final' | 'outsider', string> = {} as never;
  const menus: Record<'chained' | 'plain', number> = {} as never;

  beforeAll(async () => {
    mailServer = await startMailServer();
    t = await createAdminTestApp(engine, { now: clock.now, backgroundJobs: false }, { smtpUrl: `smtp://127.0.0.1:${mailServer.port}` });
    tokens.admin = await loginAdmin(t);
    await roleWith(t, tokens.admin, '留言办理', ['message:list', 'message:all', 'message:reply', 'message:assign', 'message:setting']);
    const first = await roleWith(t, tokens.admin, '初审', ['content:review:list']);
    const final = await roleWith(t, tokens.admin, '终审', ['content:review:list']);
    await roleWith(t, tokens.admin, '其他审核', ['content:review:list']);
    for (const [account, role] of [
      ['handler', '留言办理'],
      ['first', '初审'],
      ['final', '终审'],
      ['outsider', '其他审核'],
    ] as const) {
      await createAdmin(t, tokens.admin, account, role);
      tokens[account] = await loginAdmin(t, account);
    }
    const db = t.app.services.database.db;
    await db.updateTable('admin_users').set({ full_name: '李办理' }).where('account', '=', 'handler').execute();
    menus.chained = await insertMenu(db, { name: '在线留言' });
    menus.plain = await insertMenu(db, { name: '通知公告' });
    const steps = [
      { Name: '初审', RoleIds: [first], NoSelfReview: false },
      { Name: '终审', RoleIds: [final], NoSelfReview: true },
    ];
    expect((await business(tokens.admin, 'SaveMenuReviewFlow', { MenuId: menus.chained, Steps: steps })).Code).toBe(200);
  });
  afterAll(async () => {
    await t.close();
    await mailServer.close();
  });

  const business = <T = unknown>(token: string, url: string, payload?: Record<string, unknown>) =>
    adminCall<T>(t, token, payload ? 'POST' : 'GET', `/api/XfSysBussiness/${url}`, payload);
  const web = async <T = unknown>(method: 'GET' | 'POST', url: string, payload?: Record<string, unknown>) =>
    envelope<T>(await t.app.inject({ method, url: `/api/XfWebApi/${url}`, headers: freshAddress(), ...(payload ? { payload } : {}) }));
  /** A visitor's message with an e-mail: its 查询码 and id. */
  const ask = async (Subject: string) => {
    const res = await web<{ Url: string }>('GET', 'GetMessageCaptcha');
    const ticket = (res as unknown as { Url: string }).Url;
    const asked = await web<string>('POST', 'SaveMessage', {
      CategoryId: 1,
      Subject,
      Content: '请问如何办理？',
      Name: '张三丰',
      Email: 'zhang@example.com',
      MayPublish: true,
      PrivacyVersion: 1,
      CaptchaTicket: ticket,
      Captcha: t.captchas.get(ticket)!,
    });
    expect(asked.Code, asked.Message).toBe(200);
    const { id } = await t.app.services.database.db.selectFrom('messages').select('id').where('query_code', '=', asked.Data).executeTakeFirstOrThrow();
    return { code: asked.Data, id };
  };
  const reply = (MessageId: number, Reply: string) => business(tokens.handler, 'ReplyMessage', { MessageId, Reply });
  const byCode = async (code: string) => (await web<AskerMessageDto>('GET', `GetMessageByCode?code=${code}`)).Data;
  const detail = async (id: number) => (await business<MessageDetailDto>(tokens.handler, `GetMessage/${id}`)).Data;
  const decide = (token: string, body: Record<string, unknown>) => business<number>(token, 'DecideReview', { Decision: 1, ...body });
  const queue = async (token: string) => (await business<{ List: ReviewListItemDto[] }>(token, 'GetReviewList?pagesize=100')).Data.List;
  const mails = async () =>
    Number(
      (
        await t.app.services.database.db
          .selectFrom('mail_outbox')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const setReviewMenu = (ReplyReviewMenuId: number) => business(tokens.handler, 'SaveMessageSettings', { ReplyReviewMenuId });

  it('sends a reply out when saved while no review is required', async () => {
    expect((await business<{ ReplyReviewMenuId: number }>(tokens.handler, 'GetMessageSettings')).Data.ReplyReviewMenuId).toBe(0);
    const m = await ask('会费如何缴纳');
    expect(await reply(m.id, '<p>银行转账。</p>')).toEqual({ Code: 200, Message: '操作成功', Data: null });
    expect(await byCode(m.code)).toMatchObject({ State: 2, Reply: '<p>银行转账。</p>' });
    expect((await detail(m.id)).ReplyReview).toBeNull();
    expect(await mails()).toBe(1);
  });

  it('names only a menu with a review chain', async () => {
    expect(await setReviewMenu(menus.plain)).toEqual({ Code: 400, Message: '所选栏目没有审核流程，请先在栏目管理中设置审核流程', Data: null });
    expect((await setReviewMenu(99_999)).Code).toBe(404);
    expect((await setReviewMenu(menus.chained)).Data).toMatchObject({ ReplyReviewMenuId: menus.chained });
  });

  it('holds a reply through the chain: not public nor mailed until the last step approves; rejected, it comes back with the reason', async () => {
    const m = await ask('证书如何补办');
    expect(await reply(m.id, '<p>带身份证来。</p>')).toEqual({ Code: 200, Message: '答复已提交审核，审核通过后发出', Data: null });
    expect(await byCode(m.code)).toMatchObject({ State: 0, Reply: '' });
    expect(await mails()).toBe(1);
    expect((await detail(m.id)).ReplyReview).toMatchObject({ State: ReviewState.Pending, StepName: '初审', Reply: '<p>带身份证来。</p>', Opinion: '' });
    expect((await reply(m.id, '<p>改一下</p>')).Message).toBe('答复正在审核中，请等待审核结果');

    // On 待我审核 of 初审 only, as a 留言答复 under the menu whose chain reviews it.
    const [line] = await queue(tokens.first);
    expect(line).toMatchObject({ Kind: ReviewKind.Reply, Title: '证书如何补办', MenuName: '在线留言', StepName: '初审', NewsId: 0, Author: 'handler' });
    expect(await queue(tokens.final)).toEqual([]);
    const sheet = (await business<ReviewDto>(tokens.first, `GetReview/${line!.ReviewId}`)).Data;
    expect(sheet).toMatchObject({ CanDecide: true, Version: { Title: '证书如何补办', NewContent: '<p>带身份证来。</p>', Author: '李办理' } });

    // Who the step does not name is refused; who has no 待我审核 is not let in.
    expect(await decide(tokens.outsider, { ReviewId: line!.ReviewId })).toEqual({ Code: 400, Message: '您的角色不能审核此步骤', Data: null });
    expect((await decide(tokens.handler, { ReviewId: line!.ReviewId })).Code).toBe(403);

    expect((await decide(tokens.first, { ReviewId: line!.ReviewId, StepNo: 1 })).Message).toBe('已通过，转终审');
    expect(await byCode(m.code)).toMatchObject({ Reply: '' });
    expect(await decide(tokens.final, { ReviewId: line!.ReviewId, StepNo: 2, Decision: 2, Opinion: '请写明办理地点' })).toEqual({
      Code: 200,
      Message: '已驳回',
      Data: line!.ReviewId,
    });
    const rejected = await detail(m.id);
    expect(rejected).toMatchObject({ State: 0, Reply: '', ReplyReview: { State: ReviewState.Rejected, StepName: '终审', Opinion: '请写明办理地点' } });
    expect(rejected.Notes.map((n) => [n.Kind, n.Text])).toEqual([
      ['review', '答复已提交审核（初审）'],
      ['review', '答复被驳回（终审）：请写明办理地点'],
    ]);
    const notices = (await business<{ List: { Text: string; Link: string }[] }>(tokens.handler, 'GetMyNotices')).Data.List;
    expect(notices[0]).toEqual(
      expect.objectContaining({ Text: '您的留言答复《证书如何补办》被驳回（终审）：请写明办理地点', Link: `/System/interact/message?message=${m.id}` }),
    );
    expect(await byCode(m.code)).toMatchObject({ State: 0, Reply: '' });
    expect(await mails()).toBe(1);

    // Resubmitted and approved by both steps: out, as a reply saved without review would be.
    expect((await reply(m.id, '<p>带身份证到协会一楼办理。</p>')).Code).toBe(200);
    const [again] = await queue(tokens.first);
    expect((await decide(tokens.first, { ReviewId: again!.ReviewId, StepNo: 1 })).Code).toBe(200);
    expect(await decide(tokens.final, { ReviewId: again!.ReviewId, StepNo: 2 })).toEqual({ Code: 200, Message: '审核通过，答复已发出', Data: again!.ReviewId });
    expect(await byCode(m.code)).toMatchObject({ State: 2, Reply: '<p>带身份证到协会一楼办理。</p>' });
    expect(await detail(m.id)).toMatchObject({ State: 2, RepliedBy: '李办理', ReplyReview: { State: ReviewState.Approved } });
    expect(await mails()).toBe(2);
    const transport = smtpTransport(t.config.smtpUrl!);
    try {
      expect(await workOutbox(t.app.services, transport)).toEqual({ sent: 2, failed: 0 });
    } finally {
      transport.close?.();
    }
    expect(mailServer.received.at(-1)?.text).toContain(m.code);
  });

  it('withdraws a reply waiting in review when the message is declined', async () => {
    const m = await ask('不相关的问题');
    expect((await reply(m.id, '<p>答复</p>')).Code).toBe(200);
    const [line] = await queue(tokens.first);
    expect((await business(tokens.handler, 'DeclineMessage', { MessageId: m.id, Reason: '不属于本会职责' })).Code).toBe(200);
    expect((await detail(m.id)).ReplyReview).toMatchObject({ State: ReviewState.Withdrawn });
    expect(await decide(tokens.first, { ReviewId: line!.ReviewId })).toEqual({ Code: 400, Message: '该稿件已不在审核中', Data: null });
    expect(await queue(tokens.first)).toEqual([]);
  });

  it('sends replies out when saved again once review is turned off', async () => {
    expect((await setReviewMenu(0)).Code).toBe(200);
    const m = await ask('年会何时召开');
    expect((await reply(m.id, '<p>十月。</p>')).Message).toBe('操作成功');
    expect(await byCode(m.code)).toMatchObject({ State: 2, Reply: '<p>十月。</p>' });
  });
});

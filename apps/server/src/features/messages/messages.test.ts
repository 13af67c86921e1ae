import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AskerMessageDto, ListDto, MessageDetailDto, MessageListItemDto, MessageStatisticsDto, PublicMessageDto } from '@portal/shared';
import { adminCall, createAdmin, createAdminTestApp, loginAdmin, testClock } from '../../../test/admin.js';
import { atOnce, sharingInstances } from '../../../test/concurrency.js';
import { engines, envelope, type TestApp } from '../../../test/harness.js';
import { startMailServer } from '../../../test/mail-server.js';
import { addMember, freshAddress, loginMember, seedTypeChoices } from '../../../test/members.js';
import { multipartBody, multipartHeaders } from '../../../test/multipart.js';
import { roleWith } from '../../../test/review.js';
import { readSheet } from '../../../test/xlsx.js';
import { smtpTransport, workOutbox } from '../mail/outbox.js';
import { runDeadlineJob } from './deadline-job.js';

const HOUR = 3_600_000;
const FORBIDDEN = { Code: 403, Message: '当前操作没有权限', Data: null };
const NOT_YOURS = { Code: 403, Message: '该留言不属于您所在的部门', Data: null };
const TOO_MANY = { Code: 429, Message: '请求过于频繁，请稍后再试', Data: null };
/** The asker of most messages here, and what must never show in public. */
const ASKER = { Name: '张三丰', Phone: '13912345678', Email: 'zhang.sanfeng@example.com' };
/** The privacy policy version every message here is sent with: the shipped one. */
const CONSENT = { PrivacyVersion: 1 };

describe.each(engines)('在线留言 on %s', (engine) => {
  // Monday 2024-06-17 10:00 CST: five working days later ends Monday 2024-06-24, no holiday between.
  const clock = testClock(Date.UTC(2024, 5, 17, 2, 0, 0));
  let mailServer: Awaited<ReturnType<typeof startMailServer>>;
  let t: TestApp;
  let admin: string;
  let dispatcher: string;
  let handlerA: string;
  let handlerB: string;
  let editor: string;
  let member: string;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    mailServer = await startMailServer();
    t = await createAdminTestApp(engine, { now: clock.now, backgroundJobs: false }, { smtpUrl: `smtp://127.0.0.1:${mailServer.port}` });
    admin = await loginAdmin(t);
    await roleWith(t, admin, '留言分派', ['message:list', 'message:all', 'message:assign', 'message:publish', 'message:stats', 'message:export']);
    await roleWith(t, admin, '留言办理', ['message:list', 'message:reply', 'message:assign']);
    ids.dispatcher = await createAdmin(t, admin, 'disp1', '留言分派');
    ids.handlerA = await createAdmin(t, admin, 'handa', '留言办理');
    ids.handlerB = await createAdmin(t, admin, 'handb', '留言办理');
    ids.supervisor = await createAdmin(t, admin, 'supa', '留言办理');
    await createAdmin(t, admin, 'editor1', '内容编辑');
    [dispatcher, handlerA, handlerB, editor] = (await Promise.all(['disp1', 'handa', 'handb', 'editor1'].map((a) => loginAdmin(t, a)))) as [
      string,
      string,
      string,
      string,
    ];
    await addMember(t, admin, await seedTypeChoices(t), 'asker');
    member = await loginMember(t, 'asker');
    const dept = async (Name: string, HandlerIds: number[], SupervisorId = 0) =>
      (await business<number>(admin, 'SaveMessageDepartment', { DepartmentId: 0, Name, HandlerIds, SupervisorId })).Data;
    ids.deptA = await dept('会员服务部', [ids.handlerA!], ids.supervisor);
    ids.deptB = await dept('培训部', [ids.handlerB!]);
  });
  afterAll(async () => {
    await t.close();
    await mailServer.close();
  });

  /** Moves the clock on; the sessions would have ended meanwhile, so everyone signs in again. */
  const later = async (ms: number) => {
    clock.advance(ms);
    [admin, dispatcher, handlerA, handlerB, editor] = (await Promise.all(['admin', 'disp1', 'handa', 'handb', 'editor1'].map((a) => loginAdmin(t, a)))) as [
      string,
      string,
      string,
      string,
      string,
    ];
    member = await loginMember(t, 'asker');
  };
  const web = async <T = unknown>(method: 'GET' | 'POST', url: string, payload?: Record<string, unknown>, headers: Record<string, string> = freshAddress()) =>
    envelope<T>(await t.app.inject({ method, url: `/api/XfWebApi/${url}`, headers, ...(payload ? { payload } : {}) }));
  const business = <T = unknown>(token: string | undefined, url: string, payload?: Record<string, unknown>) =>
    adminCall<T>(t, token, payload ? 'POST' : 'GET', `/api/XfSysBussiness/${url}`, payload);
  const captcha = async () => {
    const res = await web<string>('GET', 'GetMessageCaptcha');
    const ticket = (res as unknown as { Url: string }).Url;
    return { CaptchaTicket: ticket, Captcha: t.captchas.get(ticket)! };
  };
  const stored = async () =>
    Number(
      (
        await t.app.services.database.db
          .selectFrom('messages')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const ask = async (fields: Record<string, unknown> = {}, headers = freshAddress()) =>
    web<string>(
      'POST',
      'SaveMessage',
      {
        CategoryId: 1,
        Subject: '会员证如何补办',
        Content: '会员证遗失了，请问如何补办？',
        ...ASKER,
        ...CONSENT,
        MayPublish: true,
        ...(await captcha()),
        ...fields,
      },
      headers,
    );
  const byCode = (code: string, headers = freshAddress()) => web<AskerMessageDto>('GET', `GetMessageByCode?code=${code}`, undefined, headers);
  const idOf = async (code: string) =>
    (await t.app.services.database.db.selectFrom('messages').select('id').where('query_code', '=', code).executeTakeFirstOrThrow()).id;
  const queue = async (token: string, query = '') => (await business<ListDto<MessageListItemDto>>(token, `GetMessageList?pagesize=100&${query}`)).Data;

  describe('asking', () => {
    it('offers the enabled categories and what the site requires', async () => {
      const options = await web<{ Categories: { Name: string; DeadlineDays: number }[]; RequireName: boolean; Contact: string }>('GET', 'GetMessageOptions');
      expect(options.Data.Categories.map((c) => [c.Name, c.DeadlineDays])).toEqual([
        ['咨询', 5],
        ['建议', 5],
        ['投诉', 5],
        ['其他', 5],
      ]);
      expect(options.Data).toMatchObject({ RequireName: false, Contact: 'either' });
    });

    it('refuses every bad input with its message and stores nothing', async () => {
      const refuse = async (fields: Record<string, unknown>, message: string) =>
        expect(await ask(fields), JSON.stringify(fields).slice(0, 80)).toEqual({ Code: 400, Message: message, Data: null });
      await refuse({ CategoryId: undefined }, '请选择留言类别');
      await refuse({ CategoryId: 99 }, '留言类别不存在或已停用');
      await refuse({ Subject: '  ' }, '请输入留言标题');
      await refuse({ Subject: '题'.repeat(101) }, '留言标题不能超过100个字');
      await refuse({ Content: '' }, '请输入留言内容');
      await refuse({ Content: '言'.repeat(2001) }, '留言内容不能超过2000个字');
      await refuse({ Phone: '12345' }, '请输入正确电话号码');
      await refuse({ Email: 'not-an-address' }, '请输入正确的电子邮箱');
      await refuse({ Phone: '', Email: '' }, '请填写联系电话或电子邮箱');
      await refuse({ Captcha: '', CaptchaTicket: '' }, '请输入验证码');
      await refuse({ Captcha: 'zzzz' }, '验证码错误或已过期');
      await refuse({ Attachment: 'private/2024/06/none.pdf' }, '附件不存在或已被使用，请重新上传');
      // A captcha is used once, right or wrong.
      const used = await captcha();
      expect((await ask(used)).Code).toBe(200);
      await refuse(used, '验证码错误或已过期');
      // What the site requires: a name, and both contacts.
      expect((await business(admin, 'SaveMessageSettings', { RequireName: true, Contact: 'both', WarnHours: 24 })).Code).toBe(200);
      await refuse({ Name: '' }, '请输入姓名');
      await refuse({ Email: '' }, '请输入电子邮箱');
      await refuse({ Phone: '' }, '请输入联系电话');
      expect((await business(admin, 'SaveMessageSettings', { RequireName: false, Contact: 'bogus' })).Message).toBe(
        '联系方式要求只能是phone、email、either或both',
      );
      expect((await business(admin, 'SaveMessageSettings', { RequireName: false, Contact: 'either', WarnHours: 24 })).Code).toBe(200);
      expect(await stored()).toBe(1);
    });

    it('answers an unguessable 查询码 the asker follows the message by', async () => {
      const asked = await ask();
      expect(asked.Message).toBe('提交成功');
      expect(asked.Data).toMatch(/^[23456789ABCDEFGHJKMNPQRSTUVWXYZ]{20}$/);
      const followed = await byCode(asked.Data.toLowerCase());
      expect(followed.Data).toMatchObject({
        State: 0,
        StateName: '待受理',
        Subject: '会员证如何补办',
        Reply: '',
        Rating: 0,
        CreateTime: '2024-06-17 10:00:00',
      });
      expect(await byCode('ABCDEFGHJKMNPQRSTUVW')).toEqual({ Code: 404, Message: '查询码不存在，请核对后再试', Data: null });
      expect((await web('GET', 'GetMessageByCode?code=')).Message).toBe('请输入查询码');
      ids.first = await idOf(asked.Data);
      ids.firstCode = asked.Data as unknown as number;
    });

    it('limits guessing 查询码 per address', async () => {
      const from = freshAddress();
      for (let i = 0; i < 20; i++) expect((await byCode(`GUESS${i}`, from)).Code).toBe(404);
      expect(await byCode('GUESS', from)).toEqual(TOO_MANY);
    });

    it('takes five messages per address in ten minutes (with the suggestion box)', async () => {
      const from = freshAddress();
      expect((await web('POST', 'SavePropose', { Mobile: '13800000000', ProposeContent: '建议一' }, from)).Code).toBe(200);
      for (let i = 0; i < 4; i++) expect((await ask({}, from)).Code).toBe(200);
      const before = await stored();
      expect(await ask({}, from)).toEqual(TOO_MANY);
      expect(await stored()).toBe(before);
    });

    it('refuses an attachment of the wrong kind, or one too large, with the upload checks’ messages', async () => {
      const upload = async (filename: string, content: Buffer) =>
        envelope(
          await t.app.inject({
            method: 'POST',
            url: '/api/XfWebApi/UploadMessageFile',
            headers: { ...freshAddress(), ...multipartHeaders },
            payload: multipartBody({ filename, content }),
          }),
        );
      const before = await t.app.services.database.db.selectFrom('uploads').select('id').execute();
      expect(await upload('run.exe', Buffer.from('MZ'))).toMatchObject({
        Code: 400,
        Message: '附件仅支持图片（jpg、png、gif、webp）、办公文档、pdf、txt和压缩包（zip、rar）',
      });
      expect(await upload('fake.pdf', Buffer.from('not a pdf at all'))).toMatchObject({ Code: 400 });
      const large = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(10 * 1024 * 1024 + 1, 32)]);
      expect((await upload('large.pdf', large)).Message).toBe('文件不得大于10MB');
      expect(await t.app.services.database.db.selectFrom('uploads').select('id').execute()).toEqual(before);
    });

    it('lets a member ask without a captcha and see their messages; keeps an attachment private', async () => {
      const headers = { ...freshAddress(), token: member };
      const file = { filename: '证件.pdf', content: Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\n') };
      const upload = envelope<string>(
        await t.app.inject({
          method: 'POST',
          url: '/api/XfWebApi/UploadMessageFile',
          headers: { ...headers, ...multipartHeaders },
          payload: multipartBody(file),
        }),
      );
      expect(upload.Code, upload.Message).toBe(200);
      const asked = await ask({ Captcha: '', CaptchaTicket: '', Attachment: upload.Data, Subject: '会员的咨询' }, headers);
      expect(asked.Code, asked.Message).toBe(200);
      // An attachment belongs to one message.
      expect((await ask({ Captcha: '', CaptchaTicket: '', Attachment: upload.Data }, headers)).Message).toBe('附件不存在或已被使用，请重新上传');
      const mine = await web<ListDto<AskerMessageDto>>('GET', 'GetMyMessageList', undefined, headers);
      expect(mine.Data.List.map((m) => m.Subject)).toEqual(['会员的咨询']);
      expect((await web('GET', 'GetMyMessageList')).Code).toBe(401);
      const id = await idOf(asked.Data);
      const res = await t.app.inject({ method: 'GET', url: `/api/XfSysBussiness/GetMessageFile/${id}`, headers: { token: admin } });
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
      ids.memberMessage = id;
    });
  });

  describe('routing and answering', () => {
    it('shows unassigned messages to the dispatchers only, and each department its own', async () => {
      expect((await queue(dispatcher)).TotalCount).toBe(await stored());
      expect((await queue(handlerA)).TotalCount).toBe(0);
      expect(await business(editor, 'GetMessageList')).toEqual(FORBIDDEN);
      expect(await business(handlerA, `GetMessage/${ids.first}`)).toEqual(NOT_YOURS);
      expect(await business(handlerA, 'AssignMessage', { MessageId: ids.first, DepartmentId: ids.deptA })).toEqual(NOT_YOURS);
      expect((await business(dispatcher, 'AssignMessage', { MessageId: ids.first, DepartmentId: 999 })).Message).toBe('办理部门不存在');
      expect((await business(dispatcher, 'AssignMessage', { MessageId: ids.first, DepartmentId: ids.deptA, HandlerId: ids.handlerB })).Message).toBe(
        '所选办理人不属于该部门',
      );
      expect(await business(dispatcher, 'AssignMessage', { MessageId: ids.first, DepartmentId: ids.deptA, HandlerId: ids.handlerA })).toMatchObject({
        Code: 200,
      });
      expect((await business(dispatcher, 'AssignMessage', { MessageId: ids.first, DepartmentId: ids.deptB })).Message).toBe('只有待受理的留言可以分派');
      expect((await queue(handlerA)).List.map((m) => [m.Id, m.StateName, m.DepartmentName, m.HandlerName])).toEqual([
        [ids.first, '办理中', '会员服务部', 'handa'],
      ]);
      expect((await queue(handlerB)).TotalCount).toBe(0);
      expect(await business(handlerB, 'ReplyMessage', { MessageId: ids.first, Reply: '<p>答复</p>' })).toEqual(NOT_YOURS);
      expect(await business(editor, 'ReplyMessage', { MessageId: ids.first, Reply: '<p>答复</p>' })).toEqual(FORBIDDEN);
      // Filters.
      expect((await queue(dispatcher, 'state=1')).List.map((m) => m.Id)).toEqual([ids.first]);
      expect((await queue(dispatcher, `departmentid=${ids.deptA}`)).TotalCount).toBe(1);
      expect((await queue(dispatcher, 'categoryid=2')).List.every((m) => m.CategoryName === '建议' && m.FromSuggestionBox)).toBe(true);
      expect((await queue(dispatcher, 'key=会员的咨询')).List.map((m) => m.Id)).toEqual([ids.memberMessage]);
      expect((await queue(dispatcher, 'start=2024-06-18')).TotalCount).toBe(0);
      expect((await queue(dispatcher, 'overdue=1')).TotalCount).toBe(0);
      expect((await business(dispatcher, 'GetMessageList?state=7')).Code).toBe(400);
    });

    it('transfers with a reason, keeps internal notes from the asker, and replies once', async () => {
      expect((await business(handlerA, 'TransferMessage', { MessageId: ids.first, DepartmentId: ids.deptB })).Message).toBe('请输入转办理由');
      expect(
        (await business(handlerA, 'TransferMessage', { MessageId: ids.first, DepartmentId: ids.deptA, HandlerId: ids.handlerA, Reason: '原地' })).Message,
      ).toBe('留言已在该部门办理');
      expect((await business(handlerA, 'TransferMessage', { MessageId: ids.first, DepartmentId: ids.deptB, Reason: '补办属培训部' })).Code).toBe(200);
      expect((await queue(handlerA)).TotalCount).toBe(0);
      expect((await business(handlerB, 'SaveMessageNote', { MessageId: ids.first, Text: '内部：已电话联系' })).Code).toBe(200);
      expect((await business(handlerB, 'SaveMessageNote', { MessageId: ids.first, Text: ' ' })).Message).toBe('请输入备注内容');
      expect((await business(handlerB, 'ReplyMessage', { MessageId: ids.first, Reply: '<script>alert(1)</script>' })).Message).toBe('请输入答复内容');
      await later(2 * 24 * HOUR);
      const replied = await business(handlerB, 'ReplyMessage', {
        MessageId: ids.first,
        Reply: '<p onclick="x()">请携带身份证到协会办理。</p><script>alert(1)</script>',
      });
      expect(replied.Code, replied.Message).toBe(200);
      expect((await business(handlerB, 'ReplyMessage', { MessageId: ids.first, Reply: '<p>再答一次</p>' })).Message).toBe('该留言已办结，不能再操作');
      expect((await business(dispatcher, 'DeclineMessage', { MessageId: ids.first, Reason: '迟了' })).Message).toBe('该留言已办结，不能再操作');
      const followed = (await byCode(String(ids.firstCode))).Data;
      expect(followed).toMatchObject({ State: 2, StateName: '已答复', Reply: '<p>请携带身份证到协会办理。</p>', ReplyTime: '2024-06-19 10:00:00' });
      expect(JSON.stringify(followed)).not.toContain('已电话联系');
      const detail = (await business<MessageDetailDto>(handlerB, `GetMessage/${ids.first}`)).Data;
      expect(detail.Notes.map((n) => [n.Kind, n.AdminAccount])).toEqual([
        ['assign', 'disp1'],
        ['transfer', 'handa'],
        ['note', 'handb'],
        ['reply', 'handb'],
      ]);
      expect(detail).toMatchObject({ Phone: ASKER.Phone, Email: ASKER.Email, Name: ASKER.Name, RepliedBy: 'handb' });
      const audit = await t.app.services.database.db
        .selectFrom('audit_logs')
        .select(['action', 'account'])
        .where('target', '=', '留言')
        .orderBy('id')
        .execute();
      expect(audit.map((a) => a.action)).toEqual(expect.arrayContaining(['message:assign', 'message:transfer', 'message:note', 'message:reply']));
    });

    it('e-mails the asker through the outbox when the reply is out', async () => {
      const transport = smtpTransport(t.config.smtpUrl!);
      try {
        expect(await workOutbox(t.app.services, transport)).toEqual({ sent: 1, failed: 0 });
      } finally {
        transport.close?.();
      }
      const [mail] = mailServer.received;
      expect(mail?.to).toEqual([ASKER.Email]);
      expect(mail?.subject).toContain('您的留言已答复');
      expect(mail?.text).toContain(String(ids.firstCode));
    });

    it('declines with a reason the asker reads', async () => {
      const asked = await ask({ Subject: '无关的留言' });
      const id = await idOf(asked.Data);
      expect((await business(dispatcher, 'DeclineMessage', { MessageId: id, Reason: '' })).Message).toBe('请输入不予受理的理由');
      expect((await business(dispatcher, 'DeclineMessage', { MessageId: id, Reason: '不属于协会职责范围' })).Code).toBe(200);
      expect((await byCode(asked.Data)).Data).toMatchObject({ State: 3, StateName: '不予受理', DeclineReason: '不属于协会职责范围' });
      expect((await business(dispatcher, 'AssignMessage', { MessageId: id, DepartmentId: ids.deptA })).Message).toBe('该留言已办结，不能再操作');
    });
  });

  describe('publication and rating', () => {
    it('publishes only what the asker allowed, under a title without their personal data', async () => {
      expect((await business(dispatcher, 'PublishMessage', { MessageId: ids.memberMessage, Publish: true })).Message).toBe('只有已答复的留言可以公开');
      expect((await business(dispatcher, 'PublishMessage', { MessageId: ids.first, Publish: true, PublicTitle: '张三丰的会员证补办' })).Message).toBe(
        '公开标题含有留言人的姓名、电话或邮箱，请修改后再公开',
      );
      expect((await business(dispatcher, 'PublishMessage', { MessageId: ids.first, Publish: true, PublicTitle: '来电13912345678' })).Message).toBe(
        '公开标题含有留言人的姓名、电话或邮箱，请修改后再公开',
      );
      expect(await business(handlerB, 'PublishMessage', { MessageId: ids.first, Publish: true })).toEqual(FORBIDDEN);
      expect((await business(dispatcher, 'PublishMessage', { MessageId: ids.first, Publish: true })).Code).toBe(200);
      // One the asker did not allow.
      const asked = await ask({ MayPublish: false, Subject: '不公开的咨询' });
      const id = await idOf(asked.Data);
      await business(dispatcher, 'AssignMessage', { MessageId: id, DepartmentId: ids.deptA });
      await business(handlerA, 'ReplyMessage', { MessageId: id, Reply: '<p>已答复</p>' });
      expect((await business(dispatcher, 'PublishMessage', { MessageId: id, Publish: true })).Message).toBe('留言人未同意公开该留言');
      const published = await web<ListDto<PublicMessageDto>>('GET', 'GetPublicMessageList');
      expect(published.Data.List.map((m) => [m.Title, m.AskerName, m.DepartmentName])).toEqual([['会员证如何补办', '张**', '培训部']]);
      expect((await web<ListDto<PublicMessageDto>>('GET', 'GetPublicMessageList?key=身份证')).Data.TotalCount).toBe(1);
      expect((await web<ListDto<PublicMessageDto>>('GET', 'GetPublicMessageList?key=不存在的词')).Data.TotalCount).toBe(0);
      expect((await web('GET', `GetPublicMessage?id=${id}`)).Code).toBe(404);
    });

    it('removes personal data the asker wrote into the text of a published message', async () => {
      const asked = await ask({ Subject: '培训报名', Content: `我是${ASKER.Name}，电话${ASKER.Phone}，邮箱${ASKER.Email}，座机010-68512376，想报名。` });
      const id = await idOf(asked.Data);
      await business(dispatcher, 'AssignMessage', { MessageId: id, DepartmentId: ids.deptA });
      await business(handlerA, 'ReplyMessage', { MessageId: id, Reply: `<p>${ASKER.Name}您好，已为您报名。</p>` });
      expect((await business(dispatcher, 'PublishMessage', { MessageId: id, Publish: true })).Code).toBe(200);
      const one = (await web<PublicMessageDto>('GET', `GetPublicMessage?id=${id}`)).Data;
      expect(one.Content).toBe('我是张**，电话***，邮箱***，座机***，想报名。');
      expect(one.Reply).toBe('<p>张**您好，已为您报名。</p>');
    });

    it('takes one rating per answered message', async () => {
      const code = String(ids.firstCode);
      expect((await web('POST', 'RateMessage', { QueryCode: code, Rating: 5 })).Message).toBe('评价只能是1（满意）、2（基本满意）或3（不满意）');
      expect(await web('POST', 'RateMessage', { QueryCode: code, Rating: 1 })).toEqual({ Code: 200, Message: '提交成功', Data: null });
      expect((await web('POST', 'RateMessage', { QueryCode: code, Rating: 3 })).Message).toBe('您已评价过该答复');
      expect((await byCode(code)).Data.Rating).toBe(1);
      const open = await ask({ Subject: '未答复的' });
      expect((await web('POST', 'RateMessage', { QueryCode: open.Data, Rating: 1 })).Message).toBe('留言尚未答复，暂不能评价');
      expect((await web('POST', 'RateMessage', { QueryCode: 'NOPE', Rating: 1 })).Code).toBe(404);
    });

    it('shows no phone, e-mail or full name of an asker in any answer of a public call', async () => {
      const answers: string[] = [];
      const record = async (method: 'GET' | 'POST', url: string, payload?: Record<string, unknown>, headers = freshAddress()) =>
        answers.push((await t.app.inject({ method, url: `/api/XfWebApi/${url}`, headers, ...(payload ? { payload } : {}) })).body);
      const { Data: list } = await web<ListDto<PublicMessageDto>>('GET', 'GetPublicMessageList?pagesize=100');
      expect(list.TotalCount).toBe(2);
      await record('GET', 'GetMessageOptions');
      await record('GET', 'GetPublicMessageList?pagesize=100');
      await record('GET', 'GetPublicMessageList?key=报名');
      for (const m of list.List) await record('GET', `GetPublicMessage?id=${m.Id}`);
      // The asker's own views hold what they wrote (not their contact): the first message's text names none of it.
      await record('GET', `GetMessageByCode?code=${ids.firstCode}`);
      await record('GET', 'GetMyMessageList', undefined, { ...freshAddress(), token: member });
      await record('POST', 'SaveMessage', { CategoryId: 1, Subject: '再问', Content: '再问一次', ...ASKER, ...CONSENT, ...(await captcha()) });
      await record('POST', 'RateMessage', { QueryCode: String(ids.firstCode), Rating: 2 });
      for (const body of answers) for (const secret of Object.values(ASKER)) expect(body).not.toContain(secret);
    });
  });

  describe('deadlines', () => {
    it('puts the due time five working days on, warns once before it and escalates once past it, on any number of instances', async () => {
      const asked = await ask({ Subject: '期限测试' });
      const id = await idOf(asked.Data);
      const { due_at: due, created_at: created } = await t.app.services.database.db
        .selectFrom('messages')
        .select(['due_at', 'created_at'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      expect([created, due]).toEqual(['2024-06-19 10:00:00', '2024-06-26 23:59:59']);
      await business(dispatcher, 'AssignMessage', { MessageId: id, DepartmentId: ids.deptA, HandlerId: ids.handlerA });
      const notices = (adminId: number) =>
        t.app.services.database.db.selectFrom('admin_notices').select('text').where('admin_id', '=', adminId).where('text', 'like', '%期限测试%').execute();
      // Rounds at once, on two instances on PostgreSQL (one process cannot run two SQLite instances at once: test/concurrency.ts).
      const shared = await sharingInstances(t, { now: clock.now, backgroundJobs: false });
      const rounds = () => atOnce(shared.apps, 4, (on) => runDeadlineJob(on.app.services));
      try {
        await later(7 * 24 * HOUR); // 2024-06-26 10:00, within a day of the due time
        // 即将到期 by 留言设置's warning hours, which the handler's list carries: 24 by default, 6 leaves 14 hours to go.
        const dueSoon = async () => (await queue(handlerA)).List.find((m) => m.Id === id)?.DueSoon;
        expect(await dueSoon()).toBe(true);
        expect((await business(admin, 'SaveMessageSettings', { WarnHours: 6 })).Code).toBe(200);
        expect(await dueSoon()).toBe(false);
        expect((await business(admin, 'SaveMessageSettings', { WarnHours: 24 })).Code).toBe(200);
        // The three open messages received on the 19th are due within the day: each warned once, whichever round claims it.
        expect((await rounds()).reduce((n, r) => n + r.warned, 0)).toBe(3);
        expect((await rounds()).reduce((n, r) => n + r.warned, 0)).toBe(0);
        expect(await notices(ids.handlerA!)).toEqual([{ text: '留言「期限测试」将于2024-06-26 23:59:59到期，请及时答复' }]);
        await later(15 * HOUR); // 2024-06-27 01:00, past it
        // The three of the 19th now; those of the 17th were escalated by the first rounds, already past theirs.
        expect((await rounds()).reduce((n, r) => n + r.escalated, 0)).toBe(3);
        const unclaimed = await t.app.services.database.db
          .selectFrom('messages')
          .select('id')
          .where('state', 'in', [0, 1])
          .where('escalated_at', '=', '')
          .execute();
        expect(unclaimed).toEqual([]);
        expect(await runDeadlineJob(t.app.services)).toEqual({ warned: 0, escalated: 0 });
        expect(await notices(ids.supervisor!)).toEqual([{ text: '留言「期限测试」已超过办理时限（2024-06-26 23:59:59），请督办' }]);
        expect(await notices(ids.handlerA!)).toHaveLength(2);
      } finally {
        await shared.close();
      }
      expect((await queue(dispatcher, 'overdue=1')).List.map((m) => m.Id)).toContain(id);
      expect((await queue(handlerA, 'overdue=1')).List.find((m) => m.Id === id)).toMatchObject({ Overdue: true, DueSoon: false });
      // Answered late stays 超期.
      await business(handlerA, 'ReplyMessage', { MessageId: id, Reply: '<p>迟到的答复</p>' });
      expect((await queue(dispatcher, 'overdue=1')).List.map((m) => m.Id)).toContain(id);
    });

    it('takes a category’s own deadline for what arrives after it changes, and refuses a bad one', async () => {
      expect((await business(admin, 'SaveMessageCategory', { CategoryId: 3, Name: '投诉', DeadlineDays: 0 })).Message).toBe('办理时限应为1-250个工作日');
      expect((await business(admin, 'SaveMessageCategory', { CategoryId: 3, Name: '投诉', DeadlineDays: 2, SortNumber: 3 })).Code).toBe(200);
      expect((await business(admin, 'SaveMessageCategory', { CategoryId: 4, Name: '其他', DeadlineDays: 5, SortNumber: 4, Status: 0 })).Code).toBe(200);
      expect((await ask({ CategoryId: 4 })).Message).toBe('留言类别不存在或已停用');
      const asked = await ask({ CategoryId: 3, Subject: '投诉一' }); // Thursday 2024-06-27 01:00
      const row = await t.app.services.database.db.selectFrom('messages').select('due_at').where('query_code', '=', asked.Data).executeTakeFirstOrThrow();
      expect(row.due_at).toBe('2024-07-01 23:59:59');
    });

    it('counts by the working-day calendar staff keep: a day off moves the due time on, a Saturday worked back', async () => {
      const dueOf = async (Subject: string) => {
        const asked = await ask({ CategoryId: 3, Subject });
        return (await t.app.services.database.db.selectFrom('messages').select('due_at').where('query_code', '=', asked.Data).executeTakeFirstOrThrow()).due_at;
      };
      const day = (Date: string, Kind: 1 | 2, Name: string) => business(admin, 'SaveWorkday', { Id: 0, Date, Kind, Name });
      expect((await day('2024-06-28', 1, '调休')).Code).toBe(200); // Friday off: Monday and Tuesday count
      expect(await dueOf('投诉二')).toBe('2024-07-02 23:59:59');
      expect((await day('2024-06-29', 2, '调休上班')).Code).toBe(200); // Saturday worked: it and Monday count
      expect(await dueOf('投诉三')).toBe('2024-07-01 23:59:59');
    });
  });

  describe('departments and statistics', () => {
    it('refuses unknown admins and deleting a department with open messages', async () => {
      expect((await business(admin, 'SaveMessageDepartment', { DepartmentId: 0, Name: '空', HandlerIds: [9999] })).Message).toBe('所选管理员不存在或已停用');
      const open = await ask({ Subject: '待办' });
      await business(dispatcher, 'AssignMessage', { MessageId: await idOf(open.Data), DepartmentId: ids.deptB });
      expect((await business(admin, 'DelMessageDepartment', { Ids: [ids.deptB] })).Message).toBe('该部门仍有办理中的留言，不能删除');
      const departments = await business<{ Name: string; SupervisorName: string; Handlers: { Name: string }[] }[]>(dispatcher, 'GetMessageDepartmentList');
      expect(departments.Data.map((d) => [d.Name, d.SupervisorName, d.Handlers.map((h) => h.Name)])).toEqual([
        ['会员服务部', 'supa', ['handa']],
        ['培训部', '', ['handb']],
      ]);
      expect(await business(dispatcher, 'SaveMessageDepartment', { DepartmentId: 0, Name: '越权' })).toEqual(FORBIDDEN);
    });

    it('offers 留言设置 the enabled admins to name, under its own permission rather than 管理员’s list', async () => {
      await roleWith(t, admin, '留言设置', ['message:setting']);
      await createAdmin(t, admin, 'keeper', '留言设置');
      const keeper = await loginAdmin(t, 'keeper');
      expect((await adminCall(t, keeper, 'GET', '/api/XfSystemApi/GetAdminUserL?pageindex=1&pagesize=10')).Code).toBe(403);
      const options = (await business<{ AdminId: number; Name: string }[]>(keeper, 'GetMessageStaffOptions')).Data;
      expect(options.map((o) => o.Name)).toEqual(expect.arrayContaining(['handa', 'supa', 'keeper']));
      expect(options.find((o) => o.AdminId === ids.handlerA)).toEqual({ AdminId: ids.handlerA, Name: 'handa' });
      expect(await business(dispatcher, 'GetMessageStaffOptions')).toEqual(FORBIDDEN);
    });

    it('counts the month by category and department, and exports it', async () => {
      const stats = (await business<MessageStatisticsDto>(dispatcher, 'GetMessageStatistics?start=2024-06&end=2024-06')).Data;
      expect(stats.Total.Received).toBe(await stored());
      expect(stats.Total.Answered).toBe(4);
      // 超期 counted as the queue's filter reads it.
      expect(stats.Total.Overdue).toBe((await queue(dispatcher, 'overdue=1')).TotalCount);
      // Replies after 2 working days (17th → 19th), 0 and 0 (the same day), 6 (19th → 27th): 8 / 4.
      expect(stats.Total.AverageWorkingDays).toBe(2);
      expect(stats.Months.map((m) => m.Name)).toEqual(['2024-06']);
      expect(stats.ByCategory.find((c) => c.Name === '建议')?.Received).toBe(1);
      expect(stats.ByDepartment.find((d) => d.Name === '培训部')).toMatchObject({ Answered: 1, AverageWorkingDays: 2 });
      expect((await business(dispatcher, 'GetMessageStatistics?start=2024-13')).Message).toBe('月份格式应为yyyy-MM');
      expect((await business(dispatcher, 'GetMessageStatistics?start=2024-06&end=2024-01')).Message).toBe('统计范围不能超过36个月，且结束月份不能早于开始月份');
      expect(await business(handlerA, 'GetMessageStatistics')).toEqual(FORBIDDEN);
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/XfSysBussiness/ExportMessageStatistics?start=2024-06&end=2024-06',
        headers: { token: dispatcher },
      });
      expect(res.headers['content-type']).toContain('spreadsheetml');
      const [header, ...rows] = await readSheet(res.rawPayload);
      expect(header).toEqual(['分组', '名称', '收到', '已答复', '超期', '平均答复用时（工作日）']);
      expect(rows.at(-1)?.slice(0, 3)).toEqual(['合计', '合计', stats.Total.Received]);
    });
  });

  // Last: it moves the clock on past the month the statistics count.
  describe('a message no one was named for', () => {
    it('warns and escalates to those who see every department’s messages', async () => {
      const asked = await ask({ Subject: '无人分派' });
      const id = await idOf(asked.Data);
      const notices = (adminId: number) =>
        t.app.services.database.db
          .selectFrom('admin_notices')
          .select('text')
          .where('admin_id', '=', adminId)
          .where('text', 'like', '%无人分派%')
          .orderBy('id')
          .execute();
      const { due_at: due } = await t.app.services.database.db.selectFrom('messages').select('due_at').where('id', '=', id).executeTakeFirstOrThrow();
      await later(Date.parse(`${due.replace(' ', 'T')}+08:00`) - clock.now() - 2 * HOUR); // two hours before it is due
      await runDeadlineJob(t.app.services);
      await later(3 * HOUR);
      await runDeadlineJob(t.app.services);
      const told = [`留言「无人分派」将于${due}到期，请及时答复`, `留言「无人分派」已超过办理时限（${due}），请督办`];
      expect((await notices(ids.dispatcher!)).map((n) => n.text)).toEqual(told);
      // The super administrator sees every department's too; a handler of one department does not.
      expect((await notices(1)).map((n) => n.text)).toEqual(told);
      expect(await notices(ids.handlerA!)).toEqual([]);
    });
  });
});

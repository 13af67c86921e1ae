import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FormDetailDto, FormResponseDto, FormSummaryDto, ListDto, MyFormResponseDto, PublicFormDto, SystemMenuDto } from '@portal/shared';
import { ensureSystemSeed } from '../system/seed.js';
import { adminCall, createAdmin, createAdminTestApp, loginAdmin, testClock } from '../../../test/admin.js';
import { atOnce, sharingInstances } from '../../../test/concurrency.js';
import { engines, envelope, type TestApp } from '../../../test/harness.js';
import { addMember, freshAddress, loginMember, seedTypeChoices, type TypeChoices } from '../../../test/members.js';
import { menuEntries, offeredAgain } from '../../../test/menu-offers.js';
import { multipartBody, multipartHeaders, type MultipartFile } from '../../../test/multipart.js';
import { readSheet } from '../../../test/xlsx.js';

const HOUR = 3_600_000;
const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
const PDF = Buffer.from('%PDF-1.4\n%\u00e2\u00e3\u00cf\u00d3\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n');

/** A field as the builder sends it: the settings a type does not use left out. */
const field = (Key: string, Type: string, Label: string, more: Record<string, unknown> = {}) => ({ Key, Type, Label, ...more });

/** A member satisfaction survey with every kind of question and a conditional one. */
const surveyFields = [
  field('intro', 'section', '基本情况'),
  field('note', 'description', '请如实填写'),
  field('name', 'text', '姓名', { Required: true, MaxLength: 20 }),
  field('code', 'text', '统一社会信用代码', { Pattern: '[0-9A-Z]{18}' }),
  field('advice', 'textarea', '意见建议', { MinLength: 2 }),
  field('staff', 'number', '职工人数', { Min: 1, Max: 100000 }),
  field('founded', 'date', '成立日期'),
  field('satisfied', 'radio', '总体是否满意', { Required: true, Options: ['满意', '一般', '不满意'] }),
  field('why', 'textarea', '不满意的原因', { Required: true, ShowWhen: { Field: 'satisfied', Option: '不满意' } }),
  field('services', 'checkbox', '使用过的服务', { Options: ['培训', '评优', '展会', '咨询'], MinPicks: 2, MaxPicks: 3 }),
  field('size', 'select', '企业规模', { Options: ['大型', '中型', '小型'] }),
  field('score', 'rating', '服务评分', { Scale: 5 }),
  field('grid', 'matrix', '各项评价', { Rows: ['培训', '会议'], Columns: ['好', '中', '差'] }),
  field('region', 'region', '所在地区'),
  field('phone', 'phone', '联系电话'),
  field('mail', 'email', '电子邮箱'),
  field('paper', 'file', '附件', { Accept: 'document' }),
];

const goodAnswers = { name: '王工', satisfied: '满意', services: ['培训', '评优'], score: 4 };

describe.each(engines)('forms, surveys and votes on %s', (engine) => {
  const clock = testClock();
  let t: TestApp;
  let admin: string;
  let types: TypeChoices;
  let member: string;
  let memberId: number;
  let otherLevel: number;

  beforeAll(async () => {
    t = await createAdminTestApp(engine, { now: clock.now });
    admin = await loginAdmin(t);
    types = await seedTypeChoices(t);
    memberId = await addMember(t, admin, types, 'forms_alice');
    member = await loginMember(t, 'forms_alice');
    const { db } = t.app.services.database;
    await db.updateTable('members').set({ region: '北京' }).where('id', '=', memberId).execute();
    otherLevel = (
      await db
        .insertInto('type_items')
        .values({ type: 2, name: '会员单位', sort_number: 0, status: 1, created_at: '2024-01-01 00:00:00' })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  });
  afterAll(() => t.close());

  const business = <T = unknown>(url: string, payload?: Record<string, unknown>) =>
    adminCall<T>(t, admin, payload ? 'POST' : 'GET', `/api/XfSysBussiness/${url}`, payload);
  const web = async <T = unknown>(
    method: 'GET' | 'POST',
    url: string,
    o: { token?: string; payload?: Record<string, unknown>; address?: Record<string, string>; on?: TestApp } = {},
  ) =>
    envelope<T>(
      await (o.on ?? t).app.inject({
        method,
        url: `/api/XfWebApi/${url}`,
        headers: { ...(o.address ?? freshAddress()), ...(o.token ? { token: o.token } : {}) },
        ...(o.payload ? { payload: o.payload } : {}),
      }),
    );
  /** Saves a form and opens it; answers its id. */
  const openForm = async (settings: Record<string, unknown>) => {
    const saved = await business<number>('SaveForm', { Id: 0, Title: '会员满意度调查', Kind: 'survey', Fields: surveyFields, ...settings });
    expect(saved.Code, saved.Message).toBe(200);
    expect((await business('SetFormStatus', { Id: saved.Data, Status: 1 })).Code).toBe(200);
    return saved.Data;
  };
  /** A visitor's captcha, answered. */
  const captcha = async (on = t) => {
    const res = await on.app.inject({ method: 'GET', url: '/api/XfWebApi/GetFormCaptcha', headers: freshAddress() });
    const ticket = (JSON.parse(res.body) as { Url: string }).Url;
    return { CaptchaTicket: ticket, Captcha: on.captchas.get(ticket) ?? '' };
  };
  const submit = (FormId: number, Answers: Record<string, unknown>, o: { token?: string; visitor?: boolean; on?: TestApp } = {}) =>
    (o.visitor ? captcha(o.on) : Promise.resolve({})).then((proof) =>
      web<number>('POST', 'SubmitForm', { token: o.token, on: o.on, payload: { FormId, Answers, PrivacyVersion: 1, ...proof } }),
    );
  const responses = async (formId: number) =>
    (await t.app.services.database.db.selectFrom('form_responses').selectAll().where('form_id', '=', formId).execute()).length;
  const upload = async (file: MultipartFile, token?: string) =>
    envelope<string>(
      await t.app.inject({
        method: 'POST',
        url: '/api/XfWebApi/UploadFormFile',
        headers: { ...multipartHeaders, ...freshAddress(), ...(token ? { token } : {}) },
        payload: multipartBody(file),
      }),
    );

  describe('permissions', () => {
    it('grants by button: a role with the page and 查看表单结果 reads forms and results, and changes nothing', async () => {
      const saved = await adminCall<number>(t, admin, 'POST', '/api/XfSysBussiness/SaveForm', { Id: 0, Title: '问卷', Fields: [field('q', 'text', '意见')] });
      const menus = flatten((await adminCall<SystemMenuDto[]>(t, admin, 'GET', '/api/XfSystemApi/GetSystemMenuList?all=1')).Data);
      const menuId = (perms: string) => menus.find((m) => m.perms === perms)?.MenuId;
      const content = menus.find((m) => m.menuname === '内容管理');
      const role = await adminCall(t, admin, 'POST', '/api/XfSystemApi/SaveRole', {
        RoleName: '问卷分析',
        MenuIds: [content?.MenuId, menuId('content:form:list'), menuId('content:form:results')],
      });
      expect(role.Code, role.Message).toBe(200);
      await createAdmin(t, admin, 'analyst', '问卷分析');
      const analyst = await loginAdmin(t, 'analyst');
      const call = (method: 'GET' | 'POST', url: string, payload?: Record<string, unknown>) =>
        adminCall(t, analyst, method, `/api/XfSysBussiness/${url}`, payload);
      expect((await call('GET', 'GetFormList')).Code).toBe(200);
      expect((await call('GET', `GetFormSummary?formid=${saved.Data}`)).Code).toBe(200);
      expect((await call('POST', 'SaveForm', { Id: saved.Data, Title: '改名' })).Code).toBe(403);
      expect((await call('POST', 'SetFormStatus', { Id: saved.Data, Status: 1 })).Code).toBe(403);
      expect((await call('GET', `ExportFormResponses?formid=${saved.Data}`)).Code).toBe(403);
      expect((await call('POST', 'DelForm', { Ids: [saved.Data] })).Code).toBe(403);
      const own = flatten((await adminCall<SystemMenuDto[]>(t, analyst, 'GET', '/api/XfSystemApi/GetSystemMenuList')).Data);
      expect(own.find((m) => m.perms === 'content:form:list')).toMatchObject({
        menuname: '表单与问卷',
        path: 'content/form',
        component: 'content/form/index',
        MenuType: 2,
      });
    });

    it('reaches an existing install: the page and its buttons are added under 内容管理 once', async () => {
      const { before, after } = await offeredAgain(t, 'content:form:');
      expect(after.map((m) => [m.perms, m.menu_type])).toEqual([
        ['content:form:list', 2],
        ['content:form:add', 3],
        ['content:form:edit', 3],
        ['content:form:delete', 3],
        ['content:form:results', 3],
        ['content:form:export', 3],
      ]);
      expect(after[0]?.parent_id).toBe(before[0]?.parent_id);
      await ensureSystemSeed(t.app.services, t.app.log);
      expect(await menuEntries(t, 'content:form:')).toEqual(after);
    });
  });

  describe('the definition', () => {
    it('refuses what cannot be a form, each with a clear message', async () => {
      const formsBefore = (await business<ListDto<unknown>>('GetFormList')).Data.TotalCount;
      const refuse = async (settings: Record<string, unknown>, message: string) =>
        expect(await business('SaveForm', { Id: 0, Title: '问卷', Fields: surveyFields, ...settings }), message).toEqual({
          Code: 400,
          Message: message,
          Data: null,
        });
      await refuse({ Title: ' ' }, '请输入表单标题');
      await refuse({ Fields: [] }, '请至少添加一个题目');
      await refuse({ Fields: [field('a', 'section', '标题')] }, '请至少添加一个题目');
      await refuse({ Fields: [field('a', 'radio', '性别', { Options: ['男', '男'] })] }, '「性别」的选项不能重复');
      await refuse({ Fields: [field('a', 'radio', '性别', { Options: ['男'] })] }, '「性别」至少需要两个选项');
      await refuse({ Fields: [field('a', 'text', '甲'), field('a', 'text', '乙')] }, '「乙」的字段标识与其他题目重复');
      await refuse({ Fields: [field('1a', 'text', '甲')] }, '字段标识应以字母开头，由字母、数字或-组成，不超过32个字符');
      await refuse({ Fields: [field('a', 'slider', '甲')] }, '题型不存在');
      await refuse({ Fields: [field('a', 'text', '代码', { Pattern: '[0-9' })] }, '「代码」的格式规则不是有效的正则表达式');
      await refuse({ Fields: [field('a', 'number', '人数', { Min: 10, Max: 1 })] }, '「人数」的最小值不能大于最大值');
      await refuse(
        { Fields: [field('a', 'checkbox', '服务', { Options: ['甲', '乙'], MaxPicks: 3 })] },
        '「服务」的最少、最多可选项数应在选项数以内，且最少不多于最多',
      );
      await refuse({ Fields: [field('a', 'rating', '评分', { Scale: 7 })] }, '评分只能是5分制或10分制');
      await refuse({ Fields: [field('a', 'matrix', '评价', { Rows: ['甲'], Columns: ['好'] })] }, '「评价」需要至少一行和两个以上不重复的列');
      await refuse(
        { Fields: [field('why', 'text', '原因', { ShowWhen: { Field: 'ok', Option: '否' } }), field('ok', 'radio', '满意', { Options: ['是', '否'] })] },
        '「原因」的显示条件应指向前面某道单选、多选或下拉题的一个选项',
      );
      await refuse(
        { Fields: [field('ok', 'radio', '满意', { Options: ['是', '否'] }), field('why', 'text', '原因', { ShowWhen: { Field: 'ok', Option: '也许' } })] },
        '「原因」的显示条件应指向前面某道单选、多选或下拉题的一个选项',
      );
      await refuse({ Kind: 'vote' }, '投票应有且只有一道单选或多选题');
      await refuse({ Audience: 'levels' }, '请选择可填写的会员等级');
      await refuse({ Audience: 'levels', Levels: [999999] }, '所选会员等级不存在');
      await refuse({ Audience: 'everyone' }, formAudienceMessage);
      await refuse({ OpenTime: '2024-06-02 00:00:00', CloseTime: '2024-06-01 00:00:00' }, '截止时间应晚于开始时间');
      await refuse({ OpenTime: '2024-06-31 00:00:00' }, '时间格式应为yyyy-MM-dd HH:mm:ss');
      expect((await business<ListDto<unknown>>('GetFormList')).Data.TotalCount).toBe(formsBefore);
    });

    it('keeps the fields in the order sent, copies a form without its responses, closes and reopens', async () => {
      const id = await openForm({});
      const detail = (await business<FormDetailDto>(`GetForm?formid=${id}`)).Data;
      expect(detail.Fields.map((f) => f.Key)).toEqual(surveyFields.map((f) => f.Key));
      expect(detail).toMatchObject({ Status: 1, Accepting: true, Version: 1, ResponseCount: 0, AnsweredFields: [], Kind: 'survey', Audience: 'public' });
      expect(detail.Fields[2]).toMatchObject({ Required: true, MaxLength: 20, Help: '', ShowWhen: null });
      expect((await submit(id, goodAnswers, { visitor: true })).Code).toBe(200);

      const copied = await business<number>('CopyForm', { Id: id });
      expect(copied).toMatchObject({ Code: 200, Message: '已复制表单' });
      const copy = (await business<FormDetailDto>(`GetForm?formid=${copied.Data}`)).Data;
      expect(copy).toMatchObject({ Title: '会员满意度调查（副本）', Status: 0, ResponseCount: 0, Version: 1 });
      expect(copy.Fields).toEqual(detail.Fields);

      // A save that leaves out the fields keeps them (and the version); reordering is a new version.
      expect((await business('SaveForm', { Id: id, Title: '会员满意度调查（2024）' })).Code).toBe(200);
      expect((await business<FormDetailDto>(`GetForm?formid=${id}`)).Data).toMatchObject({
        Title: '会员满意度调查（2024）',
        Version: 1,
        Fields: detail.Fields,
      });
      const reordered = [...surveyFields.slice(2), ...surveyFields.slice(0, 2)];
      expect((await business('SaveForm', { Id: id, Fields: reordered })).Code).toBe(200);
      expect((await business<FormDetailDto>(`GetForm?formid=${id}`)).Data.Fields.map((f) => f.Key)).toEqual(reordered.map((f) => f.Key));

      expect((await business('SetFormStatus', { Id: id, Status: 0 })).Code).toBe(200);
      expect(await submit(id, goodAnswers, { visitor: true })).toEqual({ Code: 400, Message: '表单已关闭，不再接受提交', Data: null });
      expect((await business('SetFormStatus', { Id: id, Status: 1 })).Code).toBe(200);
      expect((await submit(id, goodAnswers, { visitor: true })).Code).toBe(200);
      expect((await business('DelForm', { Ids: [copied.Data] })).Data).toBe(1);
    });

    it('keeps answered fields once responses exist: not removed, not retyped, named in the refusal', async () => {
      const id = await openForm({});
      expect((await submit(id, { ...goodAnswers, advice: '多办培训' }, { visitor: true })).Code).toBe(200);
      const detail = (await business<FormDetailDto>(`GetForm?formid=${id}`)).Data;
      expect(detail.AnsweredFields.sort()).toEqual(['advice', 'name', 'satisfied', 'score', 'services']);
      const without = (key: string) => surveyFields.filter((f) => f.Key !== key);
      expect(await business('SaveForm', { Id: id, Fields: without('advice') })).toEqual({
        Code: 400,
        Message: '「意见建议」已有人作答，不能删除或更改题型',
        Data: null,
      });
      const retyped = surveyFields.map((f) => (f.Key === 'name' ? { ...f, Type: 'textarea' } : f));
      expect(await business('SaveForm', { Id: id, Fields: retyped })).toEqual({ Code: 400, Message: '「姓名」已有人作答，不能删除或更改题型', Data: null });
      // A field nobody answered goes; a new one comes; labels and options may change.
      const edited = [...without('founded').map((f) => (f.Key === 'name' ? { ...f, Label: '联系人' } : f)), field('extra', 'text', '补充')];
      expect((await business('SaveForm', { Id: id, Fields: edited })).Code).toBe(200);
      expect((await business<FormDetailDto>(`GetForm?formid=${id}`)).Data).toMatchObject({ Version: 2 });
      expect((await submit(id, { ...goodAnswers, founded: '2020-01-01' }, { visitor: true })).Message).toBe('提交的内容含有表单中没有的题目');
    });
  });

  describe('a response', () => {
    it('is checked against every rule of the definition, and nothing of a refused one is stored', async () => {
      const id = await openForm({});
      const refuse = async (answers: Record<string, unknown>, message: string) =>
        expect(await submit(id, answers, { visitor: true }), message).toEqual({ Code: 400, Message: message, Data: null });
      await refuse({ satisfied: '满意' }, '请填写「姓名」');
      await refuse({ ...goodAnswers, name: '   ' }, '请填写「姓名」');
      await refuse({ ...goodAnswers, name: '王'.repeat(21) }, '「姓名」不能超过20个字');
      await refuse({ ...goodAnswers, code: 'abc' }, '「统一社会信用代码」格式不正确');
      await refuse({ ...goodAnswers, advice: '好' }, '「意见建议」至少2个字');
      await refuse({ ...goodAnswers, staff: 0 }, '「职工人数」不能小于1');
      await refuse({ ...goodAnswers, staff: 'many' }, '「职工人数」应为数字');
      await refuse({ ...goodAnswers, founded: '2023-02-30' }, '「成立日期」应为yyyy-MM-dd格式的日期');
      await refuse({ ...goodAnswers, satisfied: '非常满意' }, '「总体是否满意」的所选项不在选项中');
      await refuse({ ...goodAnswers, services: ['培训'] }, '「使用过的服务」至少选择2项');
      await refuse({ ...goodAnswers, services: ['培训', '评优', '展会', '咨询'] }, '「使用过的服务」最多选择3项');
      await refuse({ ...goodAnswers, services: ['培训', '培训'] }, '「使用过的服务」的所选项不在选项中');
      await refuse({ ...goodAnswers, size: '特大型' }, '「企业规模」的所选项不在选项中');
      await refuse({ ...goodAnswers, score: 6 }, '「服务评分」应为1-5的整数');
      await refuse({ ...goodAnswers, grid: { 培训: '优' } }, '「各项评价」的行或选项不在题目中');
      await refuse({ ...goodAnswers, region: { Province: '北京' } }, '「所在地区」应选择省份和城市');
      await refuse({ ...goodAnswers, phone: '12345' }, '「联系电话」应为正确的手机或固定电话号码');
      await refuse({ ...goodAnswers, mail: 'a@b' }, '「电子邮箱」应为正确的电子邮箱');
      await refuse({ ...goodAnswers, paper: '/private/202406/none.pdf' }, '「附件」的附件不存在或已被使用，请重新上传');
      await refuse({ ...goodAnswers, hacked: 1 }, '提交的内容含有表单中没有的题目');
      // Required only when shown: 不满意 shows 不满意的原因.
      await refuse({ ...goodAnswers, satisfied: '不满意' }, '请填写「不满意的原因」');
      expect(await responses(id)).toBe(0);
      expect((await submit(id, { ...goodAnswers, satisfied: '不满意', why: '收费高' }, { visitor: true })).Code).toBe(200);
      // Hidden, its answer is dropped.
      expect((await submit(id, { ...goodAnswers, why: '不会存' }, { visitor: true })).Code).toBe(200);
      const full = {
        ...goodAnswers,
        code: '91110000100000000X'.replace('X', '0'),
        staff: '250',
        founded: '2001-09-30',
        grid: { 培训: '好', 会议: '中' },
        region: { Province: '北京', City: '北京' },
        phone: '010-68512376',
        mail: 'wang@example.com',
      };
      expect((await submit(id, full, { visitor: true })).Code).toBe(200);
      const stored = await t.app.services.database.db.selectFrom('form_responses').select('answers').where('form_id', '=', id).orderBy('id').execute();
      expect(stored.map((r) => JSON.parse(r.answers) as Record<string, unknown>)).toEqual([
        { ...goodAnswers, satisfied: '不满意', why: '收费高' },
        goodAnswers,
        { ...full, staff: 250 },
      ]);
    });

    it('takes a visitor only with a right, unused captcha', async () => {
      const id = await openForm({});
      expect(await submit(id, goodAnswers)).toEqual({ Code: 400, Message: '请输入验证码', Data: null });
      const proof = await captcha();
      const wrong = await web('POST', 'SubmitForm', {
        payload: { FormId: id, Answers: goodAnswers, PrivacyVersion: 1, CaptchaTicket: proof.CaptchaTicket, Captcha: 'ZZZZ' },
      });
      expect(wrong).toEqual({ Code: 400, Message: '验证码错误或已过期', Data: null });
      // A ticket answers one attempt: used up by the wrong one.
      expect((await web('POST', 'SubmitForm', { payload: { FormId: id, Answers: goodAnswers, PrivacyVersion: 1, ...proof } })).Message).toBe(
        '验证码错误或已过期',
      );
      const fresh = await captcha();
      expect(await web('POST', 'SubmitForm', { payload: { FormId: id, Answers: goodAnswers, PrivacyVersion: 1, ...fresh } })).toMatchObject({
        Code: 200,
        Message: '提交成功',
      });
      // A wrong answer does not use up the captcha: the visitor corrects it and sends again.
      const kept = await captcha();
      expect((await web('POST', 'SubmitForm', { payload: { FormId: id, Answers: {}, PrivacyVersion: 1, ...kept } })).Message).toBe('请填写「姓名」');
      expect((await web('POST', 'SubmitForm', { payload: { FormId: id, Answers: goodAnswers, PrivacyVersion: 1, ...kept } })).Code).toBe(200);
      expect(await responses(id)).toBe(2);
    });

    it('takes at most 30 responses from one address in 10 minutes', async () => {
      const id = await openForm({});
      const address = { 'x-forwarded-for': '10.99.0.1' };
      const from = async () => web('POST', 'SubmitForm', { address, payload: { FormId: id, Answers: goodAnswers, PrivacyVersion: 1, ...(await captcha()) } });
      for (let i = 0; i < 30; i++) expect((await from()).Code).toBe(200);
      expect(await from()).toEqual({ Code: 429, Message: '请求过于频繁，请稍后再试', Data: null });
      expect(await responses(id)).toBe(30);
    });

    it('holds the window by the clock, and the response limit', async () => {
      const at = (ms: number) => new Date(clock.now() + ms + 8 * HOUR).toISOString().slice(0, 19).replace('T', ' ');
      const id = await openForm({ OpenTime: at(HOUR), CloseTime: at(2 * HOUR), ResponseLimit: 1 });
      expect((await submit(id, goodAnswers, { visitor: true })).Message).toBe(`表单将于${at(HOUR)}开始接受提交`);
      clock.advance(HOUR);
      expect((await submit(id, goodAnswers, { visitor: true })).Code).toBe(200);
      expect(await submit(id, goodAnswers, { visitor: true })).toEqual({ Code: 400, Message: '提交人数已满，表单不再接受提交', Data: null });
      expect((await business('SaveForm', { Id: id, ResponseLimit: 0 })).Code).toBe(200);
      clock.advance(HOUR);
      expect(await submit(id, goodAnswers, { visitor: true })).toEqual({ Code: 400, Message: '表单已过截止时间，不再接受提交', Data: null });
      expect(await responses(id)).toBe(1);
      const shown = await web<PublicFormDto>('GET', `GetPublicForm?formid=${id}`);
      expect(shown.Data).toMatchObject({ Accepting: false, Refusal: '表单已过截止时间，不再接受提交', NeedsCaptcha: true });
    });

    it('keeps members-only forms to their audience', async () => {
      const members = await openForm({ Audience: 'members' });
      expect(await submit(members, goodAnswers, { visitor: true })).toEqual({ Code: 401, Message: '该表单仅限会员填写，请先登录', Data: null });
      const levels = await openForm({ Audience: 'levels', Levels: [otherLevel] });
      expect(await submit(levels, goodAnswers, { token: member })).toEqual({ Code: 403, Message: '您的会员等级不在该表单的填写范围内', Data: null });
      expect((await web<PublicFormDto>('GET', `GetPublicForm?formid=${levels}`, { token: member })).Data.Refusal).toBe('您的会员等级不在该表单的填写范围内');
      const ownLevel = await openForm({ Audience: 'levels', Levels: [types.memberLevel, otherLevel] });
      expect((await submit(ownLevel, goodAnswers, { token: member })).Code).toBe(200);
      const standing = await openForm({ Audience: 'standing' });
      const lapsedId = await addMember(t, admin, types, 'forms_lapsed');
      await t.app.services.database.db.updateTable('members').set({ membership_state: 3 }).where('id', '=', lapsedId).execute();
      const lapsed = await loginMember(t, 'forms_lapsed');
      expect(await submit(standing, goodAnswers, { token: lapsed })).toEqual({ Code: 403, Message: '该表单仅限会籍有效的会员填写', Data: null });
      expect((await submit(standing, goodAnswers, { token: member })).Code).toBe(200);
      expect(await responses(standing)).toBe(1);
    });

    it('takes one response per member: the second is refused, and of many at once on every instance exactly one counts', async () => {
      const id = await openForm({ Audience: 'members' });
      expect((await submit(id, goodAnswers, { token: member })).Code).toBe(200);
      expect(await submit(id, goodAnswers, { token: member })).toEqual({ Code: 400, Message: '您已提交过该表单，每位会员限提交一次', Data: null });
      expect((await web<PublicFormDto>('GET', `GetPublicForm?formid=${id}`, { token: member })).Data.Refusal).toBe('您已提交过该表单，每位会员限提交一次');

      const race = await openForm({ Audience: 'members' });
      const shared = await sharingInstances(t, { now: clock.now });
      try {
        const answers = await atOnce(shared.apps, 12, (on) => submit(race, goodAnswers, { token: member, on }));
        expect(answers.filter((a) => a.Code === 200)).toHaveLength(1);
        expect(answers.filter((a) => a.Code !== 200)).toEqual(Array(11).fill({ Code: 400, Message: '您已提交过该表单，每位会员限提交一次', Data: null }));
      } finally {
        await shared.close();
      }
      expect(await responses(race)).toBe(1);
      expect((await business<FormDetailDto>(`GetForm?formid=${race}`)).Data.ResponseCount).toBe(1);
    });

    it('holds the response limit when many arrive at once', async () => {
      const id = await openForm({ ResponseLimit: 3 });
      const shared = await sharingInstances(t, { now: clock.now });
      try {
        const answers = await atOnce(shared.apps, 10, (on) => submit(id, goodAnswers, { visitor: true, on }));
        expect(answers.filter((a) => a.Code === 200)).toHaveLength(3);
        expect(answers.filter((a) => a.Code !== 200).map((a) => a.Message)).toEqual(Array(7).fill('提交人数已满，表单不再接受提交'));
      } finally {
        await shared.close();
      }
      expect(await responses(id)).toBe(3);
    });

    it('stores an anonymous answer without member or address, and still takes one per member', async () => {
      const id = await openForm({ Audience: 'members', Anonymous: true });
      expect((await web<PublicFormDto>('GET', `GetPublicForm?formid=${id}`, { token: member })).Data).toMatchObject({
        Anonymous: true,
        NeedsCaptcha: false,
        Refusal: '',
      });
      expect((await submit(id, goodAnswers, { token: member })).Code).toBe(200);
      expect((await submit(id, goodAnswers, { token: member })).Message).toBe('您已提交过该表单，每位会员限提交一次');
      const [row] = await t.app.services.database.db.selectFrom('form_responses').selectAll().where('form_id', '=', id).execute();
      expect(row).toMatchObject({ member_id: 0, member_level_id: 0, region: '', ip: '' });
      const mine = (await web<MyFormResponseDto[]>('GET', 'GetMyFormResponses', { token: member })).Data;
      expect(mine.some((r) => r.FormId === id)).toBe(false);
      // Who answered is kept apart, with nothing that joins it to the answer: the whole row is the form and the member.
      expect(await t.app.services.database.db.selectFrom('form_respondents').selectAll().where('form_id', '=', id).execute()).toEqual([
        { form_id: id, member_id: memberId },
      ]);
    });

    it('takes a file uploaded by the same sender for this answer only, of the kind the field asks', async () => {
      const id = await openForm({ Audience: 'members' });
      const refused = await upload({ filename: 'big.pdf', content: PDF, size: 10 * 1024 * 1024 + 1 }, member);
      expect(refused).toMatchObject({ Code: 400, Message: '文件不得大于10MB' });
      const exe = await upload({ filename: 'tool.exe', content: Buffer.from('MZ') }, member);
      expect(exe.Message).toBe('附件仅支持图片（jpg、png、gif、webp）、办公文档、pdf、txt和压缩包（zip、rar）');
      const picture = (await upload({ filename: 'photo.png', content: PNG }, member)).Data;
      expect(await submit(id, { ...goodAnswers, paper: picture }, { token: member })).toEqual({
        Code: 400,
        Message: '「附件」的附件类型不符合要求',
        Data: null,
      });
      const visitorsPaper = (await upload({ filename: '营业执照.pdf', content: PDF })).Data;
      expect((await submit(id, { ...goodAnswers, paper: visitorsPaper }, { token: member })).Message).toBe('「附件」的附件不存在或已被使用，请重新上传');
      const paper = (await upload({ filename: '营业执照.pdf', content: PDF }, member)).Data;
      expect(paper).toMatch(/^\/private\//);
      expect((await submit(id, { ...goodAnswers, paper }, { token: member })).Code).toBe(200);
      const other = await openForm({ Audience: 'members' });
      expect((await submit(other, { ...goodAnswers, paper }, { token: member })).Message).toBe('「附件」的附件不存在或已被使用，请重新上传');
      const stored = await t.app.services.database.db.selectFrom('uploads').select(['kind', 'adopted']).where('path', '=', paper).executeTakeFirstOrThrow();
      expect(stored).toEqual({ kind: 'formFile', adopted: 1 });

      // Deleting the form takes its answered file with it: nothing else names it, and the sweep keeps adopted files.
      const { privateStorage } = t.app.services;
      expect(await privateStorage.stat(paper)).toBeDefined();
      expect((await business('DelForm', { Ids: [id] })).Data).toBe(1);
      expect(await t.app.services.database.db.selectFrom('uploads').select('id').where('path', '=', paper).execute()).toEqual([]);
      expect(await privateStorage.stat(paper)).toBeUndefined();
      // The files of other forms' answers stay.
      expect(await privateStorage.stat(visitorsPaper)).toBeDefined();
    });

    it('lists a member’s own named responses, newest first', async () => {
      const id = await openForm({ Audience: 'members', OncePerMember: false, Title: '培训报名' });
      expect((await submit(id, { ...goodAnswers, name: '第一次' }, { token: member })).Code).toBe(200);
      clock.advance(60_000);
      expect((await submit(id, { ...goodAnswers, name: '第二次' }, { token: member })).Code).toBe(200);
      const mine = (await web<MyFormResponseDto[]>('GET', 'GetMyFormResponses', { token: member })).Data.filter((r) => r.FormId === id);
      expect(mine.map((r) => [r.FormTitle, r.Kind, r.Answers.name])).toEqual([
        ['培训报名', 'survey', '第二次'],
        ['培训报名', 'survey', '第一次'],
      ]);
      expect((await web('GET', 'GetMyFormResponses')).Code).toBe(401);
    });
  });

  describe('results', () => {
    let id: number;
    let bobToken: string;

    /** Signs everyone in again: the clock moved on past their sessions' idle time. */
    const signInAgain = async () => {
      admin = await loginAdmin(t);
      member = await loginMember(t, 'forms_alice');
    };

    beforeAll(async () => {
      await signInAgain();
      id = await openForm({ Audience: 'members', Title: '行业调查' });
      const bob = await addMember(t, admin, types, 'forms_bob', { MemberLevel: otherLevel });
      await t.app.services.database.db.updateTable('members').set({ region: '上海' }).where('id', '=', bob).execute();
      bobToken = await loginMember(t, 'forms_bob');
      const paper = (await upload({ filename: '报告.pdf', content: PDF }, member)).Data;
      expect(
        (
          await submit(
            id,
            { ...goodAnswers, score: 5, staff: 100, advice: '=HYPERLINK("http://evil")', grid: { 培训: '好', 会议: '好' }, paper },
            { token: member },
          )
        ).Code,
      ).toBe(200);
      clock.advance(86_400_000);
      await signInAgain();
      bobToken = await loginMember(t, 'forms_bob');
      expect(
        (
          await submit(
            id,
            { ...goodAnswers, name: '赵工', satisfied: '不满意', why: '活动太少', services: ['培训', '展会'], score: 2, staff: 50, grid: { 培训: '差' } },
            { token: bobToken },
          )
        ).Code,
      ).toBe(200);
    });

    it('counts each question with percentages and averages', async () => {
      const summary = (await business<FormSummaryDto>(`GetFormSummary?formid=${id}`)).Data;
      expect(summary).toMatchObject({ FormId: id, Title: '行业调查', Responses: 2 });
      const q = (key: string) => summary.Questions.find((x) => x.Key === key)!;
      expect(summary.Questions.map((x) => x.Key)).toEqual(surveyFields.filter((f) => f.Type !== 'section' && f.Type !== 'description').map((f) => f.Key));
      expect(q('satisfied')).toMatchObject({
        Answered: 2,
        Options: [
          { Option: '满意', Count: 1, Percent: 50 },
          { Option: '一般', Count: 0, Percent: 0 },
          { Option: '不满意', Count: 1, Percent: 50 },
        ],
      });
      expect(q('services').Options).toEqual([
        { Option: '培训', Count: 2, Percent: 100 },
        { Option: '评优', Count: 1, Percent: 50 },
        { Option: '展会', Count: 1, Percent: 50 },
        { Option: '咨询', Count: 0, Percent: 0 },
      ]);
      expect(q('score')).toMatchObject({ Answered: 2, Average: 3.5 });
      expect(q('score').Options.map((o) => o.Count)).toEqual([0, 1, 0, 0, 1]);
      expect(q('staff').Average).toBe(75);
      expect(q('why')).toMatchObject({ Answered: 1, Average: null });
      expect(q('grid').Matrix).toEqual([
        {
          Row: '培训',
          Options: [
            { Option: '好', Count: 1, Percent: 50 },
            { Option: '中', Count: 0, Percent: 0 },
            { Option: '差', Count: 1, Percent: 50 },
          ],
        },
        {
          Row: '会议',
          Options: [
            { Option: '好', Count: 1, Percent: 100 },
            { Option: '中', Count: 0, Percent: 0 },
            { Option: '差', Count: 0, Percent: 0 },
          ],
        },
      ]);
    });

    it('filters by member level, region and day', async () => {
      const count = async (query: string) => (await business<FormSummaryDto>(`GetFormSummary?formid=${id}&${query}`)).Data.Responses;
      expect(await count(`level=${otherLevel}`)).toBe(1);
      expect(await count(`level=${types.memberLevel}`)).toBe(1);
      expect(await count('region=上海')).toBe(1);
      expect(await count('region=广州')).toBe(0);
      expect(await count('start=2024-06-02&end=2024-12-31')).toBe(1);
      expect(await count('end=2024-06-01')).toBe(1);
      expect((await business(`GetFormSummary?formid=${id}&start=2024-6-1`)).Code).toBe(400);
    });

    it('lists free-text answers paged and searchable, and each response', async () => {
      const texts = await business<ListDto<{ Text: string; ResponseId: number }>>(`GetFormTexts?formid=${id}&field=why`);
      expect(texts.Data.List.map((x) => x.Text)).toEqual(['活动太少']);
      const searched = await business<ListDto<{ Text: string }>>(`GetFormTexts?formid=${id}&field=name&key=${encodeURIComponent('赵')}`);
      expect(searched.Data).toMatchObject({ TotalCount: 1, List: [{ Text: '赵工' }] });
      const paged = await business<ListDto<{ Text: string }>>(`GetFormTexts?formid=${id}&field=name&pagesize=1&pageindex=2`);
      expect(paged.Data).toMatchObject({ TotalCount: 2, List: [{ Text: '王工' }] });
      const list = (await business<ListDto<FormResponseDto>>(`GetFormResponseList?formid=${id}`)).Data;
      expect(list.TotalCount).toBe(2);
      expect(list.List[0]).toMatchObject({ MemberName: 'forms_bob工程有限公司', Region: '上海', MemberLevelId: otherLevel });
      const one = await business<FormResponseDto>(`GetFormResponse?responseid=${list.List[1]!.ResponseId}`);
      expect(one.Data).toMatchObject({ MemberId: memberId, Answers: { name: '王工', score: 5 } });
      expect((await business('GetFormResponse?responseid=999999')).Message).toBe('提交记录不存在');
    });

    it('exports every response to .xlsx, one column per question, files as links', async () => {
      const res = await t.app.inject({ method: 'GET', url: `/api/XfSysBussiness/ExportFormResponses?formid=${id}`, headers: { token: admin } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('spreadsheetml');
      const rows = await readSheet(res.rawPayload);
      const header = rows[0] as string[];
      expect(header.slice(0, 5)).toEqual(['提交编号', '提交时间', '会员', '会员等级', '地区']);
      expect(header.slice(5)).toEqual(surveyFields.filter((f) => f.Type !== 'section' && f.Type !== 'description').map((f) => f.Label));
      expect(rows).toHaveLength(3);
      const cell = (row: unknown[], label: string) => row[header.indexOf(label)];
      const [, bob, alice] = rows as unknown[][];
      expect(cell(bob!, '会员')).toBe('forms_bob工程有限公司');
      expect(cell(bob!, '会员等级')).toBe('会员单位');
      expect(cell(bob!, '使用过的服务')).toBe('培训、展会');
      expect(cell(bob!, '各项评价')).toBe('培训：差');
      expect(cell(alice!, '意见建议')).toBe(`'=HYPERLINK("http://evil")`);
      expect(cell(alice!, '服务评分')).toBe(5);
      const link = String(cell(alice!, '附件'));
      expect(link).toMatch(/\/api\/XfWebApi\/GetFormFile\?token=/);
      const file = await t.app.inject({ method: 'GET', url: link.slice(link.indexOf('/api/')) });
      expect(file.statusCode).toBe(200);
      expect(file.rawPayload.subarray(0, 4).toString()).toBe('%PDF');
      expect(file.headers['content-disposition']).toContain('.pdf');
      expect((await web('GET', 'GetFormFile?token=1.99999999999.aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa')).Message).toBe('附件链接无效或已过期');
    });

    it('shows the public summary only after close when published', async () => {
      expect((await web('GET', `GetFormResults?formid=${id}`, { token: member })).Message).toBe('结果暂未公开');
      expect((await business('SaveForm', { Id: id, PublishSummary: true })).Code).toBe(200);
      expect((await web('GET', `GetFormResults?formid=${id}`, { token: member })).Message).toBe('结果暂未公开');
      expect((await business('SetFormStatus', { Id: id, Status: 0 })).Code).toBe(200);
      expect((await web<FormSummaryDto>('GET', `GetFormResults?formid=${id}`, { token: bobToken })).Data.Responses).toBe(2);
      expect((await web('GET', `GetFormResults?formid=${id}`)).Code).toBe(401);
    });
  });

  describe('a vote', () => {
    const ballot = [
      field('intro', 'description', '请选出年度优秀会员单位'),
      field('pick', 'checkbox', '优秀会员单位', { Options: ['甲公司', '乙公司', '丙公司'], MaxPicks: 2 }),
    ];

    it('takes at most its picks, and shows results after close or during, as set', async () => {
      const after = await openForm({ Kind: 'vote', Title: '评优投票', Fields: ballot });
      expect(await submit(after, { pick: ['甲公司', '乙公司', '丙公司'] }, { visitor: true })).toEqual({
        Code: 400,
        Message: '「优秀会员单位」最多选择2项',
        Data: null,
      });
      expect(await submit(after, { pick: ['丁公司'] }, { visitor: true })).toEqual({ Code: 400, Message: '「优秀会员单位」的所选项不在选项中', Data: null });
      expect((await submit(after, { pick: ['甲公司', '乙公司'] }, { visitor: true })).Code).toBe(200);
      expect((await submit(after, { pick: ['甲公司'] }, { visitor: true })).Code).toBe(200);
      expect(await web('GET', `GetFormResults?formid=${after}`)).toEqual({ Code: 403, Message: '结果暂未公开', Data: null });
      expect((await web<PublicFormDto>('GET', `GetPublicForm?formid=${after}`)).Data.ResultsOpen).toBe(false);
      expect((await business('SetFormStatus', { Id: after, Status: 0 })).Code).toBe(200);
      const results = (await web<FormSummaryDto>('GET', `GetFormResults?formid=${after}`)).Data;
      expect(results.Questions).toEqual([
        expect.objectContaining({
          Key: 'pick',
          Answered: 2,
          Options: [
            { Option: '甲公司', Count: 2, Percent: 100 },
            { Option: '乙公司', Count: 1, Percent: 50 },
            { Option: '丙公司', Count: 0, Percent: 0 },
          ],
        }),
      ]);

      const during = await openForm({ Kind: 'vote', Title: '公开投票', Fields: ballot, ResultsVisible: 'during' });
      expect((await submit(during, { pick: ['丙公司'] }, { visitor: true })).Code).toBe(200);
      expect((await web<FormSummaryDto>('GET', `GetFormResults?formid=${during}`)).Data.Questions[0]!.Options[2]).toEqual({
        Option: '丙公司',
        Count: 1,
        Percent: 100,
      });
      // Staff see each response at once; the public results of an open vote may be 5 s behind.
      expect((await submit(during, { pick: ['甲公司'] }, { visitor: true })).Code).toBe(200);
      const counted = async (read: Promise<{ Data: FormSummaryDto }>) => (await read).Data.Responses;
      expect(await counted(web<FormSummaryDto>('GET', `GetFormResults?formid=${during}`))).toBe(1);
      expect(await counted(business<FormSummaryDto>(`GetFormSummary?formid=${during}`))).toBe(2);
      expect((await submit(during, { pick: ['乙公司'] }, { visitor: true })).Code).toBe(200);
      clock.advance(5_000);
      expect(await counted(web<FormSummaryDto>('GET', `GetFormResults?formid=${during}`))).toBe(3);
      expect(await business('SaveForm', { Id: during, Fields: [...ballot, field('more', 'radio', '第二题', { Options: ['是', '否'] })] })).toMatchObject({
        Code: 400,
        Message: '投票应有且只有一道单选或多选题',
      });
    });
  });
});

const flatten = (menus: readonly SystemMenuDto[]): SystemMenuDto[] => menus.flatMap((m) => [m, ...flatten(m.children)]);

const formAudienceMessage = '填写范围只能是public（所有人）、members（会员）、levels（指定会员等级）或standing（会籍有效的会员）';

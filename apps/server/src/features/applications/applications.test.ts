import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ListDto, MemberListItemDto, MemberModelDto, MemberProfileDto, ProcessItemDto } from '@portal/shared';
import { adminCall, createAdmin, createAdminTestApp, loginAdmin, testClock } from '../../../test/admin.js';
import { engines, envelope, type TestApp } from '../../../test/harness.js';
import { multipartBody, multipartHeaders } from '../../../test/multipart.js';
import { passwordsBreakingPolicy, passwordsNowAllowed } from '../../../test/passwords.js';
import { readSheet } from '../../../test/xlsx.js';
import {
  applicationForm,
  loginMember,
  MEMBER_PASSWORD,
  memberLogin,
  publicCall,
  seedTypeChoices,
  submitApplication,
  type TypeChoices,
} from '../../../test/members.js';

const SESSION_EXPIRED = { Code: 401, Message: '无效的会话，或者会话已过期，请重新登录', Data: null };
const ADMIN_SESSION_EXPIRED = { Code: 402, Message: '无效的会话，或者会话已过期，请重新登录', Data: null };
const FORBIDDEN = { Code: 403, Message: '当前操作没有权限', Data: null };
const MB = 1024 * 1024;

const withFiller = (head: Buffer | string, size = 2048) => Buffer.concat([Buffer.from(head as string, 'latin1'), randomBytes(size)]);
const files = {
  pdf: withFiller('%PDF-1.7\n'),
  docx: withFiller('PK\x03\x04\x14\x00\x06\x00'),
  doc: withFiller('\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1'),
  xls: withFiller('\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1'),
  zip: withFiller('PK\x03\x04'),
  rar: withFiller('Rar!\x1a\x07\x01\x00'),
  txt: Buffer.from('入会申请说明\n第二行：工程保险风险管理\n'),
};

describe.each(engines)('membership applications on %s', (engine) => {
  const clock = testClock();
  let t: TestApp;
  let admin: string;
  let editor: string;
  let viewer: string;
  let types: TypeChoices;

  beforeAll(async () => {
    t = await createAdminTestApp(engine, { now: clock.now });
    admin = await loginAdmin(t);
    await createAdmin(t, admin, 'editor1', '内容编辑');
    editor = await loginAdmin(t, 'editor1');
    // A role that may list members but not review them.
    const db = t.app.services.database.db;
    const listMenu = await db.selectFrom('system_menus').select('id').where('perms', '=', 'member:list').executeTakeFirstOrThrow();
    const role = await adminCall<number>(t, admin, 'POST', '/api/XfSystemApi/SaveRole', { RoleName: '会员查看', MenuIds: [listMenu.id] });
    expect(role.Code, role.Message).toBe(200);
    await createAdmin(t, admin, 'viewer1', '会员查看');
    viewer = await loginAdmin(t, 'viewer1');
    types = await seedTypeChoices(t);
  });
  afterAll(() => t.close());

  const apply = (form: Record<string, unknown>, token?: string) => publicCall(t, token, 'POST', 'ApplyMember', form);
  const business = <T = unknown>(token: string | undefined, method: 'GET' | 'POST', url: string, payload?: Record<string, unknown>) =>
    adminCall<T>(t, token, method, `/api/XfSysBussiness/${url}`, payload);
  const memberByAccount = async (account: string) => {
    const row = await t.app.services.database.db.selectFrom('members').select('id').where('account', '=', account).executeTakeFirstOrThrow();
    return (await business<MemberModelDto>(admin, 'GET', `GetMemberModel/${row.id}`)).Data;
  };
  const audit = (memberId: number, ApplyState: number, ProcessItemName = '') =>
    business(admin, 'POST', 'SaveApplyAudit', { MemberId: memberId, ApplyState, ProcessItemName });
  const applyRc = (token: string | undefined) => publicCall<MemberProfileDto>(t, token, 'GET', 'GetMemberApplyRc');
  const history = async (memberId: number) => (await business<ProcessItemDto[]>(admin, 'GET', `GetMemberProcessList/${memberId}`)).Data;

  describe('ApplyMember validation (spec §5)', () => {
    it('reports the first missing field, in the order of the form, with the spec’s message', async () => {
      const complete = applicationForm(types, 'order1');
      const steps: [field: string, message: string][] = [
        ['CompanyType', '请选择单位归类'],
        ['MemberLevel', '请选择会员等级'],
        ['LegalPerson', '请输入负责人'],
        ['Account', '请输入账号'],
        ['Pwd', '请输入密码'],
        ['MemberName', '请输入公司名称'],
        ['Email', '请输入邮箱'],
        ['OperatorPhone', '请输入手机号码'],
      ];
      const form: Record<string, unknown> = {};
      for (const [field, message] of steps) {
        expect(await apply(form), field).toEqual({ Code: 400, Message: message, Data: null });
        // Blank counts as missing too; so does whitespace in a text field (a password is taken as typed).
        const blank = ['CompanyType', 'MemberLevel', 'Pwd'].includes(field) ? '' : '   ';
        expect((await apply({ ...form, [field]: blank })).Message, field).toBe(message);
        form[field] = complete[field];
      }
      expect((await apply(form)).Code).toBe(200);
    });

    it('refuses what is not a choice, a phone, an e-mail, an account, a password or an attachment', async () => {
      const cases: [overrides: Record<string, unknown>, message: string][] = [
        [{ CompanyType: 0 }, '请选择单位归类'],
        [{ CompanyType: 'abc' }, '请选择单位归类'],
        [{ CompanyType: 1.5 }, '请选择单位归类'],
        [{ CompanyType: types.memberLevel }, '所选单位归类不存在'],
        [{ CompanyType: types.disabledCompanyType }, '所选单位归类不存在'],
        [{ CompanyType: 999_999 }, '所选单位归类不存在'],
        [{ CompanyType: 99_999_999_999 }, '请选择单位归类'],
        [{ MemberLevel: -2 }, '请选择会员等级'],
        [{ MemberLevel: types.companyType }, '所选会员等级不存在'],
        [{ MemberLevel: types.otherType }, '所选会员等级不存在'],
        [{ Account: 'ab' }, '账号为3-32位字母、数字或下划线'],
        [{ Account: '张三公司' }, '账号为3-32位字母、数字或下划线'],
        [{ Account: 'a'.repeat(33) }, '账号不能超过32个字'],
        ...passwordsBreakingPolicy('refused1').map(({ password, message }): [Record<string, unknown>, string] => [{ Pwd: password }, message]),
        [{ Email: 'no-at-sign.com' }, '请输入正确邮箱'],
        [{ Email: 'a@b' }, '请输入正确邮箱'],
        [{ Email: 'a b@c.com' }, '请输入正确邮箱'],
        [{ OperatorPhone: '12812345678' }, '请输入正确电话号码'],
        [{ OperatorPhone: '1381234567' }, '请输入正确电话号码'],
        // A mobile number cut short is no landline (issue 52): 7 and 8 digits starting with 1.
        [{ OperatorPhone: '1381234' }, '请输入正确电话号码'],
        [{ OperatorPhone: '13812345' }, '请输入正确电话号码'],
        [{ OperatorPhone: '+8613812345678' }, '请输入正确电话号码'],
        [{ OperatorPhone: '010-6851' }, '请输入正确电话号码'],
        [{ FilePath: 'javascript:alert(1)' }, '附件无效，请重新上传'],
        [{ FilePath: 'https://evil.example/x.pdf' }, '附件无效，请重新上传'],
        [{ FilePath: '/uploads/../../etc/passwd' }, '附件无效，请重新上传'],
      ];
      for (const [overrides, message] of cases) {
        expect(await apply(applicationForm(types, 'refused1', overrides)), JSON.stringify(overrides)).toEqual({ Code: 400, Message: message, Data: null });
      }
      expect((await memberLogin(t, 'refused1')).Message).toBe('账号或密码错误');
    });

    it('takes a password with spaces, Chinese or 128 characters, kept exactly as typed', async () => {
      for (const [i, password] of passwordsNowAllowed.entries()) {
        expect((await apply(applicationForm(types, `allowed${i}`, { Pwd: password }))).Code).toBe(200);
        expect((await memberLogin(t, `allowed${i}`, password)).Code).toBe(510);
      }
      expect((await memberLogin(t, 'allowed0', passwordsNowAllowed[0].trim())).Message).toBe('账号或密码错误');
    });

    it('accepts mobiles and landlines with optional area code and extension', async () => {
      const phones = ['13912345678', '19912345678', '68512376', '010-68512376', '01068512376', '0755-1234567', '0755-12345678-8888'];
      for (const [i, phone] of phones.entries()) {
        expect((await apply(applicationForm(types, `phone${i}`, { OperatorPhone: phone }))).Code, phone).toBe(200);
      }
    });

    it('refuses oversized text and wrong types with a message, storing nothing', async () => {
      const cases: [overrides: Record<string, unknown>, message: string][] = [
        [{ MemberName: '公'.repeat(101) }, '公司名称不能超过100个字'],
        [{ LegalPerson: '张'.repeat(51) }, '负责人不能超过50个字'],
        [{ Email: `${'a'.repeat(95)}@b.com` }, '邮箱不能超过100个字'],
        [{ Remarks: '备'.repeat(501) }, '备注不能超过500个字'],
        [{ RegAddress: '址'.repeat(201) }, '注册地址不能超过200个字'],
        [{ MemberName: 12345 }, '请输入公司名称'],
        [{ Account: ['array'] }, '请输入账号'],
        [{ LegalPerson: { name: '张三' } }, '请输入负责人'],
        [{ Remarks: 42 }, '参数错误'],
      ];
      for (const [overrides, message] of cases) {
        expect((await apply(applicationForm(types, 'oversize1', overrides))).Message, JSON.stringify(overrides).slice(0, 40)).toBe(message);
      }
      const notAnObject = await t.app.inject({
        method: 'POST',
        url: '/api/XfWebApi/ApplyMember',
        payload: '"text"',
        headers: { 'content-type': 'application/json' },
      });
      expect(envelope(notAnObject).Code).toBe(400);
      expect((await memberLogin(t, 'oversize1')).Message).toBe('账号或密码错误');
    });

    it('stores trimmed text as text: markup is kept verbatim, never interpreted', async () => {
      const markup = '<img src=x onerror=alert(1)><b>某某</b>';
      await submitApplication(
        t,
        applicationForm(types, 'markup1', { MemberName: `  ${markup}  `, Remarks: '<script>alert(1)</script>', Account: ' markup1 ' }),
      );
      expect(await memberByAccount('markup1')).toMatchObject({
        Account: 'markup1',
        MemberName: markup,
        Remarks: '<script>alert(1)</script>',
        ApplyState: 0,
        Status: 1,
      });
    });
  });

  describe('accounts', () => {
    it('refuses an account already taken with a clear message', async () => {
      await submitApplication(t, applicationForm(types, 'taken1'));
      expect(await apply(applicationForm(types, 'taken1', { MemberName: '另一家公司' }))).toEqual({ Code: 400, Message: '账号已存在', Data: null });
      // Accounts are one regardless of letter case.
      expect(await apply(applicationForm(types, 'TAKEN1', { MemberName: '第三家公司' }))).toEqual({ Code: 400, Message: '账号已存在', Data: null });
    });

    it('lets exactly one of several racing applications for one account through', async () => {
      const answers = await Promise.all(Array.from({ length: 4 }, (_, i) => apply(applicationForm(types, 'racer1', { MemberName: `竞争公司${i}` }))));
      expect(answers.filter((a) => a.Code === 200)).toHaveLength(1);
      expect(answers.filter((a) => a.Code !== 200)).toEqual(Array.from({ length: 3 }, () => ({ Code: 400, Message: '账号已存在', Data: null })));
      const rows = await t.app.services.database.db.selectFrom('members').select('id').where('account', '=', 'racer1').execute();
      expect(rows).toHaveLength(1);
    });
  });

  describe('UploadFile (the application attachment)', () => {
    const upload = (field: string, filename: string, content: Buffer, address = `10.200.${randomBytes(1)[0]}.${randomBytes(1)[0]}`) =>
      t.app.inject({
        method: 'POST',
        url: '/api/XfWebApi/UploadFile',
        payload: multipartBody({ field, filename, content }),
        headers: { ...multipartHeaders, 'x-forwarded-for': address },
      });
    // The local driver's folder of private files.
    const folder = () => path.join(t.config.dataDir, 'private');
    const stored = (storedPath: string) => path.join(folder(), storedPath.replace(/^\/private\//, ''));
    const storedCount = () => fs.readdirSync(folder(), { recursive: true }).filter((f) => /\.\w+$/.test(String(f))).length;

    it('stores office documents, archives and text under a random name; Data is the stored path', async () => {
      for (const [ext, content] of Object.entries(files)) {
        const res = await upload('file', `申请材料.${ext.toUpperCase()}`, content);
        const body = envelope<string>(res);
        expect(body, ext).toMatchObject({ Code: 200, Message: '上传成功' });
        // Kept private: never under the public /uploads/.
        expect(body.Data).toMatch(new RegExp(`^/private/\\d{6}/[0-9a-f]{32}\\.${ext}$`));
        expect(fs.readFileSync(stored(body.Data)).equals(content), ext).toBe(true);
      }
    });

    it('refuses other extensions, and content that is not what its extension says', async () => {
      const wrongType = '上传格式需为：.docx/.doc/.xlsx/.xls/.pptx/.ppt/.pdf/.rar/.zip/.txt';
      for (const name of ['setup.exe', 'page.html', 'image.png', 'noextension', 'archive.pdf.exe']) {
        expect(envelope(await upload('file', name, files.pdf)), name).toEqual({ Code: 400, Message: wrongType, Data: null });
      }
      const disguised: [name: string, content: Buffer][] = [
        ['resume.pdf', withFiller('MZ\x90\x00\x03\x00')],
        ['form.doc', Buffer.from('<html><script>alert(1)</script></html>')],
        ['form.docx', withFiller('%PDF-1.7')],
        ['notes.txt', Buffer.from('text\x00with a NUL')],
        ['notes.txt', Buffer.from([0xff, 0xfe, 0x41, 0x00])],
        ['notes.txt', Buffer.from([0xe4, 0xb8])],
      ];
      for (const [name, content] of disguised) {
        expect(envelope(await upload('file', name, content)), name).toEqual({ Code: 400, Message: '文件内容与扩展名不符', Data: null });
      }
    });

    it('refuses a file over 10 MB (文件不得大于10MB) and keeps nothing of it', async () => {
      const before = storedCount();
      const big = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(10 * MB + 1 - 9, 0x20)]);
      expect(envelope(await upload('file', 'big.pdf', big))).toEqual({ Code: 400, Message: '文件不得大于10MB', Data: null });
      expect(storedCount()).toBe(before);
      const limit = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(10 * MB - 9, 0x20)]);
      expect(envelope(await upload('file', 'limit.pdf', limit)).Code).toBe(200);
    });

    it('asks for a file when the field is missing, misnamed, empty or the body is not multipart', async () => {
      const missing = { Code: 400, Message: '请选择要上传的文件', Data: null };
      expect(envelope(await upload('attachment', 'a.pdf', files.pdf))).toEqual(missing);
      expect(envelope(await upload('file', 'empty.pdf', Buffer.alloc(0)))).toEqual(missing);
      expect(envelope(await t.app.inject({ method: 'POST', url: '/api/XfWebApi/UploadFile', payload: { file: 'x' } }))).toEqual(missing);
    });

    it('allows 10 uploads per address in 10 minutes, then answers Code 429', async () => {
      for (let i = 0; i < 10; i++) expect(envelope(await upload('file', 'a.txt', files.txt, '10.77.0.1')).Code).toBe(200);
      const res = await upload('file', 'a.txt', files.txt, '10.77.0.1');
      expect(res.statusCode).toBe(429);
      expect(envelope(res)).toEqual({ Code: 429, Message: '请求过于频繁，请稍后再试', Data: null });
      expect(envelope(await upload('file', 'a.txt', files.txt, '10.77.0.2')).Code).toBe(200);
    });

    it('is the attachment of an application, downloaded under its own name by the applicant and by admins who work with members only', async () => {
      const filePath = envelope<string>(await upload('file', '入会材料 (2024).zip', files.zip)).Data;
      await submitApplication(t, applicationForm(types, 'attach1', { FilePath: filePath }));
      const member = await memberByAccount('attach1');
      expect(member).toMatchObject({ FilePath: filePath, FileUrl: `/api/XfSysBussiness/GetMemberFile/${member.MemberId}`, FileName: '入会材料 (2024).zip' });
      // Not served publicly, whatever the address tried.
      for (const url of [filePath, filePath.replace('/private/', '/uploads/')]) expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);

      const expectDownload = (res: { statusCode: number; headers: Record<string, unknown>; rawPayload: Buffer }) => {
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-disposition']).toBe(
          `attachment; filename="____ (2024).zip"; filename*=UTF-8''${encodeURIComponent('入会材料')}%20%282024%29.zip`,
        );
        expect(res.headers['content-type']).toBe('application/zip');
        expect(res.headers['x-content-type-options']).toBe('nosniff');
        expect(res.rawPayload.equals(files.zip)).toBe(true);
      };
      expectDownload(await t.app.inject({ method: 'GET', url: member.FileUrl, headers: { token: viewer } }));
      expect(envelope(await t.app.inject({ method: 'GET', url: member.FileUrl, headers: { token: editor } }))).toEqual(FORBIDDEN);
      expect(envelope(await t.app.inject({ method: 'GET', url: member.FileUrl }))).toEqual(ADMIN_SESSION_EXPIRED);

      // The applicant, with the application token of GetLoginToken's Code 510.
      const pending = await memberLogin(t, 'attach1');
      const own = await publicCall<MemberProfileDto>(t, pending.Token, 'GET', 'GetMemberApplyRc');
      expect(own.Data).toMatchObject({ FileUrl: '/api/XfWebApi/GetApplyFile', FileName: '入会材料 (2024).zip' });
      expectDownload(await t.app.inject({ method: 'GET', url: '/api/XfWebApi/GetApplyFile', headers: { token: pending.Token as string } }));
      expect(envelope(await t.app.inject({ method: 'GET', url: '/api/XfWebApi/GetApplyFile' }))).toEqual(SESSION_EXPIRED);
    });

    it('is refused to other applicants, to the other side’s tokens and to made-up ones; the approved member still downloads it', async () => {
      const { MemberId } = await memberByAccount('attach1');
      const get = async (url: string, token?: string) => {
        const res = await t.app.inject({ method: 'GET', url, headers: token ? { token } : {} });
        return { res, body: res.headers['content-type']?.toString().startsWith('application/json') ? envelope(res) : undefined };
      };
      const madeUp = randomBytes(32).toString('base64url');

      // Another applicant's token opens only their own application, which has no papers.
      await submitApplication(t, applicationForm(types, 'attach2'));
      const other = (await memberLogin(t, 'attach2')).Token as string;
      expect((await get('/api/XfWebApi/GetApplyFile', other)).body).toEqual({ Code: 404, Message: '附件不存在', Data: null });
      for (const token of [madeUp, admin, viewer]) expect((await get('/api/XfWebApi/GetApplyFile', token)).body, token).toEqual(SESSION_EXPIRED);
      for (const token of [madeUp, other]) expect((await get(`/api/XfSysBussiness/GetMemberFile/${MemberId}`, token)).body).toEqual(ADMIN_SESSION_EXPIRED);
      const { MemberId: withoutPapers } = await memberByAccount('attach2');
      expect((await get(`/api/XfSysBussiness/GetMemberFile/${withoutPapers}`, viewer)).body).toEqual({ Code: 404, Message: '附件不存在', Data: null });
      expect((await get('/api/XfSysBussiness/GetMemberFile/99999', viewer)).body).toEqual({ Code: 404, Message: '会员不存在', Data: null });

      expect(await audit(MemberId, 1)).toMatchObject({ Code: 200 });
      const member = await loginMember(t, 'attach1');
      const { res } = await get('/api/XfWebApi/GetApplyFile', member);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-disposition']).toMatch(/^attachment; /);
      expect(res.rawPayload.equals(files.zip)).toBe(true);
    });
  });

  describe('review and resubmission', () => {
    it('answers Code 510 while under review, with an application token for GetMemberApplyRc only', async () => {
      await submitApplication(t, applicationForm(types, 'flow1'));
      const pending = await memberLogin(t, 'flow1');
      expect(pending).toMatchObject({ Code: 510, Message: '入会申请审核中，请耐心等待', Data: null });
      const token = pending.Token as string;
      expect(token).toMatch(/^[\w-]{43}$/);
      expect((await applyRc(token)).Data).toMatchObject({ Account: 'flow1', ApplyState: 0, ApplyStateName: '审核中', ProcessItemName: '' });
      // Not a member session.
      expect(await publicCall(t, token, 'GET', 'GetUserInfo')).toEqual(SESSION_EXPIRED);
      expect(await publicCall(t, token, 'POST', 'EditMember', { DailyOperator: 'x', OperatorPhone: '13812345678' })).toEqual(SESSION_EXPIRED);
      // Nor may it resubmit while the application is under review.
      expect(await apply(applicationForm(types, 'flow1'), token)).toEqual({ Code: 400, Message: '入会申请审核中，请耐心等待', Data: null });
      expect(await applyRc(undefined)).toEqual(SESSION_EXPIRED);
      expect(await applyRc(admin)).toEqual(SESSION_EXPIRED);
    });

    it('rejects with a reason (Code 511, Data = reason), takes the resubmission, then approves', async () => {
      const { MemberId } = await memberByAccount('flow1');
      expect(await audit(MemberId, 2)).toEqual({ Code: 400, Message: '请输入审核不通过原因', Data: null });
      expect(await audit(MemberId, 2, '   ')).toEqual({ Code: 400, Message: '请输入审核不通过原因', Data: null });
      expect((await audit(MemberId, 2, '理'.repeat(201))).Message).toBe('审核意见不能超过200个字');
      expect(await audit(MemberId, 2, '营业执照不清晰，请重新上传')).toEqual({ Code: 200, Message: '操作成功', Data: null });
      expect(await audit(MemberId, 1)).toEqual({ Code: 400, Message: '该申请已审核，请勿重复操作', Data: null });
      expect((await memberByAccount('flow1')).ProcessItemName).toBe('营业执照不清晰，请重新上传');

      const rejected = await memberLogin(t, 'flow1');
      expect(rejected).toMatchObject({ Code: 511, Message: '入会申请未通过审核，请修改后重新提交', Data: '营业执照不清晰，请重新上传' });
      const token = rejected.Token as string;
      expect((await applyRc(token)).Data).toMatchObject({ ApplyState: 2, ApplyStateName: '未通过', ProcessItemName: '营业执照不清晰，请重新上传' });

      // The new password must not hold the account kept, whatever Account the form sends.
      for (const { password, message } of passwordsBreakingPolicy('flow1')) {
        expect(await apply(applicationForm(types, 'someone_else', { Pwd: password }), token), password).toEqual({ Code: 400, Message: message, Data: null });
      }
      expect((await memberByAccount('flow1')).ApplyState).toBe(2);

      // Resubmission: Account stays, the rest (and the password) is taken from the form.
      const resubmitted = await apply(applicationForm(types, 'someone_else', { MemberName: '改正后的公司', Pwd: 'Resubmit-lamp-2024' }), token);
      expect(resubmitted).toEqual({ Code: 200, Message: '提交成功', Data: null });
      expect(await memberByAccount('flow1')).toMatchObject({ MemberName: '改正后的公司', ApplyState: 0, ProcessItemName: '' });
      expect((await memberLogin(t, 'someone_else')).Message).toBe('账号或密码错误');
      expect((await memberLogin(t, 'flow1', 'Resubmit-lamp-2024')).Code).toBe(510);
      expect(await apply(applicationForm(types, 'flow1'), token)).toEqual({ Code: 400, Message: '入会申请审核中，请耐心等待', Data: null });

      clock.advance(60_000);
      expect(await audit(MemberId, 1)).toEqual({ Code: 200, Message: '操作成功', Data: null });
      const member = await loginMember(t, 'flow1', 'Resubmit-lamp-2024');
      expect((await publicCall<MemberProfileDto>(t, member, 'GET', 'GetUserInfo')).Data).toMatchObject({
        Account: 'flow1',
        ApplyState: 1,
        ProcessItemName: '',
      });
      expect((await memberByAccount('flow1')).JoinDate).toBe('2024-06-01');
      // An approved member's token is no application token: ApplyMember is then a new application.
      expect(await apply(applicationForm(types, 'flow1'), member)).toEqual({ Code: 400, Message: '账号已存在', Data: null });
      expect((await applyRc(member)).Data).toMatchObject({ Account: 'flow1', ApplyState: 1 });

      const items = await history(MemberId);
      expect(items.map((i) => [i.DecisionName, i.ProcessItemName, i.AdminAccount])).toEqual([
        ['审核通过', '', 'admin'],
        ['提交申请', '', ''],
        ['审核不通过', '营业执照不清晰，请重新上传', 'admin'],
        ['提交申请', '', ''],
      ]);
      expect(items[0]).toMatchObject({
        MemberId,
        Account: 'flow1',
        MemberName: '改正后的公司',
        Decision: 1,
        Remark: '',
        CreateTime: expect.stringMatching(/^2024-06-01 10:01:/),
      });
    });

    it('lets an applicant’s token act on their own application only', async () => {
      await submitApplication(t, applicationForm(types, 'mine1'));
      await submitApplication(t, applicationForm(types, 'theirs1'));
      const mine = await memberByAccount('mine1');
      await audit(mine.MemberId, 2, '材料不全');
      const token = (await memberLogin(t, 'mine1')).Token as string;
      expect(
        await apply(applicationForm(types, 'theirs1', { MemberName: '冒名公司', MemberId: (await memberByAccount('theirs1')).MemberId }), token),
      ).toMatchObject({ Code: 200 });
      expect((await memberByAccount('theirs1')).MemberName).toBe('theirs1工程有限公司');
      expect(await memberByAccount('mine1')).toMatchObject({ MemberName: '冒名公司', ApplyState: 0 });
      expect((await applyRc(token)).Data.Account).toBe('mine1');
    });

    it('SaveApplyAudit checks its decision and member', async () => {
      expect((await business(admin, 'POST', 'SaveApplyAudit', { MemberId: 1, ApplyState: 0 })).Message).toBe('请选择审核结果');
      expect((await business(admin, 'POST', 'SaveApplyAudit', { MemberId: 1 })).Message).toBe('请选择审核结果');
      expect((await business(admin, 'POST', 'SaveApplyAudit', { ApplyState: 1 })).Message).toBe('参数错误');
      expect(await audit(99_999, 1)).toEqual({ Code: 404, Message: '会员不存在', Data: null });
    });

    it('ends the application token at logout', async () => {
      await submitApplication(t, applicationForm(types, 'leaver1'));
      const token = (await memberLogin(t, 'leaver1')).Token as string;
      expect((await applyRc(token)).Code).toBe(200);
      expect((await publicCall(t, token, 'POST', 'Logout')).Message).toBe('退出成功');
      expect(await applyRc(token)).toEqual(SESSION_EXPIRED);
    });

    it('a disabled applicant cannot sign in or use an application token', async () => {
      await submitApplication(t, applicationForm(types, 'blocked1'));
      const token = (await memberLogin(t, 'blocked1')).Token as string;
      const { MemberId } = await memberByAccount('blocked1');
      expect((await business(admin, 'POST', 'EditMemberStatus', { MemberId, Status: 0 })).Code).toBe(200);
      expect(await applyRc(token)).toEqual(SESSION_EXPIRED);
      expect((await memberLogin(t, 'blocked1', MEMBER_PASSWORD)).Message).toBe('账号已停用，请联系管理员');
    });
  });

  describe('review-process items', () => {
    it('GetMemberProcessList takes the member id in the path or as memberid', async () => {
      const { MemberId } = await memberByAccount('flow1');
      const byQuery = await business<ProcessItemDto[]>(admin, 'GET', `GetMemberProcessList?memberid=${MemberId}`);
      expect(byQuery.Data).toEqual(await history(MemberId));
      expect((await business(admin, 'GET', 'GetMemberProcessList')).Message).toBe('参数错误');
      expect(await business(admin, 'GET', 'GetMemberProcessList/99999')).toEqual({ Code: 404, Message: '会员不存在', Data: null });
    });

    it('GetProcessList filters by member, decision, keyword and date; paged newest first', async () => {
      const list = async (query: string) => (await business<ListDto<ProcessItemDto>>(admin, 'GET', `GetProcessList?${query}`)).Data;
      const all = await list('pagesize=1000');
      expect(all.TotalCount).toBe(all.List.length);
      const times = all.List.map((i) => `${i.CreateTime}#${String(i.ProcessItemId).padStart(8, '0')}`);
      expect(times).toEqual([...times].sort().reverse());
      expect((await list('decision=2')).List.every((i) => i.Decision === 2 && i.ProcessItemName !== '')).toBe(true);
      expect((await list('decision=2')).TotalCount).toBe(2);
      const { MemberId } = await memberByAccount('flow1');
      expect((await list(`memberid=${MemberId}`)).TotalCount).toBe(4);
      expect((await list('key=flow1')).TotalCount).toBe(4);
      expect((await list('key=改正后')).TotalCount).toBe(4);
      expect((await list('start=2024-06-01&end=2024-06-01')).TotalCount).toBe(all.TotalCount);
      expect((await list('start=2024-06-02')).TotalCount).toBe(0);
      expect((await list('pagesize=3&pageindex=2')).List).toEqual(all.List.slice(3, 6));
      expect((await business(admin, 'GET', 'GetProcessList?decision=5')).Code).toBe(400);
    });

    it('GetProcessItem reads one item by path or id; SaveProcessItem changes only its remark', async () => {
      const [rejection] = (await business<ListDto<ProcessItemDto>>(admin, 'GET', 'GetProcessList?decision=2&key=flow1')).Data.List;
      const id = rejection?.ProcessItemId as number;
      expect((await business<ProcessItemDto>(admin, 'GET', `GetProcessItem/${id}`)).Data).toEqual(rejection);
      expect((await business<ProcessItemDto>(admin, 'GET', `GetProcessItem?id=${id}`)).Data).toEqual(rejection);
      expect(await business(admin, 'GET', 'GetProcessItem/99999')).toEqual({ Code: 404, Message: '审核记录不存在', Data: null });

      clock.advance(60_000);
      const saved = await business<ProcessItemDto>(admin, 'POST', 'SaveProcessItem', {
        ProcessItemId: id,
        Remark: '  已电话联系  ',
        Decision: 1,
        ProcessItemName: '改写原因',
      });
      expect(saved.Code, saved.Message).toBe(200);
      expect(saved.Data).toMatchObject({
        ProcessItemId: id,
        Decision: 2,
        ProcessItemName: '营业执照不清晰，请重新上传',
        Remark: '已电话联系',
        CreateTime: rejection?.CreateTime,
      });
      expect(saved.Data.UpdateTime > (rejection?.UpdateTime ?? '')).toBe(true);
      expect((await business(admin, 'POST', 'SaveProcessItem', { ProcessItemId: id, Remark: '注'.repeat(501) })).Message).toBe('备注不能超过500个字');
      expect(await business(admin, 'POST', 'SaveProcessItem', { ProcessItemId: 99999, Remark: 'x' })).toEqual({
        Code: 404,
        Message: '审核记录不存在',
        Data: null,
      });
    });
  });

  describe('permissions', () => {
    it('refuse admins without the member permissions (403) and callers without an admin session (402)', async () => {
      await submitApplication(t, applicationForm(types, 'guarded1'));
      const { MemberId } = await memberByAccount('guarded1');
      const calls: [method: 'GET' | 'POST', url: string, payload?: Record<string, unknown>][] = [
        ['POST', 'SaveApplyAudit', { MemberId, ApplyState: 1 }],
        ['GET', `GetMemberProcessList/${MemberId}`],
        ['GET', 'GetProcessList'],
        ['GET', 'GetProcessItem/1'],
        ['POST', 'SaveProcessItem', { ProcessItemId: 1, Remark: 'x' }],
      ];
      const member = await loginMember(t, 'flow1', 'Resubmit-lamp-2024');
      for (const [method, url, payload] of calls) {
        expect(await business(editor, method, url, payload), url).toEqual(FORBIDDEN);
        expect(await business(member, method, url, payload), url).toEqual(ADMIN_SESSION_EXPIRED);
        expect(await business(undefined, method, url, payload), url).toEqual(ADMIN_SESSION_EXPIRED);
      }
      // member:list reads the history but may not decide.
      expect((await business(viewer, 'GET', `GetMemberProcessList/${MemberId}`)).Code).toBe(200);
      expect((await business(viewer, 'GET', 'GetMemberList')).Code).toBe(200);
      expect(await business(viewer, 'POST', 'SaveApplyAudit', { MemberId, ApplyState: 1 })).toEqual(FORBIDDEN);
      expect(await business(viewer, 'POST', 'EditMemberInfo', { ...applicationForm(types, 'x'), MemberId })).toEqual(FORBIDDEN);
      expect((await memberByAccount('guarded1')).ApplyState).toBe(0);
    });
  });

  // Last: its rejection would change the decision counts the process-item tests read.
  describe('standing in the member list', () => {
    it('shows an applicant under review or rejected with no 会籍状态 in the member list and its export, and the approved member as 有效', async () => {
      for (const account of ['standing_wait', 'standing_no', 'standing_yes']) expect((await apply(applicationForm(types, account))).Code).toBe(200);
      expect((await audit((await memberByAccount('standing_no')).MemberId, 2, '材料不全')).Code).toBe(200);
      expect((await audit((await memberByAccount('standing_yes')).MemberId, 1)).Code).toBe(200);
      const listed = (await business<ListDto<MemberListItemDto>>(admin, 'GET', 'GetMemberList?key=standing_&pagesize=10')).Data.List;
      const standing = Object.fromEntries(listed.map((m) => [m.Account, [m.ApplyState, m.MembershipState, m.MembershipStateName]]));
      expect(standing).toEqual({ standing_wait: [0, 0, ''], standing_no: [2, 0, ''], standing_yes: [1, 1, '有效'] });

      const exported = await t.app.inject({ method: 'GET', url: '/api/XfSysBussiness/ExportMemberList?key=standing_', headers: { token: admin } });
      const [header, ...rows] = await readSheet(exported.rawPayload);
      const column = (header ?? []).indexOf('会籍状态');
      const account = (header ?? []).indexOf('账号');
      expect(column).toBeGreaterThan(-1);
      expect(Object.fromEntries(rows.map((r) => [r[account], r[column] ?? '']))).toEqual({ standing_wait: '', standing_no: '', standing_yes: '有效' });
    });
  });
});

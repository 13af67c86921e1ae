import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  memberImportMessages,
  systemMessages,
  type CertImportError,
  type ListDto,
  type MemberImportResultDto,
  type MemberListItemDto,
  type MemberModelDto,
  type MemberPaymentDto,
  type MemberProfileDto,
} from '@portal/shared';
import { adminCall, createAdmin, createAdminTestApp, loginAdmin, testClock } from '../../../test/admin.js';
import { engines, envelope, type TestApp } from '../../../test/harness.js';
import { addMember, loginMember, MEMBER_PASSWORD, memberLogin, publicCall, seedTypeChoices } from '../../../test/members.js';
import { startMailServer } from '../../../test/mail-server.js';
import { multipartBody, multipartHeaders } from '../../../test/multipart.js';
import { readSheet, writeSheet } from '../../../test/xlsx.js';
import { smtpTransport, workOutbox } from '../mail/outbox.js';

const BIZ = '/api/XfSysBussiness';
/** The sheet's headers as the export writes them (the import reads the same). */
const HEADERS = [
  '账号',
  '公司名称',
  '单位归类',
  '会员等级',
  '负责人',
  '联络人',
  '手机号码',
  '邮箱',
  '注册地址',
  '主营业务',
  '单位性质',
  '备注',
  '入会日期',
  '有效期至',
  '审核状态',
  '状态',
];
const DUES = ['缴费金额', '缴费日期', '收据编号'];

type Answer<T> = { Code: number; Message: string; Data: T };
type Refusal = Answer<{ Errors: CertImportError[] } | null>;
type Imported = Answer<MemberImportResultDto>;

/** An imported member's initial password, as the import answered it. */
const passwordOf = (answer: Imported, account: string) => answer.Data.Accounts.find((a) => a.Account === account)!.Password;

const workbook = (rows: unknown[][]) => writeSheet(rows, '会员');

/** A valid row of HEADERS + DUES for an account; `cells` replaces cells by header. */
function memberRow(account: string, cells: Record<string, unknown> = {}): unknown[] {
  const row: Record<string, unknown> = {
    账号: account,
    公司名称: `${account}工程有限公司`,
    单位归类: '施工企业',
    会员等级: '理事单位',
    负责人: '张三',
    联络人: '李四',
    手机号码: '13812345678',
    邮箱: `${account}@example.com`,
    注册地址: '北京市西城区',
    主营业务: '工程施工',
    单位性质: '国有企业',
    备注: '',
    入会日期: '2020-01-01',
    有效期至: '2024-12-31',
    审核状态: '已通过',
    状态: '启用',
    ...cells,
  };
  return [...HEADERS, ...DUES].map((h) => row[h] ?? null);
}

/**
 * Member import and export through the API, the clock at 2024-06-01 10:00 CST: the template,
 * a sheet imported whole or not at all, every row problem reported, two imports of the same
 * accounts at once, the permission, an export imported back into a fresh app unchanged, and a
 * sheet saved by LibreOffice Calc.
 */
describe.each(engines)('member import and export on %s', (engine) => {
  const clock = testClock();
  let t: TestApp;
  let admin: string;

  const setUp = async (config: { smtpUrl?: string } = {}) => {
    const app = await createAdminTestApp(engine, { now: clock.now, backgroundJobs: false }, config);
    const token = await loginAdmin(app);
    await seedTypeChoices(app);
    // A level of list 2 that is switched off: not to be chosen by an import.
    await app.app.services.database.db
      .insertInto('type_items')
      .values({ type: 2, name: '已停用等级', sort_number: 0, status: 0, created_at: '2024-01-01 00:00:00' })
      .execute();
    return { app, token };
  };

  beforeAll(async () => {
    ({ app: t, token: admin } = await setUp());
  });
  afterAll(() => t.close());

  const upload = async <T = null>(app: TestApp, token: string, content: Buffer, filename = '会员.xlsx') =>
    envelope<T>(
      await app.app.inject({
        method: 'POST',
        url: `${BIZ}/ImportMembers`,
        headers: { token, ...multipartHeaders },
        payload: multipartBody({ filename, content }),
      }),
    ) as Answer<T>;
  const importRows = <T = { Errors: CertImportError[] } | null>(rows: unknown[][], app = t, token = admin) =>
    workbook([[...HEADERS, ...DUES], ...rows]).then((file) => upload<T>(app, token, file));
  const members = async (app: TestApp, token: string, query = '') =>
    (await adminCall<ListDto<MemberListItemDto>>(app, token, 'GET', `${BIZ}/GetMemberList?pagesize=1000${query}`)).Data.List;
  const memberCount = async () => (await members(t, admin)).length;

  it('offers a template headed by the columns the import reads', async () => {
    const res = await t.app.inject({ method: 'GET', url: `${BIZ}/GetMemberImportTemplate`, headers: { token: admin } });
    expect(res.headers['content-disposition']).toContain(encodeURIComponent('会员导入模板.xlsx'));
    expect(await readSheet(res.rawPayload)).toEqual([[...HEADERS, ...DUES]]);
  });

  it('imports every row: approved members with their level, dates, state, a random initial password each and last dues payment; audited', async () => {
    const answer = await importRows<MemberImportResultDto>([
      memberRow('imp_paid', { 缴费金额: 1200, 缴费日期: new Date(Date.UTC(2024, 0, 5)), 收据编号: 'IMP-2024-001', 入会日期: '2019/3/15' }),
      memberRow('imp_grace', { 有效期至: '2024-05-20', 联络人: null, 状态: null, 审核状态: null }),
      memberRow('imp_lapsed', { 有效期至: '2024-03-01' }),
      memberRow('imp_off', { 状态: '停用' }),
      [],
      memberRow('imp_open', { 有效期至: '长期', 入会日期: null, 公司名称: '=远航保险经纪' }),
    ]);
    expect(answer).toMatchObject({ Code: 200, Message: memberImportMessages.imported(5, 0), Data: { Imported: 5 } });
    expect(answer.Message).toBe('成功导入5个会员。每个会员的初始密码已随机生成，请下载初始密码转交会员（关闭后不能再查看）；会员首次登录须修改初始密码');
    // Each its own, for the staff to hand over: no mail server here, so none was mailed.
    expect(answer.Data.Accounts.map(({ Password: _password, ...a }) => a)).toEqual(
      [
        ['imp_paid', 2],
        ['imp_grace', 3],
        ['imp_lapsed', 4],
        ['imp_off', 5],
        ['imp_open', 7],
      ]
        .map(([account, row]) => ({ Row: row, Account: account, MemberName: `${account}工程有限公司`, Email: `${account}@example.com`, Mailed: false }))
        .map((a) => (a.Account === 'imp_open' ? { ...a, MemberName: '=远航保险经纪' } : a)),
    );
    const passwords = answer.Data.Accounts.map((a) => a.Password);
    for (const password of passwords) expect(password).toMatch(/^[A-HJ-NP-Za-km-np-z2-9]{16}$/);
    expect(new Set(passwords).size).toBe(5);
    const byAccount = new Map((await members(t, admin, '&key=imp_')).map((m) => [m.Account, m]));
    expect(byAccount.get('imp_paid')).toMatchObject({
      ApplyState: 1,
      Status: 1,
      MemberLevelName: '理事单位',
      CompanyTypeName: '施工企业',
      JoinDate: '2019-03-15',
      ExpireDate: '2024-12-31',
      MembershipStateName: '有效',
    });
    expect(byAccount.get('imp_grace')).toMatchObject({ MembershipStateName: '宽限期', DailyOperator: '', Status: 1 });
    expect(byAccount.get('imp_lapsed')).toMatchObject({ MembershipStateName: '已过期' });
    expect(byAccount.get('imp_off')).toMatchObject({ Status: 0, MembershipStateName: '已停用' });
    expect(byAccount.get('imp_open')).toMatchObject({ JoinDate: '2024-06-01', ExpireDate: '', MembershipStateName: '有效', MemberName: '=远航保险经纪' });

    const paid = byAccount.get('imp_paid') as MemberListItemDto;
    const payments = (await adminCall<ListDto<MemberPaymentDto>>(t, admin, 'GET', `${BIZ}/GetMemberPaymentList?memberid=${paid.MemberId}`)).Data.List;
    expect(payments).toMatchObject([
      {
        ReceiptNo: 'IMP-2024-001',
        Amount: 1200,
        PaidOn: '2024-01-05',
        Method: 'other',
        Note: '导入',
        TermFrom: '2024-01-01',
        TermTo: '2024-12-31',
        LevelName: '理事单位',
        Status: 'paid',
        RecordedBy: 'admin',
      },
    ]);
    // Another member's password opens nothing: each holds its own.
    expect((await memberLogin(t, 'imp_grace', passwordOf(answer, 'imp_paid'))).Message).toBe('账号或密码错误');
    expect((await memberLogin(t, 'imp_paid', passwordOf(answer, 'imp_paid'))).Code).toBe(200);
    const audit = await t.app.services.database.db.selectFrom('audit_logs').select(['detail', 'result']).where('action', '=', 'member:import').execute();
    expect(audit).toEqual([{ detail: '导入会员.xlsx：5个会员（随机初始密码，首次登录须修改）', result: 1 }]);
  });

  it('reports every bad row by row number and column, and imports none of the file', async () => {
    const before = await memberCount();
    const answer = await importRows([
      memberRow('bad_ok1'),
      memberRow('bad_ok1'),
      memberRow('imp_paid'),
      memberRow('bad_level', { 会员等级: '金牌会员' }),
      memberRow('bad_off', { 会员等级: '已停用等级', 单位归类: '已停用类型' }),
      memberRow('bad_dates', { 入会日期: '2024-02-30', 有效期至: '明年' }),
      memberRow('bad_order', { 入会日期: '2024-05-01', 有效期至: '2024-04-30' }),
      memberRow('bad_dues', { 缴费金额: 0, 缴费日期: '2024-07-01', 收据编号: 'IMP-2024-001' }),
      memberRow('bad_dues2', { 缴费金额: 2_000_000, 收据编号: 'R 1', 有效期至: null }),
      memberRow('bad_receipt', { 缴费金额: 100, 缴费日期: '2024-01-01', 收据编号: 'NEW-1' }),
      memberRow('bad_receipt2', { 缴费金额: 100, 缴费日期: '2024-01-01', 收据编号: 'NEW-1' }),
      memberRow('x', { 公司名称: null, 邮箱: 'not-mail', 手机号码: '12345', 负责人: null, 审核状态: '待审核', 状态: '注销' }),
      // A mobile number cut short to 7 digits is no landline (issue 52).
      memberRow('bad_phone', { 手机号码: '1381234' }),
    ]);
    expect(answer.Code).toBe(400);
    expect(answer.Data?.Errors).toEqual([
      { Row: 3, Column: '账号', Message: '账号与第2行重复' },
      { Row: 4, Column: '账号', Message: '账号已存在' },
      { Row: 5, Column: '会员等级', Message: '会员等级不存在或已停用，请先在类型管理中添加' },
      { Row: 6, Column: '单位归类', Message: '单位归类不存在或已停用，请先在类型管理中添加' },
      { Row: 6, Column: '会员等级', Message: '会员等级不存在或已停用，请先在类型管理中添加' },
      { Row: 7, Column: '入会日期', Message: '日期无效，应为yyyy-MM-dd（如2024-05-12）' },
      { Row: 7, Column: '有效期至', Message: '日期无效，应为yyyy-MM-dd（如2024-05-12）' },
      { Row: 8, Column: '有效期至', Message: '有效期至不能早于入会日期' },
      { Row: 9, Column: '缴费金额', Message: '金额应为0.01-1000000元，最多两位小数' },
      { Row: 9, Column: '缴费日期', Message: '缴费日期不能晚于今天' },
      { Row: 10, Column: '有效期至', Message: '登记缴费时须填写有效期至' },
      { Row: 10, Column: '缴费金额', Message: '金额应为0.01-1000000元，最多两位小数' },
      { Row: 10, Column: '缴费日期', Message: '请选择缴费日期' },
      { Row: 10, Column: '收据编号', Message: '收据编号应为1-32位字母、数字或短横线' },
      { Row: 12, Column: '收据编号', Message: '收据编号与第11行重复' },
      { Row: 13, Column: '账号', Message: '账号为3-32位字母、数字或下划线' },
      { Row: 13, Column: '公司名称', Message: '请输入公司名称' },
      { Row: 13, Column: '负责人', Message: '请输入负责人' },
      { Row: 13, Column: '手机号码', Message: '请输入正确电话号码' },
      { Row: 13, Column: '邮箱', Message: '请输入正确邮箱' },
      { Row: 13, Column: '审核状态', Message: '只能导入已通过审核的会员（审核状态为已通过或留空）' },
      { Row: 13, Column: '状态', Message: '状态应为启用或停用（留空为启用）' },
      { Row: 14, Column: '手机号码', Message: '请输入正确电话号码' },
    ]);
    expect(answer.Message).toBe('导入失败：共23处错误，请修改后重新导入（未导入任何记录）');
    expect(await memberCount()).toBe(before);
  });

  it('refuses a file that is no .xlsx, missing columns, an empty sheet and over 5000 rows', async () => {
    expect(await upload(t, admin, Buffer.from('账号,公司名称\n'), '会员.csv')).toMatchObject({ Code: 400, Message: '请上传.xlsx格式的Excel文件' });
    expect(await upload(t, admin, Buffer.from('not a zip'), '会员.xlsx')).toMatchObject({ Code: 400, Message: '请上传.xlsx格式的Excel文件' });
    const missing = await upload<{ Errors: CertImportError[] }>(
      t,
      admin,
      await workbook([
        ['账号', '公司名称'],
        ['a_user', '某公司'],
      ]),
    );
    expect(missing.Data.Errors.map((e) => e.Column)).toEqual(['单位归类', '会员等级', '负责人', '手机号码', '邮箱']);
    expect(await upload(t, admin, await workbook([HEADERS]))).toMatchObject({ Code: 400, Message: '文件中没有可导入的数据' });
    const many = Array.from({ length: 5001 }, (_, i) => memberRow(`many${i}`));
    expect(await importRows(many)).toMatchObject({ Code: 400, Message: '一次最多导入5000行' });
    expect(await memberCount()).toBe(5);
  });

  it('makes an imported member replace the initial password at the first sign-in: until then nothing else opens', async () => {
    const answer = await importRows<MemberImportResultDto>([memberRow('first_login')]);
    const initial = passwordOf(answer, 'first_login');
    const member = (await members(t, admin, '&key=first_login'))[0]!;
    expect((await adminCall<MemberModelDto>(t, admin, 'GET', `${BIZ}/GetMemberModel/${member.MemberId}`)).Data.MustChangePwd).toBe(true);

    // Signed in as ever (Code 200 and the token), told what comes first.
    const login = await memberLogin(t, 'first_login', initial);
    expect(login).toMatchObject({ Code: 200, Message: systemMessages.mustChangePassword });
    const token = login.Data as string;
    expect((await publicCall<MemberProfileDto>(t, token, 'GET', 'GetUserInfo')).Data).toMatchObject({ Account: 'first_login', MustChangePwd: true });
    const firstStep = { Code: 403, Message: '首次登录请先修改初始密码', Data: null };
    expect(await publicCall(t, token, 'POST', 'EditMember', { DailyOperator: '李四', OperatorPhone: '13812345678' })).toEqual(firstStep);
    expect(await publicCall(t, token, 'GET', 'GetMyMembership')).toEqual(firstStep);
    expect(await publicCall(t, token, 'GET', 'GetMyNewsList')).toEqual(firstStep);
    expect(await publicCall(t, token, 'GET', 'GetMemberApplyRc')).toEqual(firstStep);

    const change = (Pwd: string, Newpwd: string) => publicCall(t, token, 'POST', 'EditMemberPwd', { Pwd, Newpwd, againNewpwd: Newpwd });
    expect(await change(initial, 'first_login_2024')).toMatchObject({ Code: 400, Message: systemMessages.passwordContainsAccount });
    expect(await change(initial, MEMBER_PASSWORD)).toMatchObject({ Code: 200, Message: '修改成功' });
    expect((await publicCall<MemberProfileDto>(t, token, 'GET', 'GetUserInfo')).Data.MustChangePwd).toBe(false);
    expect((await publicCall(t, token, 'POST', 'EditMember', { DailyOperator: '李四', OperatorPhone: '13812345678' })).Code).toBe(200);
    expect(await memberLogin(t, 'first_login', MEMBER_PASSWORD)).toMatchObject({ Code: 200, Message: '登录成功' });
    expect((await memberLogin(t, 'first_login', initial)).Message).toBe('账号或密码错误');
  });

  it('signs in a member whose password is their own as before: 登录成功, nothing to change', async () => {
    const { db } = t.app.services.database;
    const first = async (type: number) =>
      (await db.selectFrom('type_items').select('id').where('type', '=', type).where('status', '=', 1).orderBy('id').executeTakeFirstOrThrow()).id;
    await addMember(t, admin, { companyType: await first(1), memberLevel: await first(2), disabledCompanyType: 0, otherType: 0 }, 'own_password');
    expect(await memberLogin(t, 'own_password')).toMatchObject({ Code: 200, Message: '登录成功' });
    const token = await loginMember(t, 'own_password');
    expect((await publicCall<MemberProfileDto>(t, token, 'GET', 'GetUserInfo')).Data.MustChangePwd).toBe(false);
  });

  it('mails each member their initial password when mail is configured; the outbox keeps no password once sent', async () => {
    const mailServer = await startMailServer();
    const mailing = await setUp({ smtpUrl: `smtp://127.0.0.1:${mailServer.port}` });
    try {
      const answer = await importRows<MemberImportResultDto>([memberRow('mail_a'), memberRow('mail_b')], mailing.app, mailing.token);
      expect(answer).toMatchObject({ Code: 200, Message: memberImportMessages.imported(2, 2), Data: { Imported: 2 } });
      expect(answer.Message).toContain('并已发送至2个会员的邮箱');
      expect(answer.Data.Accounts.map((a) => a.Mailed)).toEqual([true, true]);
      const { db } = mailing.app.app.services.database;
      const queued = await db.selectFrom('mail_outbox').select(['recipient', 'body', 'secret']).orderBy('id').execute();
      expect(queued.map((m) => [m.recipient, m.secret])).toEqual([
        ['mail_a@example.com', 1],
        ['mail_b@example.com', 1],
      ]);
      const transport = smtpTransport(mailing.app.config.smtpUrl!);
      try {
        expect(await workOutbox(mailing.app.app.services, transport)).toEqual({ sent: 2, failed: 0 });
      } finally {
        transport.close?.();
      }
      for (const account of ['mail_a', 'mail_b']) {
        const mail = mailServer.received.find((m) => m.to.includes(`${account}@example.com`))!;
        expect(mail.subject).toBe(`【${mailing.app.config.site.name}】会员账号开通通知`);
        expect(mail.text).toContain(`账号：${account}`);
        expect(mail.text).toContain(`初始密码：${passwordOf(answer, account)}`);
        expect(mail.text).toContain('首次登录须修改初始密码');
      }
      expect((await db.selectFrom('mail_outbox').select(['state', 'body']).execute()).map((m) => [m.state, m.body])).toEqual([
        ['sent', ''],
        ['sent', ''],
      ]);
      await loginMember(mailing.app, 'mail_a', passwordOf(answer, 'mail_a'));
    } finally {
      await mailing.app.close();
      await mailServer.close();
    }
  });

  it('two imports of the same accounts at once: one wins, the other fails whole with 账号已存在 on its rows', async () => {
    const before = await memberCount();
    const first = workbook([[...HEADERS], memberRow('race_a').slice(0, 16), memberRow('race_b').slice(0, 16)]);
    const second = workbook([[...HEADERS], memberRow('race_c').slice(0, 16), memberRow('race_b').slice(0, 16), memberRow('race_a').slice(0, 16)]);
    const answers = await Promise.all([
      upload<{ Errors: CertImportError[] } | null>(t, admin, await first),
      upload<{ Errors: CertImportError[] } | null>(t, admin, await second),
    ]);
    const won = answers.filter((a) => a.Code === 200);
    const lost = answers.filter((a) => a.Code !== 200) as Refusal[];
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(1);
    const accounts = (await members(t, admin, '&key=race_')).map((m) => m.Account).sort();
    if (won[0] === answers[0]) {
      expect(accounts).toEqual(['race_a', 'race_b']);
      expect(lost[0]?.Data?.Errors).toEqual([
        { Row: 3, Column: '账号', Message: '账号已存在' },
        { Row: 4, Column: '账号', Message: '账号已存在' },
      ]);
    } else {
      expect(accounts).toEqual(['race_a', 'race_b', 'race_c']);
      expect(lost[0]?.Data?.Errors).toEqual([
        { Row: 2, Column: '账号', Message: '账号已存在' },
        { Row: 3, Column: '账号', Message: '账号已存在' },
      ]);
    }
    expect(await memberCount()).toBe(before + accounts.length);
  });

  it('needs member:import, for the import and its template alike', async () => {
    await createAdmin(t, admin, 'editor_imp', '内容编辑');
    const editor = await loginAdmin(t, 'editor_imp');
    const file = await workbook([[...HEADERS], memberRow('perm_user').slice(0, 16)]);
    expect(await upload(t, editor, file)).toMatchObject({ Code: 403 });
    expect(envelope(await t.app.inject({ method: 'GET', url: `${BIZ}/GetMemberImportTemplate`, headers: { token: editor } }))).toMatchObject({ Code: 403 });
    expect(await members(t, admin, '&key=perm_user')).toEqual([]);
  });

  it('an export imports back into a fresh app unchanged: levels, dates, states, contacts', async () => {
    const res = await t.app.inject({ method: 'GET', url: `${BIZ}/ExportMemberList?applystate=1&key=imp_`, headers: { token: admin } });
    const sheet = await readSheet(res.rawPayload);
    expect(sheet[0]).toEqual([...HEADERS, '会籍状态', '申请时间']);
    expect(sheet.find((r) => r[0] === 'imp_open')?.[1]).toBe(`'=远航保险经纪`);

    const fresh = await setUp();
    try {
      expect(await upload(fresh.app, fresh.token, res.rawPayload)).toMatchObject({ Code: 200, Data: { Imported: 5 } });
      const same = (list: MemberListItemDto[]) =>
        list
          .map(({ MemberId: _id, CompanyType: _type, MemberLevel: _level, ApplyTime: _applied, CreateTime: _created, ...member }) => member)
          .sort((a, b) => a.Account.localeCompare(b.Account));
      expect(same(await members(fresh.app, fresh.token))).toEqual(same(await members(t, admin, '&key=imp_')));
    } finally {
      await fresh.app.close();
    }
  });

  it('imports a sheet saved by LibreOffice Calc: other headers, date cells, dates as text, numbers for phones', async () => {
    // libreoffice-members.xlsx was made from libreoffice-members.csv (beside it) with
    // `soffice --headless --infilter=CSV:44,34,76,1 --convert-to xlsx libreoffice-members.csv`
    // (LibreOffice 7.4): Calc's own date cells, a rich-text 2021年7月1日, a phone as a number.
    const file = await readFile(new URL('../../../test/fixtures/libreoffice-members.xlsx', import.meta.url));
    expect(await upload(t, admin, file, 'libreoffice-members.xlsx')).toMatchObject({ Code: 200, Data: { Imported: 3 } });
    const byAccount = new Map((await members(t, admin, '&key=lo_member')).map((m) => [m.Account, m]));
    expect(byAccount.get('lo_member1')).toMatchObject({
      MemberName: '绿城建设工程有限公司',
      OperatorPhone: '13812345671',
      LegalPerson: '王五',
      DailyOperator: '赵六',
      JoinDate: '2020-03-15',
      ExpireDate: '2024-12-31',
      MembershipStateName: '有效',
    });
    expect(byAccount.get('lo_member2')).toMatchObject({
      OperatorPhone: '010-66881234',
      JoinDate: '2021-07-01',
      ExpireDate: '2024-05-20',
      MembershipStateName: '宽限期',
    });
    // Its 有效期至 is blank: the level's first term from the join date (issue 52), long past.
    expect(byAccount.get('lo_member3')).toMatchObject({ JoinDate: '2019-01-08', ExpireDate: '2020-01-07', MembershipStateName: '已过期' });
    const payments = (await adminCall<ListDto<MemberPaymentDto>>(t, admin, 'GET', `${BIZ}/GetMemberPaymentList?key=LO-2024-001`)).Data.List;
    expect(payments).toMatchObject([{ Account: 'lo_member1', Amount: 1200, PaidOn: '2024-01-05', TermTo: '2024-12-31' }]);
  });

  // Last: the counts and the export round trip above read every member.
  it('takes a blank 有效期至 as the level’s first term from the join date; a member who never lapses is written 长期', async () => {
    const answer = await importRows<MemberImportResultDto>([
      memberRow('term_blank', { 入会日期: '2024-03-10', 有效期至: null }),
      memberRow('term_old', { 入会日期: '2019-01-08', 有效期至: null }),
      memberRow('term_forever', { 入会日期: '2019-01-08', 有效期至: '长期' }),
    ]);
    expect(answer.Code, answer.Message).toBe(200);
    const byAccount = new Map((await members(t, admin, '&key=term_')).map((m) => [m.Account, m]));
    // 理事单位 has the default terms here: a year from the join date, 30 days of grace.
    expect(byAccount.get('term_blank')).toMatchObject({ JoinDate: '2024-03-10', ExpireDate: '2025-03-09', MembershipStateName: '有效' });
    expect(byAccount.get('term_old')).toMatchObject({ JoinDate: '2019-01-08', ExpireDate: '2020-01-07', MembershipStateName: '已过期' });
    expect(byAccount.get('term_forever')).toMatchObject({ ExpireDate: '', MembershipStateName: '有效' });
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DuesAccountDto, MemberPaymentDto, MemberReceiptDto, MembershipDto } from '@portal/shared';
import { adminCall, createAdminTestApp, loginAdmin, testClock } from '../../../test/admin.js';
import { eventuallyValue } from '../../../test/eventually.js';
import { engines, type TestApp } from '../../../test/harness.js';
import { startMailServer, type Received } from '../../../test/mail-server.js';
import { addMember, loginMember, publicCall, seedTypeChoices, type TypeChoices } from '../../../test/members.js';

const DAY = 24 * 60 * 60_000;
const BIZ = '/api/XfSysBussiness';
const WEB = '/api/XfWebApi';
const SITE = 'https://www.example.org.cn';
const ACCOUNT = { AccountName: '中国建设工程保险风险管理协会', BankName: '中国工商银行北京西城支行', AccountNo: '0200 0012 3456 7890 123' };

/**
 * Members' receipts and where dues are paid, against a real mail server (smtp-server on loopback):
 * the receipt mailed when staff record a payment, 我的会籍's receipts (the member's own only),
 * 收款人 by name, the association's account (收款账户) and what the renewal reminder says of it.
 */
describe.each(engines)('dues receipts and account on %s', (engine) => {
  const clock = testClock();
  let mailServer: Awaited<ReturnType<typeof startMailServer>>;
  let t: TestApp;
  let admin: string;
  let types: TypeChoices;
  const today = () => new Date(clock.now() + 8 * 3600_000).toISOString().slice(0, 10);

  beforeAll(async () => {
    mailServer = await startMailServer();
    t = await createAdminTestApp(engine, { now: clock.now }, { smtpUrl: `smtp://127.0.0.1:${mailServer.port}`, publicBaseUrl: SITE });
    admin = await loginAdmin(t);
    types = await seedTypeChoices(t);
    // 收款人 is the recorder's name: the seeded super administrator gets one.
    await t.app.services.database.db.updateTable('admin_users').set({ full_name: '李会计' }).where('account', '=', 'admin').execute();
    const terms = await biz('POST', 'SaveMemberLevelTerms', { LevelId: types.memberLevel, AnnualFee: 1200, Term: 'year', GraceDays: 30, NeedsApproval: true });
    expect(terms.Code, terms.Message).toBe(200);
  });
  afterAll(async () => {
    await t.close();
    await mailServer.close();
  });

  const biz = <T>(method: 'GET' | 'POST', url: string, payload?: Record<string, unknown>) => adminCall<T>(t, admin, method, `${BIZ}/${url}`, payload);
  const pay = async (memberId: number) => {
    const paid = await biz<MemberPaymentDto>('POST', 'SaveMemberPayment', {
      MemberId: memberId,
      Amount: 1200,
      PaidOn: today(),
      Payer: '付款单位',
      Method: 'transfer',
    });
    expect(paid.Code, paid.Message).toBe(200);
    return paid.Data;
  };
  const mailTo = (address: string, subject: string) =>
    eventuallyValue(async () => mailServer.received.find((m: Received) => m.to.includes(address) && m.subject.includes(subject)));
  const outboxTo = (address: string) =>
    t.app.services.database.db.selectFrom('mail_outbox').select(['subject', 'body']).where('recipient', '=', address).execute();

  it('mails the member the receipt of a payment staff record, with its link in 我的会籍; a member without an address gets none', async () => {
    const id = await addMember(t, admin, types, 'receipt_mailed', { Email: 'receipt_mailed@example.com' });
    const payment = await pay(id);
    const mail = await mailTo('receipt_mailed@example.com', payment.ReceiptNo);
    expect(mail.subject).toBe(`【中国建设工程保险风险管理协会】会费收据 ${payment.ReceiptNo}`);
    for (const line of [
      `收据编号：${payment.ReceiptNo}`,
      `缴费日期：${today()}`,
      `会费（会籍期间 ${payment.TermFrom} 至 ${payment.TermTo}）`,
      '金额：¥1,200.00（人民币壹仟贰佰元整）',
      '缴费方式：银行转账',
      '收款人：李会计',
      `${SITE}/member/membership#receipt-${payment.PaymentId}`,
    ]) {
      expect(mail.text).toContain(line);
    }

    const silent = await addMember(t, admin, types, 'receipt_silent');
    await t.app.services.database.db.updateTable('members').set({ email: '' }).where('id', '=', silent).execute();
    const before = await t.app.services.database.db
      .selectFrom('mail_outbox')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    await pay(silent);
    const after = await t.app.services.database.db
      .selectFrom('mail_outbox')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it('shows a member their own receipts, and refuses another member’s payment as missing', async () => {
    const mine = await addMember(t, admin, types, 'receipt_mine');
    const theirs = await addMember(t, admin, types, 'receipt_theirs');
    const first = await pay(mine);
    clock.advance(DAY);
    admin = await loginAdmin(t);
    const second = await pay(mine);
    const other = await pay(theirs);
    const token = await loginMember(t, 'receipt_mine');

    const list = await publicCall<MemberReceiptDto[]>(t, token, 'GET', 'GetMyPaymentList');
    expect(list.Code).toBe(200);
    expect(list.Data.map((p) => p.PaymentId)).toEqual([second.PaymentId, first.PaymentId]);
    expect(list.Data[0]).toEqual({
      PaymentId: second.PaymentId,
      ReceiptNo: second.ReceiptNo,
      MemberName: 'receipt_mine工程有限公司',
      MemberNo: second.MemberNo,
      LevelName: second.LevelName,
      Amount: 1200,
      PaidOn: today(),
      Payer: '付款单位',
      Method: 'transfer',
      MethodName: '银行转账',
      Note: '',
      TermFrom: second.TermFrom,
      TermTo: second.TermTo,
      Status: 'paid',
      StatusName: '已收款',
      Cashier: '李会计',
    });

    const one = await publicCall<MemberReceiptDto>(t, token, 'GET', `GetMyPayment/${first.PaymentId}`);
    expect(one).toMatchObject({ Code: 200, Data: { ReceiptNo: first.ReceiptNo, Cashier: '李会计' } });
    // Another member's payment answers as one that does not exist: ids cannot be probed.
    for (const id of [other.PaymentId, 999_999]) {
      expect(await publicCall(t, token, 'GET', `GetMyPayment/${id}`)).toMatchObject({ Code: 404, Message: '缴费记录不存在', Data: null });
    }
    expect(await publicCall(t, undefined, 'GET', `GetMyPayment/${first.PaymentId}`)).toMatchObject({ Code: 401 });
    expect(await publicCall(t, undefined, 'GET', 'GetMyPaymentList')).toMatchObject({ Code: 401 });
    // A back-office session is not a member's.
    expect(await publicCall(t, admin, 'GET', 'GetMyPaymentList')).toMatchObject({ Code: 401 });

    const seal = await t.app.inject({ method: 'GET', url: `${WEB}/GetMyReceiptSeal`, headers: { token } });
    expect(seal.headers['content-type']).toContain('image/svg+xml');
    expect(seal.headers['cache-control']).toContain('private');
    expect(seal.body).toContain('<svg');
    expect((await t.app.inject({ method: 'GET', url: `${WEB}/GetMyReceiptSeal` })).json()).toMatchObject({ Code: 401 });
  });

  it('prints the recorder’s name as 收款人 in the back office, their account kept beside it', async () => {
    const id = await addMember(t, admin, types, 'receipt_cashier');
    const payment = await pay(id);
    const read = await biz<MemberPaymentDto>('GET', `GetMemberPayment/${payment.PaymentId}`);
    expect(read.Data).toMatchObject({ Cashier: '李会计', RecordedBy: 'admin' });
    await t.app.services.database.db.updateTable('admin_users').set({ full_name: '' }).where('account', '=', 'admin').execute();
    expect((await biz<MemberPaymentDto>('GET', `GetMemberPayment/${payment.PaymentId}`)).Data.Cashier).toBe('admin');
    await t.app.services.database.db.updateTable('admin_users').set({ full_name: '李会计' }).where('account', '=', 'admin').execute();
  });

  it('reminds with the amount due and, until an account is set, tells the member to ask the association', async () => {
    const id = await addMember(t, admin, types, 'remind_noaccount', { Email: 'remind_noaccount@example.com' });
    expect(await biz<DuesAccountDto>('GET', 'GetDuesAccount')).toMatchObject({ Code: 200, Data: { AccountName: '', BankName: '', AccountNo: '' } });
    expect((await biz('POST', 'MemberBatch', { Ids: [id], Action: 'remind' })).Code).toBe(200);
    const mail = await mailTo('remind_noaccount@example.com', '续费提醒');
    expect(mail.text).toContain('应缴会费：¥1,200.00（人民币壹仟贰佰元整；');
    expect(mail.text).toContain('会籍期限一年');
    expect(mail.text).toContain('缴费账户请联系协会秘书处获取');
    expect(mail.text).not.toContain('开户名称');
  });

  it('keeps the account staff set, all three fields or none, an omitted field as stored; 如何续费 and the reminder state it', async () => {
    const save = (body: Record<string, unknown>) => biz<DuesAccountDto>('POST', 'SaveDuesAccount', body);
    expect(await save({ AccountName: ACCOUNT.AccountName })).toMatchObject({ Code: 400, Message: '开户名称、开户银行和银行账号需一并填写' });
    expect(await save({ ...ACCOUNT, AccountNo: '6222-0212' })).toMatchObject({ Code: 400, Message: '银行账号应为8-30位数字，可用空格分组' });
    expect(await save({ ...ACCOUNT, AccountNo: '1234567' })).toMatchObject({ Code: 400, Message: '银行账号应为8-30位数字，可用空格分组' });
    expect(await save({ ...ACCOUNT, BankName: '行'.repeat(101) })).toMatchObject({ Code: 400 });
    expect((await biz<DuesAccountDto>('GET', 'GetDuesAccount')).Data.AccountNo).toBe('');

    expect(await save(ACCOUNT)).toMatchObject({ Code: 200, Message: '收款账户已保存', Data: ACCOUNT });
    // Left out: kept as stored.
    expect(await save({})).toMatchObject({ Code: 200, Data: ACCOUNT });
    expect(await save({ BankName: '中国工商银行北京分行营业部' })).toMatchObject({ Code: 200, Data: { ...ACCOUNT, BankName: '中国工商银行北京分行营业部' } });
    expect(await save({ BankName: ACCOUNT.BankName })).toMatchObject({ Data: ACCOUNT });
    // Only all at once can it be cleared.
    expect(await save({ AccountNo: '' })).toMatchObject({ Code: 400, Message: '开户名称、开户银行和银行账号需一并填写' });
    const audit = await t.app.services.database.db.selectFrom('audit_logs').select(['detail', 'result']).where('target', '=', '收款账户').execute();
    expect(audit.filter((a) => a.result === 1).map((a) => a.detail)).toContain(`${ACCOUNT.AccountName} ${ACCOUNT.BankName} ${ACCOUNT.AccountNo}`);

    const id = await addMember(t, admin, types, 'remind_account', { Email: 'remind_account@example.com', ExpireDate: '2024-06-20' });
    const token = await loginMember(t, 'remind_account');
    const standing = await publicCall<MembershipDto>(t, token, 'GET', 'GetMyMembership');
    expect(standing.Data).toMatchObject({ AnnualFee: 1200, TermName: '一年', RenewalFrom: '2024-06-21', RenewalTo: '2025-06-20', DuesAccount: ACCOUNT });

    expect((await biz('POST', 'MemberBatch', { Ids: [id], Action: 'remind' })).Code).toBe(200);
    const mail = await mailTo('remind_account@example.com', '续费提醒');
    for (const line of ['应缴会费：¥1,200.00', `开户名称：${ACCOUNT.AccountName}`, `开户银行：${ACCOUNT.BankName}`, `银行账号：${ACCOUNT.AccountNo}`]) {
      expect(mail.text).toContain(line);
    }
    expect(mail.text).not.toContain('联系协会秘书处获取');
    expect((await outboxTo('remind_account@example.com')).length).toBe(1);
  });

  it('refuses the account to those who may not edit level terms', async () => {
    expect(await adminCall(t, undefined, 'POST', `${BIZ}/SaveDuesAccount`, ACCOUNT)).toMatchObject({ Code: 402 });
    const member = await loginMember(t, 'remind_account');
    const asMember = await t.app.inject({ method: 'POST', url: `${BIZ}/SaveDuesAccount`, headers: { token: member }, payload: ACCOUNT });
    expect(asMember.json()).toMatchObject({ Code: 402 });
  });
});

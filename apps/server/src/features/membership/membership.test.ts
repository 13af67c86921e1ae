import { addDays, addYears } from '@portal/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  ListDto,
  MemberLevelTermsDto,
  MemberListItemDto,
  MemberPaymentDto,
  MembershipDto,
  MembershipReminderDto,
  MembershipSummaryDto,
} from '@portal/shared';
import { adminCall, createAdmin, createAdminTestApp, loginAdmin, testClock } from '../../../test/admin.js';
import { insertMenu, insertNews } from '../../../test/fixtures.js';
import { engines, envelope, secondInstance, type TestApp } from '../../../test/harness.js';
import { multipartBody, multipartHeaders } from '../../../test/multipart.js';
import { addMember, applicationForm, loginMember, publicCall, seedTypeChoices, submitApplication, type TypeChoices } from '../../../test/members.js';
import { runMembershipJob } from './job.js';
import { nextTerm } from '../members/level-terms.js';

const DAY = 24 * 60 * 60_000;
const BIZ = '/api/XfSysBussiness';

describe('membership dates', () => {
  it('a year’s term ends the day before the same date next year; 29 February falls back to the 28th', () => {
    expect(nextTerm({ term: 'year' }, '', '2026-03-15')).toEqual({ from: '2026-03-15', to: '2027-03-14' });
    expect(addYears('2024-02-29', 1)).toBe('2025-02-28');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
  });

  it('renewing early loses nothing; renewing after expiry starts today', () => {
    expect(nextTerm({ term: 'year' }, '2026-12-31', '2026-12-01')).toEqual({ from: '2027-01-01', to: '2027-12-31' });
    expect(nextTerm({ term: 'year' }, '2025-01-31', '2026-03-01')).toEqual({ from: '2026-03-01', to: '2027-02-28' });
    expect(nextTerm({ term: 'calendar' }, '2026-12-31', '2026-11-20')).toEqual({ from: '2027-01-01', to: '2027-12-31' });
    expect(nextTerm({ term: 'calendar' }, '', '2026-05-20')).toEqual({ from: '2026-05-20', to: '2026-12-31' });
  });

  it('a calendar-year term that starts in December runs to the end of the next year', () => {
    expect(nextTerm({ term: 'calendar' }, '', '2026-11-30')).toEqual({ from: '2026-11-30', to: '2026-12-31' });
    expect(nextTerm({ term: 'calendar' }, '', '2026-12-01')).toEqual({ from: '2026-12-01', to: '2027-12-31' });
    expect(nextTerm({ term: 'calendar' }, '2026-03-31', '2026-12-28')).toEqual({ from: '2026-12-28', to: '2027-12-31' });
    // Renewing early on a calendar term starts on 1 January: that year, not the one after.
    expect(nextTerm({ term: 'calendar' }, '2026-12-31', '2026-12-15')).toEqual({ from: '2027-01-01', to: '2027-12-31' });
  });
});

/**
 * The membership cycle through the API with a clock the test moves (2024-06-01 10:00 CST on):
 * terms per level, dues, the daily state job, lapse enforcement, reminders, bulk actions.
 */
describe.each(engines)('membership on %s', (engine) => {
  const clock = testClock();
  let t: TestApp;
  let admin: string;
  let types: TypeChoices;
  let menuId: number;
  let memberOnly: number;
  const today = () => new Date(clock.now() + 8 * 3600_000).toISOString().slice(0, 10);

  beforeAll(async () => {
    // SMTP configured (nothing listens: the outbox worker is off), so reminders queue e-mails.
    t = await createAdminTestApp(engine, { now: clock.now, backgroundJobs: false }, { smtpUrl: 'smtp://127.0.0.1:9', membershipReminderDays: [30, 7] });
    admin = await loginAdmin(t);
    types = await seedTypeChoices(t);
    const db = t.app.services.database.db;
    menuId = await insertMenu(db, { name: '会员专区' });
    memberOnly = await insertNews(db, { menuId, title: '会员专享通知', content: '<p>仅会员可见</p>', isMemberRead: true });
  });
  afterAll(() => t.close());

  const biz = <T>(method: 'GET' | 'POST', url: string, payload?: Record<string, unknown>) => adminCall<T>(t, admin, method, `${BIZ}/${url}`, payload);
  const saveTerms = (body: Record<string, unknown>) =>
    biz('POST', 'SaveMemberLevelTerms', { LevelId: types.memberLevel, AnnualFee: 1200, Term: 'year', GraceDays: 30, NeedsApproval: true, ...body });
  const pay = (memberId: number, body: Record<string, unknown> = {}) =>
    biz<MemberPaymentDto>('POST', 'SaveMemberPayment', { MemberId: memberId, Amount: 1200, PaidOn: today(), Payer: '付款单位', Method: 'transfer', ...body });
  const standing = (memberId: number) => biz<MembershipDto>('GET', `GetMembership/${memberId}`).then((r) => r.Data);
  /** Moves the clock; the admin signs in again (a session ends after two idle hours). */
  const advance = async (ms: number) => {
    clock.advance(ms);
    admin = await loginAdmin(t);
  };
  const later = async (days: number) => {
    await advance(days * DAY);
    await runMembershipJob(t.app.services);
  };

  it('gives each level a fee, a term, a grace period and an approval switch; bad input changes nothing', async () => {
    const before = await biz<MemberLevelTermsDto[]>('GET', 'GetMemberLevelTerms');
    expect(before.Data.find((l) => l.LevelId === types.memberLevel)).toMatchObject({
      LevelName: '理事单位',
      AnnualFee: 0,
      Term: 'year',
      GraceDays: 30,
      NeedsApproval: true,
    });
    const refused: [Record<string, unknown>, string][] = [
      [{ AnnualFee: -1 }, '年费应为0-1000000元，最多两位小数'],
      [{ AnnualFee: 12.345 }, '年费应为0-1000000元，最多两位小数'],
      [{ AnnualFee: '0x4b0' }, '年费应为0-1000000元，最多两位小数'],
      [{ AnnualFee: 2_000_000 }, '年费应为0-1000000元，最多两位小数'],
      [{ GraceDays: 400 }, '宽限期应为0-365天的整数'],
      [{ GraceDays: 1.5 }, '宽限期应为0-365天的整数'],
      [{ Term: 'month' }, '请选择会籍期限'],
      [{ LevelId: types.companyType }, '会员等级不存在'],
    ];
    for (const [body, message] of refused) expect(await saveTerms(body), JSON.stringify(body)).toMatchObject({ Message: message });
    expect((await biz<MemberLevelTermsDto[]>('GET', 'GetMemberLevelTerms')).Data).toEqual(before.Data);
    expect(await saveTerms({ AnnualFee: '1200.50' })).toMatchObject({ Code: 200 });
    expect((await biz<MemberLevelTermsDto[]>('GET', 'GetMemberLevelTerms')).Data.find((l) => l.LevelId === types.memberLevel)).toMatchObject({
      AnnualFee: 1200.5,
      GraceDays: 30,
    });
    expect(await saveTerms({})).toMatchObject({ Code: 200 });
  });

  it('admits an approved applicant of a paying level with 有效期至 today: grace is the time to pay the first dues', async () => {
    await submitApplication(t, applicationForm(types, 'newcomer'));
    const id = (await biz<ListDto<MemberListItemDto>>('GET', 'GetMemberList?key=newcomer')).Data.List[0]!.MemberId;
    expect((await biz('POST', 'SaveApplyAudit', { MemberId: id, ApplyState: 1 })).Code).toBe(200);
    expect(await standing(id)).toMatchObject({
      JoinDate: today(),
      ExpireDate: today(),
      State: 1,
      StateName: '有效',
      AnnualFee: 1200,
      MemberNo: `HY${String(id).padStart(6, '0')}`,
    });
    const paid = await pay(id);
    expect(paid).toMatchObject({ Code: 200, Message: '已登记缴费，有效期至2025-06-01' });
    expect(paid.Data).toMatchObject({
      ReceiptNo: '2024-0001',
      TermFrom: '2024-06-02',
      TermTo: '2025-06-01',
      Amount: 1200,
      Status: 'paid',
      RecordedBy: 'admin',
    });
  });

  it('records dues: a receipt number each, the term moved on from the later of today and the current end', async () => {
    const id = await addMember(t, admin, types, 'payer');
    // Added by staff with no end: the first payment runs from today.
    const first = await pay(id, { Amount: '1200.00', Note: '2024年度会费' });
    expect(first.Data).toMatchObject({ ReceiptNo: '2024-0002', TermFrom: '2024-06-01', TermTo: '2025-05-31' });
    const early = await pay(id);
    expect(early.Data).toMatchObject({ ReceiptNo: '2024-0003', TermFrom: '2025-06-01', TermTo: '2026-05-31' });
    expect(await standing(id)).toMatchObject({ ExpireDate: '2026-05-31', State: 1 });
    // A paper receipt book's number may be given, once.
    expect((await pay(id, { ReceiptNo: 'PAPER-77' })).Data).toMatchObject({ ReceiptNo: 'PAPER-77', TermTo: '2027-05-31' });
    expect(await pay(id, { ReceiptNo: 'PAPER-77' })).toMatchObject({ Code: 400, Message: '收据编号已存在' });
    expect(await standing(id)).toMatchObject({ ExpireDate: '2027-05-31' });
  });

  it('refuses absurd amounts, future dates, unknown members, applicants and disabled members, changing nothing', async () => {
    const id = await addMember(t, admin, types, 'refused');
    await submitApplication(t, applicationForm(types, 'applicant'));
    const applicant = (await biz<ListDto<MemberListItemDto>>('GET', 'GetMemberList?key=applicant')).Data.List[0]!.MemberId;
    const cases: [Record<string, unknown>, string][] = [
      [{ Amount: 0 }, '金额应为0.01-1000000元，最多两位小数'],
      [{ Amount: -100 }, '金额应为0.01-1000000元，最多两位小数'],
      [{ Amount: 1e9 }, '金额应为0.01-1000000元，最多两位小数'],
      [{ Amount: '1e3' }, '金额应为0.01-1000000元，最多两位小数'],
      [{ PaidOn: '' }, '请选择缴费日期'],
      [{ PaidOn: '2024-06-02' }, '缴费日期不能晚于今天'],
      [{ Payer: ' ' }, '请输入付款单位'],
      [{ Method: 'bitcoin' }, '请选择缴费方式'],
      [{ ReceiptNo: '收据1' }, '收据编号应为1-32位字母、数字或短横线'],
      [{ VoucherPath: '/etc/passwd' }, '凭证文件无效，请重新上传'],
      [{ MemberId: 999_999 }, '会员不存在'],
      [{ MemberId: applicant }, '该会员尚未通过入会审核，不能登记缴费'],
    ];
    for (const [body, message] of cases) expect(await pay(id, body), JSON.stringify(body)).toMatchObject({ Code: expect.any(Number), Message: message });
    expect((await biz('POST', 'EditMemberStatus', { MemberId: id, Status: 0 })).Code).toBe(200);
    expect(await pay(id)).toMatchObject({ Message: '该会员已停用，不能登记缴费' });
    expect((await biz<ListDto<MemberPaymentDto>>('GET', `GetMemberPaymentList?memberid=${id}`)).Data.TotalCount).toBe(0);
    expect(await standing(id)).toMatchObject({ ExpireDate: '', State: 4, StateName: '已停用' });
  });

  it('takes as voucher only a payment voucher its recorder uploaded: not another staff member’s, not an applicant’s papers', async () => {
    const id = await addMember(t, admin, types, 'voucher');
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n');
    const upload = async (url: string, token?: string) =>
      envelope<string>(
        await t.app.inject({
          method: 'POST',
          url,
          payload: multipartBody({ filename: '凭证.pdf', content: pdf }),
          headers: { ...multipartHeaders, ...(token ? { token } : {}) },
        }),
      ).Data;
    const mine = await upload(`${BIZ}/UploadMemberPaymentVoucher`, admin);
    await createAdmin(t, admin, 'cashier', '超级管理员');
    const theirs = await upload(`${BIZ}/UploadMemberPaymentVoucher`, await loginAdmin(t, 'cashier'));
    const papers = await upload('/api/XfWebApi/UploadFile');
    for (const path of [mine, theirs, papers]) expect(path).toMatch(/^\/private\//);
    for (const VoucherPath of [theirs, papers, mine.replace(/[0-9a-f]{32}/, '0'.repeat(32))]) {
      expect(await pay(id, { VoucherPath }), VoucherPath).toMatchObject({ Code: 400, Message: '凭证文件无效，请重新上传' });
    }
    expect((await biz<ListDto<MemberPaymentDto>>('GET', `GetMemberPaymentList?memberid=${id}`)).Data.TotalCount).toBe(0);
    expect(await pay(id, { VoucherPath: mine })).toMatchObject({ Code: 200, Data: { VoucherPath: mine } });
  });

  it('voids only the latest payment, putting 有效期至 back; the record stays with its reason', async () => {
    const id = await addMember(t, admin, types, 'voider');
    const a = (await pay(id)).Data;
    const b = (await pay(id)).Data;
    expect(await biz('POST', 'VoidMemberPayment', { PaymentId: a.PaymentId, Reason: '重复登记' })).toMatchObject({
      Message: '只能作废该会员最近一笔有效的缴费记录',
    });
    expect(await biz('POST', 'VoidMemberPayment', { PaymentId: b.PaymentId, Reason: '' })).toMatchObject({ Message: '请输入作废原因' });
    expect(await biz('POST', 'VoidMemberPayment', { PaymentId: b.PaymentId, Reason: '重复登记' })).toMatchObject({
      Code: 200,
      Data: { Status: 'void', StatusName: '已作废', VoidReason: '重复登记' },
    });
    expect(await standing(id)).toMatchObject({ ExpireDate: a.TermTo });
    expect(await biz('POST', 'VoidMemberPayment', { PaymentId: b.PaymentId, Reason: '再次' })).toMatchObject({ Message: '该缴费记录已作废' });
    const listed = await biz<ListDto<MemberPaymentDto>>('GET', `GetMemberPaymentList?memberid=${id}&status=void`);
    expect(listed.Data.List.map((p) => p.PaymentId)).toEqual([b.PaymentId]);
  });

  it('a term change while members are mid-term keeps their end date', async () => {
    const id = await addMember(t, admin, types, 'midterm');
    const end = (await pay(id)).Data.TermTo;
    expect(await saveTerms({ Term: 'calendar', GraceDays: 10 })).toMatchObject({ Code: 200 });
    expect(await standing(id)).toMatchObject({ ExpireDate: end, Term: 'calendar', GraceDays: 10 });
    expect((await pay(id)).Data).toMatchObject({ TermFrom: addDays(end, 1), TermTo: `${addDays(end, 1).slice(0, 4)}-12-31` });
    expect(await saveTerms({})).toMatchObject({ Code: 200 });
  });

  it('moves 有效 → 宽限期 → 已过期 with the calendar; a lapsed member signs in but loses member services until paying', async () => {
    const id = await addMember(t, admin, types, 'cycle');
    const end = (await pay(id)).Data.TermTo;
    const read = (token: string) => publicCall(t, token, 'GET', `GetNewsDetail?newsid=${memberOnly}`);
    let token = await loginMember(t, 'cycle');
    expect((await publicCall<MembershipDto>(t, token, 'GET', 'GetMyMembership')).Data).toMatchObject({ State: 1, Notice: '' });

    // 20 days before the end: asked to renew.
    await advance(Date.parse(end) - Date.parse(today()) - 20 * DAY);
    await runMembershipJob(t.app.services);
    token = await loginMember(t, 'cycle');
    expect((await publicCall<MembershipDto>(t, token, 'GET', 'GetMyMembership')).Data).toMatchObject({
      State: 1,
      Notice: `您的会员资格将于${end}到期，请及时续费`,
    });

    // The day after the end: in grace, still reading.
    await later(21);
    token = await loginMember(t, 'cycle');
    const inGrace = (await publicCall<MembershipDto>(t, token, 'GET', 'GetMyMembership')).Data;
    expect(inGrace).toMatchObject({
      State: 2,
      StateName: '宽限期',
      GraceEndDate: addDays(end, 30),
      Notice: `您的会员资格已到期，请于${addDays(end, 30)}前缴纳会费，逾期将暂停会员服务`,
    });
    expect((await read(token)).Code).toBe(200);
    expect((await biz<ListDto<MemberListItemDto>>('GET', 'GetMemberList?membershipstate=2')).Data.List.map((m) => m.Account)).toContain('cycle');

    // Past grace: signs in, keeps the profile, loses member-only articles, contributions and sign-up.
    await later(30);
    token = await loginMember(t, 'cycle');
    expect((await publicCall<MembershipDto>(t, token, 'GET', 'GetMyMembership')).Data).toMatchObject({
      State: 3,
      StateName: '已过期',
      Notice: '会员资格已过期，请续费后使用',
    });
    expect(await read(token)).toMatchObject({ Code: 403, Message: '会员资格已过期，请续费后使用' });
    expect(await publicCall(t, token, 'POST', 'SaveNews', { NewsId: 0, MenuId: menuId, Title: '投稿', NewContent: '<p>正文</p>' })).toMatchObject({
      Code: 403,
      Message: '会员资格已过期，请续费后使用',
    });
    expect(await publicCall(t, token, 'POST', 'SignUpActivity', { ActivityId: 1 })).toMatchObject({ Code: 403, Message: '会员资格已过期，请续费后使用' });
    expect((await publicCall(t, token, 'GET', 'GetUserInfo')).Code).toBe(200);
    const listed = (await biz<ListDto<MemberListItemDto>>('GET', 'GetMemberList?key=cycle')).Data.List[0];
    expect(listed).toMatchObject({ MembershipState: 3, MembershipStateName: '已过期', ExpireDate: end });

    // A payment restores access at once, with no wait for the job; the new term starts today.
    const renewed = await pay(id);
    expect(renewed.Data.TermFrom).toBe(today());
    expect((await read(token)).Code).toBe(200);
    expect((await publicCall<MembershipDto>(t, token, 'GET', 'GetMyMembership')).Data).toMatchObject({ State: 1 });
  });

  it('answers every call behind the good-standing guard with 会员资格已过期 for a lapsed member; the others are listed', async () => {
    const id = await addMember(t, admin, types, 'lapsed_all', { ExpireDate: '2020-01-01' });
    expect(await standing(id)).toMatchObject({ State: 3 });
    const token = await loginMember(t, 'lapsed_all');
    await t.app.ready();
    const doc = t.app.swagger() as { paths: Record<string, Record<string, { 'x-member-session'?: string }>> };
    const ops = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.entries(methods)
        .filter(([method]) => method === 'get' || method === 'post')
        .map(([method, op]) => ({
          call: `${method.toUpperCase()} ${path}`,
          method: method.toUpperCase() as 'GET' | 'POST',
          url: path.replace(/\{[^}]+\}/g, '1'),
          guard: op['x-member-session'],
        })),
    );
    const guarded = ops.filter((op) => op.guard === 'member-in-good-standing');
    expect(guarded.map((op) => op.call)).toEqual(
      expect.arrayContaining(['POST /api/XfWebApi/SaveNews', 'POST /api/XfWebApi/SignUpActivity', 'GET /api/XfWebApi/GetMyNewsList']),
    );
    for (const op of guarded) {
      const res = await t.app.inject({ method: op.method, url: op.url, headers: { token }, ...(op.method === 'POST' ? { payload: {} } : {}) });
      expect(JSON.parse(res.body), op.call).toMatchObject({ Code: 403, Message: '会员资格已过期，请续费后使用' });
    }
    // What a lapsed member keeps: the account, the membership itself (to renew), the activity notices already had.
    const kept = [
      'GET /api/XfWebApi/GetUserInfo',
      'POST /api/XfWebApi/EditMember',
      'POST /api/XfWebApi/EditMemberPwd',
      'GET /api/XfWebApi/GetMyMembership',
      'GET /api/XfWebApi/GetMyPaymentList',
      'GET /api/XfWebApi/GetMyPayment/{id}',
      'GET /api/XfWebApi/GetMyReceiptSeal',
      'GET /api/XfWebApi/GetMyActivityList',
      'GET /api/XfWebApi/GetActivityUnreadCount',
      'GET /api/XfWebApi/GetMyActivity/{id}',
      'GET /api/XfWebApi/GetMyActivityCalendar/{id}',
      'POST /api/XfWebApi/CancelActivitySignUp',
      'POST /api/XfWebApi/LeaveActivityWaitlist',
      // A place taken while in good standing is still theirs at the door.
      'POST /api/XfWebApi/SelfCheckInActivity',
      // Attendance certificates already earned, as exam certificates, stay the member's.
      'GET /api/XfWebApi/GetMyActivityCertificates',
      'GET /api/XfWebApi/DownMyActivityCertificate/{id}',
      // The electronic card answers its own refusal (Code 400, card.test.ts): lapsed, suspended or revoked.
      'GET /api/XfWebApi/GetMyMemberCard',
      'GET /api/XfWebApi/GetMyMemberCredential',
      // An election's roll is frozen: a member who lapses after the freeze still votes (docs/elections.md).
      'GET /api/XfWebApi/GetMyElections',
      'POST /api/XfWebApi/CastBallot',
      // What the member answered before lapsing stays theirs to read.
      'GET /api/XfWebApi/GetMyFormResponses',
      // 在线留言 is open to everyone: a lapsed member follows their messages as any visitor can.
      'GET /api/XfWebApi/GetMyMessageList',
      // 站内信 is how the office reaches a lapsed member too (a dues notice), and what they receive stays theirs to choose.
      'GET /api/XfWebApi/GetMyInbox',
      'GET /api/XfWebApi/GetInboxUnreadCount',
      'POST /api/XfWebApi/ReadInboxMessage',
      'POST /api/XfWebApi/ReadAllInbox',
      'GET /api/XfWebApi/GetMailPreferences',
      'POST /api/XfWebApi/SaveMailPreferences',
      // Consents and their withdrawal are a person's right, not a member's benefit.
      'GET /api/XfWebApi/GetMyConsents',
      'POST /api/XfWebApi/WithdrawConsent',
    ];
    // So are the rights over one's data, open to any session, an applicant's too.
    expect(ops.filter((op) => op.guard === 'applicant').map((op) => op.call)).toEqual(
      expect.arrayContaining([
        'GET /api/XfWebApi/GetMyData',
        'GET /api/XfWebApi/DownMyData',
        'GET /api/XfWebApi/GetMyRightsRequests',
        'POST /api/XfWebApi/SaveRightsRequest',
      ]),
    );
    expect(
      ops
        .filter((op) => op.guard === 'member')
        .map((op) => op.call)
        .sort(),
    ).toEqual(kept.sort());
  });

  it('sends each reminder once per member and term, across two instances, and shows it in the member’s record', async () => {
    const id = await addMember(t, admin, types, 'reminded', { ExpireDate: addDays(today(), 25), Email: 'reminded@example.com' });
    const second = await secondInstance(t, { now: clock.now, backgroundJobs: false });
    // On PostgreSQL the instances run at once. Two SQLite instances in one test process cannot:
    // a writer waiting for the other's transaction blocks the one thread both run on (in a
    // cluster each worker is its own process and waits its turn), so there they take turns.
    const bothInstances = async () => {
      const jobs = [() => runMembershipJob(t.app.services), () => runMembershipJob(second.app.services), () => runMembershipJob(t.app.services)];
      if (engine === 'postgres') return Promise.all(jobs.map((job) => job()));
      const runs = [];
      for (const job of jobs) runs.push(await job());
      return runs;
    };
    try {
      const runs = await bothInstances();
      expect(runs.reduce((n, r) => n + r.reminded, 0)).toBe(1);
      const reminders = () => biz<MembershipReminderDto[]>('GET', `GetMemberReminders/${id}`).then((r) => r.Data);
      expect(await reminders()).toEqual([
        expect.objectContaining({ Kind: 'before:30', KindName: '到期前30天提醒', Recipient: 'reminded@example.com', MailState: 'pending' }),
      ]);
      // 20 days on (5 left): the 7-day one; then expiry; then the end of grace. Each once.
      for (const [days, kind] of [
        [20, 'before:7'],
        [6, 'expired'],
        [31, 'lapsed'],
      ] as const) {
        await advance(days * DAY);
        await bothInstances();
        expect((await reminders()).map((r) => r.Kind)).toContain(kind);
      }
      expect((await reminders()).map((r) => r.Kind).sort()).toEqual(['before:30', 'before:7', 'expired', 'lapsed']);
      const mails = await t.app.services.database.db
        .selectFrom('mail_outbox')
        .select(['subject', 'body'])
        .where('recipient', '=', 'reminded@example.com')
        .execute();
      expect(mails).toHaveLength(4);
      expect(mails.map((m) => m.subject)).toContain('【中国建设工程保险风险管理协会】宽限期结束提醒');
    } finally {
      await second.close();
    }
  });

  it('bulk actions: one transaction each, refused whole when one member does not fit', async () => {
    await submitApplication(t, applicationForm(types, 'bulk_a'));
    await submitApplication(t, applicationForm(types, 'bulk_b'));
    const ids = (await biz<ListDto<MemberListItemDto>>('GET', 'GetMemberList?key=bulk_&applystate=0')).Data.List.map((m) => m.MemberId);
    const member = await addMember(t, admin, types, 'bulk_member');
    expect(await biz('POST', 'MemberBatch', { Ids: [...ids, member], Action: 'approve' })).toMatchObject({
      Code: 400,
      Message: '以下账号不是待审核的申请：bulk_member',
    });
    expect((await biz<ListDto<MemberListItemDto>>('GET', 'GetMemberList?key=bulk_&applystate=0')).Data.TotalCount).toBe(2);
    expect(await biz('POST', 'MemberBatch', { Ids: ids, Action: 'approve' })).toMatchObject({ Code: 200, Message: '批量通过：共2个会员' });
    expect(await biz('POST', 'MemberBatch', { Ids: [...ids, member], Action: 'level', LevelId: types.companyType })).toMatchObject({ Code: 400 });
    expect(await biz('POST', 'MemberBatch', { Ids: [...ids, member], Action: 'remind' })).toMatchObject({ Code: 200, Message: '发送续费提醒：共3个会员' });
    expect(await biz('POST', 'MemberBatch', { Ids: ids, Action: 'suspend' })).toMatchObject({ Code: 200 });
    const states = (await biz<ListDto<MemberListItemDto>>('GET', 'GetMemberList?key=bulk_')).Data.List;
    expect(states.filter((m) => ids.includes(m.MemberId)).map((m) => [m.Status, m.MembershipStateName])).toEqual([
      [0, '已停用'],
      [0, '已停用'],
    ]);
    const log = await adminCall<ListDto<{ Detail: string }>>(t, admin, 'GET', '/api/XfSystemApi/GetAuditLogList?pagesize=20');
    expect(log.Data.List.map((e) => e.Detail)).toEqual(expect.arrayContaining([expect.stringMatching(/^批量停用：bulk_/)]));
  });

  it('admits at once for a level that needs no approval', async () => {
    expect(await saveTerms({ NeedsApproval: false, AnnualFee: 0 })).toMatchObject({ Code: 200 });
    const body = await publicCall(t, undefined, 'POST', 'ApplyMember', applicationForm(types, 'instant'));
    expect(body).toMatchObject({ Code: 200, Message: '入会成功，请登录' });
    expect(await loginMember(t, 'instant')).toMatch(/^[\w-]{43}$/);
    expect(await saveTerms({})).toMatchObject({ Code: 200 });
  });

  it('sums the year’s dues per level for the workbench, voided payments left out', async () => {
    const summary = (await biz<MembershipSummaryDto>('GET', 'GetMembershipSummary?year=2024')).Data;
    const paid = (await biz<ListDto<MemberPaymentDto>>('GET', 'GetMemberPaymentList?status=paid&start=2024-01-01&end=2024-12-31&pagesize=100')).Data;
    expect(summary.Payments).toBe(paid.TotalCount);
    expect(summary.Amount).toBeCloseTo(
      paid.List.reduce((n, p) => n + p.Amount, 0),
      2,
    );
    expect(summary.Levels).toEqual([expect.objectContaining({ LevelId: types.memberLevel, LevelName: '理事单位' })]);
    expect(summary.States.map((s) => s.StateName)).toEqual(['有效', '宽限期', '已过期', '已停用']);
  });
});

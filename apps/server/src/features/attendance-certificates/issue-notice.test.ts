import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AttendanceCertDto, IssuedCertsDto, MyActivityDto, ListDto } from '@portal/shared';
import { activityScene, markCheckedIn, type ActivityScene } from '../../../test/activities.js';
import { eventuallyValue } from '../../../test/eventually.js';
import { engines } from '../../../test/harness.js';
import { startMailServer } from '../../../test/mail-server.js';

const BASE = 'https://www.cpirma.example.cn';

/**
 * A member issued a 参会证明/培训证明 is told: the activity's notice is unread again (the header's
 * count, 未读 in 活动通知) and an e-mail, received here by a real SMTP server on loopback, gives
 * the certificate's number, the activity's page and the verification page. Members issued none
 * (only signed up, or issued one before) are told nothing.
 */
describe.each(engines)('members told of their attendance certificates on %s', (engine) => {
  let s: ActivityScene;
  let mailServer: Awaited<ReturnType<typeof startMailServer>>;
  let activity: number;
  const subject = '【参会证明】行业风险管理年会';

  const checkIn = (...accounts: string[]) => markCheckedIn(s, activity, '2024-06-20 09:10:00', ...accounts);
  const issue = () => s.business<IssuedCertsDto>('IssueActivityCertificates', { ActivityId: activity });
  const unread = async (account: string) => (await s.member<number>(account, 'GetActivityUnreadCount')).Data;
  const notice = async (account: string) =>
    (await s.member<ListDto<MyActivityDto>>(account, 'GetMyActivityList?pageindex=1&pagesize=10')).Data.List.find((a) => a.ActivityId === activity)!;
  const mailsTo = (account: string) => mailServer.received.filter((m) => m.subject === subject && m.to.includes(`${account}@example.com`));

  beforeAll(async () => {
    mailServer = await startMailServer();
    s = await activityScene(engine, { smtpUrl: `smtp://127.0.0.1:${mailServer.port}`, publicBaseUrl: BASE }, { backgroundJobs: true });
    await s.addMembers('erin', 'frank', 'gina');
    activity = await s.publish({ Title: '行业风险管理年会' });
    for (const account of ['erin', 'frank', 'gina']) expect((await s.member(account, 'SignUpActivity', { ActivityId: activity })).Code).toBe(200);
    // Each has read the activity's notice.
    for (const account of ['erin', 'frank', 'gina']) await s.mine(account, activity);
    s.moveTo('2024-06-20 17:30:00');
  });
  afterAll(async () => {
    await s.close();
    await mailServer.close();
  });

  it('e-mails each member issued one its number and links, and makes the activity unread again', async () => {
    await checkIn('erin', 'frank');
    expect((await issue()).Data).toEqual({ Issued: 2, Kept: 0 });
    const erinsCert = (await s.member<AttendanceCertDto[]>('erin', 'GetMyActivityCertificates')).Data[0]!;

    const [mail] = await eventuallyValue(async () => mailsTo('erin').length > 0 && mailsTo('erin'));
    expect(mail!.text.trimEnd()).toBe(
      [
        'erin工程有限公司：',
        '',
        '中国建设工程保险风险管理协会已为贵单位颁发活动「行业风险管理年会」的参会证明。',
        '',
        '活动时间：2024-06-20 09:00 至 2024-06-20 17:00',
        `证明编号：${erinsCert.CertNo}`,
        '',
        `查看与下载：${BASE}/member/activity/${activity}`,
        `证明核验：${erinsCert.VerifyUrl}`,
        '',
        '（本邮件由系统自动发送，请勿直接回复。）',
        '中国建设工程保险风险管理协会',
      ].join('\n'),
    );
    await eventuallyValue(async () => mailsTo('frank').length === 1);
    expect(mailsTo('gina')).toEqual([]);

    // The notice: unread again for those issued one, in the header's count and in 活动通知.
    expect(await unread('erin')).toBe(1);
    expect((await notice('erin')).IsRead).toBe(false);
    expect(await unread('gina')).toBe(0);
    // Opening the activity reads it, as any notice.
    await s.mine('erin', activity);
    expect(await unread('erin')).toBe(0);
  });

  it('tells nobody again when issuing again gives nothing new, and tells the newly checked in', async () => {
    expect((await issue()).Data).toEqual({ Issued: 0, Kept: 2 });
    await checkIn('gina');
    expect((await issue()).Data).toEqual({ Issued: 1, Kept: 2 });
    await eventuallyValue(async () => mailsTo('gina').length === 1);
    expect(await unread('gina')).toBe(1);
    expect(await unread('erin')).toBe(0);
    // Only gina's mail is new: erin and frank have theirs once.
    const outbox = await s.t.app.services.database.db.selectFrom('mail_outbox').select(['recipient']).where('subject', '=', subject).orderBy('id').execute();
    expect(outbox.map((m) => m.recipient).sort()).toEqual(['erin@example.com', 'frank@example.com', 'gina@example.com']);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatCst, type MailingDto, type SegmentCountDto } from '@portal/shared';
import { adminCall, createAdminTestApp, loginAdmin, testClock } from '../../../test/admin.js';
import { atOnce, sharingInstances } from '../../../test/concurrency.js';
import { engines, envelope, type TestApp } from '../../../test/harness.js';
import { startMailServer } from '../../../test/mail-server.js';
import { addMember, loginMember, publicCall, seedTypeChoices } from '../../../test/members.js';
import { smtpTransport, workOutbox } from '../mail/outbox.js';
import { runDispatch } from './dispatch.js';

const SITE = 'https://www.example.org.cn';

describe.each(engines)('群发通知 on %s', (engine) => {
  const clock = testClock(Date.UTC(2024, 5, 17, 2, 0, 0));
  let mailServer: Awaited<ReturnType<typeof startMailServer>>;
  let t: TestApp;
  let admin: string;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    mailServer = await startMailServer();
    t = await createAdminTestApp(engine, { now: clock.now, backgroundJobs: false }, { smtpUrl: `smtp://127.0.0.1:${mailServer.port}`, publicBaseUrl: SITE });
    admin = await loginAdmin(t);
    const types = await seedTypeChoices(t);
    for (const account of ['alpha', 'beta', 'gamma', 'delta']) ids[account] = await addMember(t, admin, types, account, { DailyOperator: `${account}联系人` });
    // One member without an address: counted as excluded.
    ids.quiet = await addMember(t, admin, types, 'quiet');
    await t.app.services.database.db.updateTable('members').set({ email: '' }).where('id', '=', ids.quiet).execute();
    await t.app.services.database.db.updateTable('members').set({ region: '浙江' }).where('id', '!=', ids.delta!).execute();
  });
  afterAll(async () => {
    await t.close();
    await mailServer.close();
  });

  const business = <T = unknown>(url: string, payload?: Record<string, unknown>) =>
    adminCall<T>(t, admin, payload ? 'POST' : 'GET', `/api/XfSysBussiness/${url}`, payload);
  const segment = { Regions: ['浙江'] };

  it('refuses a template with an unknown variable, naming it, and keeps omitted fields on save', async () => {
    expect(
      await business('SaveMailTemplate', { TemplateId: 0, Name: '会费提醒', Category: 'dues', Subject: '{{公司名}}会费', Body: '<p>您好</p>' }),
    ).toMatchObject({
      Code: 400,
      Message: '模板中有未知的变量：{{公司名}}',
    });
    const saved = await business<number>('SaveMailTemplate', {
      TemplateId: 0,
      Name: '通知',
      Category: 'notice',
      Subject: '致{{公司名称}}',
      Body: '<p>{{联系人}}您好，<script>x()</script><a href="https://www.example.org.cn/a">详情</a><img src="https://www.example.org.cn/p.png"></p><p>退订：{{退订链接}}</p>',
    });
    expect(saved.Code, saved.Message).toBe(200);
    ids.template = saved.Data;
    expect((await business('SaveMailTemplate', { TemplateId: ids.template, Name: '年度通知' })).Code).toBe(200);
    const list = await business<{ List: { Name: string; Subject: string; Body: string }[] }>('GetMailTemplateList?pageindex=1&pagesize=10');
    expect(list.Data.List[0]).toMatchObject({ Name: '年度通知', Subject: '致{{公司名称}}' });
    expect(list.Data.List[0]!.Body).not.toContain('script');
    const preview = await business<{ Subject: string; Html: string; Text: string }>(`PreviewMailing?templateid=${ids.template}&memberid=${ids.alpha}`);
    expect(preview.Data.Subject).toBe('致alpha工程有限公司');
    expect(preview.Data.Text).toContain('alpha联系人您好');
    expect(preview.Data.Text).toContain('详情（https://www.example.org.cn/a）');
  });

  it('counts a segment and refuses an empty one', async () => {
    const count = await business<SegmentCountDto>('CountMailingSegment', { Category: 'notice', Segment: segment, Channels: ['email'] });
    expect(count.Data).toEqual({ Matched: 4, WithAddress: 3, NoAddress: 1, OptedOut: 0, Recipients: 3 });
    const empty = await business<number>('SaveMailing', { MailingId: 0, TemplateId: ids.template, Segment: { Regions: ['西藏'] } });
    expect((await business('SendMailing', { MailingId: empty.Data })).Message).toBe('所选范围内没有可发送的会员');
  });

  it('sends once to each recipient across instances, with the headers bulk mail needs', async () => {
    const saved = await business<number>('SaveMailing', { MailingId: 0, Category: 'notice', TemplateId: ids.template, Segment: segment, Channels: ['email'] });
    ids.mailing = saved.Data;
    expect((await business('SendMailing', { MailingId: ids.mailing, SendAt: '2024-06-01 00:00:00' })).Message).toBe('定时发送的时间不能早于当前时间');
    expect((await business('TestMailing', { MailingId: ids.mailing, Address: 'tester@example.com', MemberId: ids.alpha })).Code).toBe(200);
    expect(await business('SendMailing', { MailingId: ids.mailing })).toMatchObject({ Code: 200, Data: 'sent' });
    expect((await business('SendMailing', { MailingId: ids.mailing })).Message).toBe('该通知已发送，不能重复发送');
    expect((await business('SaveMailingSettings', { PerMinute: 2 })).Code).toBe(200);

    const shared = await sharingInstances(t, { now: clock.now, backgroundJobs: false });
    try {
      // Rounds at once on both instances: the minute's budget of 2 is shared.
      const first = await atOnce(shared.apps, 4, (on) => runDispatch(on.app.services));
      expect(first.reduce((n, x) => n + x, 0)).toBe(2);
      clock.advance(61_000);
      const second = await atOnce(shared.apps, 4, (on) => runDispatch(on.app.services));
      expect(second.reduce((n, x) => n + x, 0)).toBe(1);
    } finally {
      await shared.close();
    }
    const transport = smtpTransport(`smtp://127.0.0.1:${mailServer.port}`);
    await workOutbox(t.app.services, transport);
    transport.close?.();

    const test = mailServer.received.find((m) => m.to.includes('tester@example.com'))!;
    expect(test.subject).toBe('【测试】致alpha工程有限公司');
    // A test mail's links are dead ones (退订链接无效), at the same two addresses as a member's.
    expect(test.html).toContain(`<a href="${SITE}/unsubscribe?t=test">退订</a>`);
    const mailto = `<mailto:${t.app.services.config.site.email}?subject=unsubscribe>`;
    expect(test.headers['list-unsubscribe']).toBe(`<${SITE}/api/XfWebApi/Unsubscribe?t=test>, ${mailto}`);
    const real = mailServer.received.filter((m) => !m.to.includes('tester@example.com'));
    expect(real.map((m) => m.to[0]).sort()).toEqual(['alpha@example.com', 'beta@example.com', 'gamma@example.com']);
    const beta = real.find((m) => m.to[0] === 'beta@example.com')!;
    expect(beta.subject).toBe('致beta工程有限公司');
    expect(beta.text).toContain('beta联系人您好');
    expect(beta.html).toContain('<img src="https://www.example.org.cn/p.png"');
    // The 退订 a member clicks (the HTML's link, the text's footer, the 退订链接 variable) is the
    // unsubscribe page; only List-Unsubscribe names the API's one-click address, with the same token.
    const token = /\?t=(notice\.\d+\.\d+\.[\w-]+)>/.exec(beta.headers['list-unsubscribe']!)![1]!;
    expect(beta.headers['list-unsubscribe']).toBe(`<${SITE}/api/XfWebApi/Unsubscribe?t=${token}>, ${mailto}`);
    const page = `${SITE}/unsubscribe?t=${token}`;
    expect(beta.html).toContain(`<a href="${page}">退订</a>`);
    expect(beta.html).toContain(`<p>退订：${page}</p>`);
    expect(beta.text).toContain(`不想再收到此类通知？退订：${page}`);
    expect(beta.text.split(page)).toHaveLength(3);
    expect(beta.html + beta.text).not.toContain('/api/');
    expect(beta.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    expect(beta.headers['message-id']).toBe(`<mailing-${ids.mailing}-${ids.beta}@www.example.org.cn>`);
    expect(beta.headers.date).toBeTruthy();

    const record = await business<MailingDto>(`GetMailing?mailingid=${ids.mailing}`);
    expect(record.Data.Counts).toEqual({
      Recipients: 3,
      Waiting: 0,
      Queued: 0,
      Sent: 3,
      Failed: 0,
      SiteOnly: 0,
      Bounced: 0,
      InboxDelivered: 0,
      InboxRead: 0,
      Opened: 0,
    });
    const recipients = await business<{ List: { State: string }[]; TotalCount: number }>(
      `GetMailingRecipients?mailingid=${ids.mailing}&pageindex=1&pagesize=2`,
    );
    expect(recipients.Data.TotalCount).toBe(3);
    expect(recipients.Data.List.map((r) => r.State)).toEqual(['sent', 'sent']);
    const history = await business<{ List: { MailingId: number; Subject: string }[] }>(`GetMemberMailings?memberid=${ids.beta}&pageindex=1&pagesize=10`);
    // The subject as beta's mail said it, not the template's {{公司名称}}.
    expect(history.Data.List.map((h) => [h.MailingId, h.Subject])).toEqual([[ids.mailing, '致beta工程有限公司']]);
    const xlsx = await t.app.inject({ method: 'GET', url: `/api/XfSysBussiness/ExportMailingRecipients?mailingid=${ids.mailing}`, headers: { token: admin } });
    expect(xlsx.headers['content-type']).toContain('spreadsheetml');

    // One click unsubscribes beta from 通知公告; a tampered token is refused.
    const link = new URL(beta.headers['list-unsubscribe']!.slice(1, beta.headers['list-unsubscribe']!.indexOf('>')));
    const tampered = await t.app.inject({
      method: 'POST',
      url: `${link.pathname}?t=${link.searchParams.get('t')!.slice(0, -2)}xx`,
      payload: 'List-Unsubscribe=One-Click',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(envelope(tampered).Message).toBe('退订链接无效');
    const shown = envelope<{ CategoryName: string; Done: boolean }>(await t.app.inject({ method: 'GET', url: `${link.pathname}${link.search}` }));
    expect(shown.Data).toEqual({ Category: 'notice', CategoryName: '通知公告', Done: false });
    const clicked = await t.app.inject({
      method: 'POST',
      url: `${link.pathname}${link.search}`,
      payload: 'List-Unsubscribe=One-Click',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(envelope(clicked)).toMatchObject({ Code: 200, Data: { Done: true } });
    const count = await business<SegmentCountDto>('CountMailingSegment', { Category: 'notice', Segment: segment, Channels: ['email'] });
    expect(count.Data).toMatchObject({ OptedOut: 1, Recipients: 2 });

    // The member sees it in their preferences, and opts back in; a category left out keeps its value.
    const member = await loginMember(t, 'beta');
    expect((await publicCall(t, member, 'GET', 'GetMailPreferences')).Data).toEqual({ notice: false, activity: true, dues: true, survey: true });
    const saved2 = await publicCall(t, member, 'POST', 'SaveMailPreferences', { notice: true, dues: false });
    expect(saved2.Data).toEqual({ notice: true, activity: true, dues: false, survey: true });
  });

  it('delivers 站内信 at send time with each member’s values, reaching members without an address, and counts the reads', async () => {
    const saved = await business<number>('SaveMailing', {
      MailingId: 0,
      Category: 'activity',
      Subject: '致{{公司名称}}',
      Body: '<p>{{联系人}}您好</p>',
      Segment: segment,
      Channels: ['site'],
    });
    const count = await business<SegmentCountDto>('CountMailingSegment', { Category: 'activity', Segment: segment, Channels: ['site'] });
    expect(count.Data).toEqual({ Matched: 4, WithAddress: 3, NoAddress: 0, OptedOut: 0, Recipients: 4 });
    const mailsBefore = await t.app.services.database.db.selectFrom('mail_outbox').select('id').execute();
    expect(await business('SendMailing', { MailingId: saved.Data })).toMatchObject({ Code: 200, Data: 'sent' });
    expect(await runDispatch(t.app.services)).toBe(0);
    expect(await t.app.services.database.db.selectFrom('mail_outbox').select('id').execute()).toHaveLength(mailsBefore.length);
    const quiet = await loginMember(t, 'quiet');
    const inbox = await publicCall<{ List: { Id: number; Title: string }[] }>(t, quiet, 'GET', 'GetMyInbox');
    expect(inbox.Data.List.map((m) => m.Title)).toEqual(['致quiet工程有限公司']);
    expect((await publicCall(t, quiet, 'POST', 'ReadInboxMessage', { Id: inbox.Data.List[0]!.Id })).Code).toBe(200);
    const record = await business<MailingDto>(`GetMailing?mailingid=${saved.Data}`);
    expect(record.Data.Counts).toEqual({
      Recipients: 4,
      Waiting: 0,
      Queued: 0,
      Sent: 0,
      Failed: 0,
      SiteOnly: 4,
      Bounced: 0,
      InboxDelivered: 4,
      InboxRead: 1,
      Opened: 0,
    });
    expect((await business('SendMailing', { MailingId: saved.Data })).Message).toBe('该通知已发送，不能重复发送');
  });

  it('打开跟踪: off by default; a mailing sent with it on carries a picture per recipient marking its first open, and only that', async () => {
    expect((await business('GetMailingSettings')).Data).toEqual({ PerMinute: 2, TrackOpens: false });
    expect((await business<MailingDto>(`GetMailing?mailingid=${ids.mailing}`)).Data.TrackOpens).toBe(false);
    expect((await business('SaveMailingSettings', { TrackOpens: true, PerMinute: 100 })).Data).toEqual({ PerMinute: 100, TrackOpens: true });
    const saved = await business<number>('SaveMailing', {
      MailingId: 0,
      Category: 'survey',
      Subject: '问卷：{{公司名称}}',
      Body: '<p>请填写</p>',
      Segment: segment,
    });
    expect(await business('SendMailing', { MailingId: saved.Data })).toMatchObject({ Code: 200, Data: 'sent' });
    // Turned off once it went out: the mailing keeps what it was sent with.
    expect((await business('SaveMailingSettings', { TrackOpens: false })).Data).toEqual({ PerMinute: 100, TrackOpens: false });
    clock.advance(61_000);
    expect(await runDispatch(t.app.services)).toBe(3);
    const transport = smtpTransport(`smtp://127.0.0.1:${mailServer.port}`);
    await workOutbox(t.app.services, transport);
    transport.close?.();

    const mails = mailServer.received.filter((m) => m.subject.startsWith('问卷：'));
    const pixel = (html: string) => /<img src="https:\/\/www\.example\.org\.cn(\/api\/XfWebApi\/MailOpened\?t=[^"]+)" width="1" height="1"/.exec(html)?.[1];
    expect(mails.map((m) => pixel(m.html)).filter(Boolean)).toHaveLength(3);
    expect(new Set(mails.map((m) => pixel(m.html))).size).toBe(3);
    expect(mails.map((m) => m.text).join()).not.toContain('MailOpened');
    const alpha = pixel(mails.find((m) => m.to[0] === 'alpha@example.com')!.html)!;

    clock.advance(3_600_000);
    const firstOpen = formatCst(clock.now());
    const opened = await t.app.inject({ method: 'GET', url: alpha });
    expect([opened.statusCode, opened.headers['content-type'], opened.headers['cache-control']]).toEqual([200, 'image/gif', 'no-store']);
    expect(opened.rawPayload.subarray(0, 6).toString()).toBe('GIF89a');
    clock.advance(60_000);
    await t.app.inject({ method: 'GET', url: alpha });
    // An altered token marks nothing, and is answered with the same picture.
    const forged = await t.app.inject({ method: 'GET', url: `${alpha.slice(0, -2)}xx` });
    expect([forged.statusCode, forged.headers['content-type']]).toEqual([200, 'image/gif']);

    const record = await business<MailingDto>(`GetMailing?mailingid=${saved.Data}`);
    expect([record.Data.TrackOpens, record.Data.Counts.Opened, record.Data.Counts.Sent]).toEqual([true, 1, 3]);
    const recipients = await business<{ List: { MemberId: number; OpenedAt: string }[] }>(
      `GetMailingRecipients?mailingid=${saved.Data}&pageindex=1&pagesize=10`,
    );
    expect(recipients.Data.List.map((r) => [r.MemberId, r.OpenedAt]).sort()).toEqual(
      [
        [ids.alpha, firstOpen],
        [ids.beta, ''],
        [ids.gamma, ''],
      ].sort(),
    );
  });
});

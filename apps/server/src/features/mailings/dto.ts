import { mailingCategoryNames, type MailingDto, type MailingRecipientDto, type MailTemplateDto } from '@portal/shared';
import type { Mailing } from './mailings.js';
import { recipientStateNames, type MailingCounts, type RecipientRow } from './records.js';
import type { MailTemplate } from './templates.js';

const categoryName = (c: string) => mailingCategoryNames[c as keyof typeof mailingCategoryNames] ?? '';

export const toTemplateDto = (t: MailTemplate): MailTemplateDto => ({
  Id: t.id,
  Name: t.name,
  Category: t.category,
  CategoryName: categoryName(t.category),
  Subject: t.subject,
  Body: t.body,
  UpdateTime: t.updated_at,
});

export const toMailingDto = (m: Mailing, c: MailingCounts, inbox = { delivered: 0, read: 0 }): MailingDto => ({
  Id: m.id,
  Category: m.category,
  CategoryName: categoryName(m.category),
  TemplateId: m.template_id,
  Subject: m.subject,
  Body: m.body,
  Segment: m.segment,
  Channels: m.channels,
  State: m.state,
  ScheduledAt: m.scheduled_at,
  SentAt: m.sent_at,
  CreatedBy: m.created_by,
  CreateTime: m.created_at,
  TrackOpens: m.track_opens === 1,
  Counts: {
    Recipients: c.recipients,
    Waiting: c.waiting,
    Queued: c.queued,
    Sent: c.sent,
    Failed: c.failed,
    SiteOnly: c.site,
    Bounced: c.bounced,
    InboxDelivered: inbox.delivered,
    InboxRead: inbox.read,
    Opened: c.opened,
  },
});

export const toRecipientDto = (r: RecipientRow): MailingRecipientDto => ({
  MemberId: r.memberId,
  MemberName: r.memberName,
  Email: r.email,
  State: r.state,
  StateName: recipientStateNames[r.state],
  Error: r.error,
  SentAt: r.sentAt,
  OpenedAt: r.openedAt,
});

export const toMemberMailingDto = (r: {
  mailingId: number;
  subject: string;
  category: string;
  state: keyof typeof recipientStateNames;
  error: string;
  sentAt: string;
}) => ({
  MailingId: r.mailingId,
  Subject: r.subject,
  CategoryName: categoryName(r.category),
  State: r.state,
  StateName: recipientStateNames[r.state],
  Error: r.error,
  SentAt: r.sentAt,
});

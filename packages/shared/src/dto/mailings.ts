import { z } from 'zod';

/** 会员通知's answers (features/mailings). */

export const mailTemplateDto = z
  .object({ Id: z.int(), Name: z.string(), Category: z.string(), CategoryName: z.string(), Subject: z.string(), Body: z.string(), UpdateTime: z.string() })
  .meta({ id: 'MailTemplateDto' });
export type MailTemplateDto = z.infer<typeof mailTemplateDto>;

/** 系统邮件: the mail as it is sent now (the stored edit, else the default), its variables and default. */
export const systemMailDto = z
  .object({
    Code: z.string(),
    Name: z.string(),
    /** When the system sends it. */
    Description: z.string(),
    Variables: z.array(z.object({ Name: z.string(), Meaning: z.string() })),
    Subject: z.string(),
    Body: z.string(),
    DefaultSubject: z.string(),
    DefaultBody: z.string(),
    /** Edited by staff (false: the default is sent). */
    Customised: z.boolean(),
    /** When last edited, '' for never. */
    UpdateTime: z.string(),
  })
  .meta({ id: 'SystemMailDto' });
export type SystemMailDto = z.infer<typeof systemMailDto>;

/** A system mail's subject and plain-text body with every variable filled with an example. */
export const systemMailPreviewDto = z.object({ Subject: z.string(), Body: z.string() }).meta({ id: 'SystemMailPreviewDto' });
export type SystemMailPreviewDto = z.infer<typeof systemMailPreviewDto>;

export const mailingSegmentDto = z
  .object({
    LevelIds: z.array(z.int()),
    States: z.array(z.int()),
    Regions: z.array(z.string()),
    ActivityId: z.int(),
    Attended: z.boolean(),
    FormId: z.int(),
    ElectionId: z.int(),
  })
  .meta({ id: 'MailingSegmentDto' });

/** CountMailingSegment: who a segment reaches, before sending. */
export const segmentCountDto = z
  .object({
    /** Members matching the criteria. */
    Matched: z.int(),
    /** Of those, with an e-mail address to mail: not one that came back as a hard bounce 3 times (退信). */
    WithAddress: z.int(),
    /** Left out: no usable e-mail address, 无有效邮箱 (only when e-mail is the one channel). */
    NoAddress: z.int(),
    /** Left out: opted out of the category. */
    OptedOut: z.int(),
    /** Who the mailing will go to. */
    Recipients: z.int(),
  })
  .meta({ id: 'SegmentCountDto' });
export type SegmentCountDto = z.infer<typeof segmentCountDto>;

/** A mailing's delivery so far. */
export const mailingCountsDto = z
  .object({
    Recipients: z.int(),
    /** Not yet handed to the outbox (throttled). */
    Waiting: z.int(),
    /** In the outbox, not yet sent. */
    Queued: z.int(),
    Sent: z.int(),
    /** Failed at least once and not sent (retried, or given up). */
    Failed: z.int(),
    /** Reached by 站内信 only (no e-mail to send them). */
    SiteOnly: z.int(),
    /** Sent, and returned as a hard bounce (退信). */
    Bounced: z.int(),
    /** 站内信 delivered, and read by now. */
    InboxDelivered: z.int(),
    InboxRead: z.int(),
    /** Recipients whose mail was opened (its picture fetched), counted only when the mailing went out with 打开跟踪 on. */
    Opened: z.int(),
  })
  .meta({ id: 'MailingCountsDto' });

export const mailingDto = z
  .object({
    Id: z.int(),
    Category: z.string(),
    CategoryName: z.string(),
    TemplateId: z.int(),
    Subject: z.string(),
    Body: z.string(),
    Segment: mailingSegmentDto,
    Channels: z.array(z.string()),
    /** draft 草稿, scheduled 已定时, sent 已发送. */
    State: z.string(),
    ScheduledAt: z.string(),
    SentAt: z.string(),
    CreatedBy: z.string(),
    CreateTime: z.string(),
    /** Sent with 打开跟踪 on (the setting when it went out): Counts.Opened and the recipients' OpenedAt mean something. */
    TrackOpens: z.boolean(),
    Counts: mailingCountsDto,
  })
  .meta({ id: 'MailingDto' });
export type MailingDto = z.infer<typeof mailingDto>;

export const mailingPreviewDto = z.object({ Subject: z.string(), Html: z.string(), Text: z.string() }).meta({ id: 'MailingPreviewDto' });

export const mailingRecipientDto = z
  .object({
    MemberId: z.int(),
    MemberName: z.string(),
    Email: z.string(),
    /** waiting 待发送, queued 发送中, sent 已发送, failed 发送失败, site 仅站内信, bounced 退信. */
    State: z.string(),
    StateName: z.string(),
    /** The mail server's answer of the last failed attempt; of a 退信, the report's status and diagnostic. */
    Error: z.string(),
    SentAt: z.string(),
    /** When the mail was first opened ('' not seen, or not tracked). */
    OpenedAt: z.string(),
  })
  .meta({ id: 'MailingRecipientDto' });
export type MailingRecipientDto = z.infer<typeof mailingRecipientDto>;

export const memberMailingDto = z
  .object({
    MailingId: z.int(),
    Subject: z.string(),
    CategoryName: z.string(),
    /** As MailingRecipientDto's State. */
    State: z.string(),
    StateName: z.string(),
    /** As MailingRecipientDto's Error: why it failed or came back. */
    Error: z.string(),
    SentAt: z.string(),
  })
  .meta({ id: 'MemberMailingDto' });
export type MemberMailingDto = z.infer<typeof memberMailingDto>;

/** 发送设置: the dispatch rate, and whether mailings sent from now on record opens (off unless the office turns it on). */
export const mailingSettingsDto = z.object({ PerMinute: z.int(), TrackOpens: z.boolean() }).meta({ id: 'MailingSettingsDto' });
export type MailingSettingsDto = z.infer<typeof mailingSettingsDto>;

/** A member's categories: true received, false opted out. */
export const mailPreferencesDto = z
  .object({ notice: z.boolean(), activity: z.boolean(), dues: z.boolean(), survey: z.boolean() })
  .meta({ id: 'MailPreferencesDto' });
export type MailPreferencesDto = z.infer<typeof mailPreferencesDto>;

export const unsubscribeDto = z.object({ Category: z.string(), CategoryName: z.string(), Done: z.boolean() }).meta({ id: 'UnsubscribeDto' });
export type UnsubscribeDto = z.infer<typeof unsubscribeDto>;

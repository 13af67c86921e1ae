import { z } from 'zod';
import { messages } from '../messages/index.js';
import { MembershipState } from './membership.js';
import { idParam, integer, integerChoice, isCstTime, optionalParam, optionalText, pagingQuery, requiredText, saveIdField } from './common.js';

/**
 * 会员通知 (features/mailings): templates, segments of members, mailings sent by e-mail (and the
 * site's inbox), members' preferences per category. docs/mailings.md says how it runs; docs/api.md
 * lists the calls.
 */

/** What a mailing is about; a member opts out per category (GetMailPreferences). */
export const mailingCategories = ['notice', 'activity', 'dues', 'survey'] as const;
export type MailingCategory = (typeof mailingCategories)[number];
export const mailingCategoryNames: Record<MailingCategory, string> = { notice: '通知公告', activity: '活动', dues: '会费', survey: '调查' };

/** The merge variables a template may use, written {{名称}}; features/mailings/merge-fields.ts fills them. */
export const mergeVariables = ['公司名称', '联系人', '会员级别', '有效期至', '活动名称', '活动时间', '个人链接', '退订链接'] as const;
export type MergeVariable = (typeof mergeVariables)[number];

export const mailingChannels = ['email', 'site'] as const;
export type MailingChannel = (typeof mailingChannels)[number];

/** The standings a segment may name: 有效, 宽限期, 已过期 (已停用 members are never sent to). */
export const segmentStandings = [MembershipState.Active, MembershipState.Grace, MembershipState.Expired] as const;

export const mailingLimits = { name: 50, subject: 150, body: 50_000, perMinuteMax: 6000 } as const;

export const mailingMessages = {
  nameRequired: '请输入模板名称',
  subjectRequired: '请输入通知标题',
  bodyRequired: '请输入通知内容',
  categoryInvalid: '通知类别只能是notice（通知公告）、activity（活动）、dues（会费）或survey（调查）',
  unknownVariable: (name: string) => `模板中有未知的变量：{{${name}}}`,
  activityVariableNeedsActivity: '通知使用了活动名称或活动时间，请在发送范围中选择一个活动',
  templateNotFound: '通知模板不存在或已删除',
  mailingNotFound: '通知不存在或已删除',
  memberNotFound: '会员不存在',
  channelsRequired: '请至少选择一种发送方式（电子邮件或站内信）',
  channelInvalid: '发送方式只能是email（电子邮件）或site（站内信）',
  standingInvalid: '会籍状态只能是1（有效）、2（宽限期）或3（已过期）',
  emptySegment: '所选范围内没有可发送的会员',
  alreadySent: '该通知已发送，不能重复发送',
  alreadyScheduled: '该通知已定时发送，不能重复发送；如需改期请先取消定时',
  scheduleInPast: '定时发送的时间不能早于当前时间',
  timeInvalid: '时间格式应为yyyy-MM-dd HH:mm:ss',
  notEditable: '该通知已发送或已定时，不能修改；请先取消定时',
  notScheduled: '只有已定时的通知可以取消定时',
  testAddressInvalid: '请输入正确的电子邮箱',
  testAddressMissing: '请输入测试邮箱（您的账号没有登记邮箱）',
  mailDisabled: '未配置邮件服务器（SMTP_URL），不能发送电子邮件',
  perMinuteInvalid: `每分钟发送数量应为1-${mailingLimits.perMinuteMax}`,
  unsubscribeInvalid: '退订链接无效',
  /** What the unsubscribe page asks before it acts (GET Unsubscribe's Message). */
  unsubscribeAsk: (category: string) => `确认后将退订“${category}”类通知`,
  unsubscribed: (category: string) => `您已退订“${category}”类通知，今后不再收到此类邮件和站内信`,
  /** 通知设置 saved (SaveMailPreferences). */
  preferencesSaved: '保存成功',
  systemMailInvalid: '系统邮件不存在',
} as const;

/**
 * 系统邮件: the mails the system sends by itself, each a plain-text template staff may edit
 * (features/mail/system-mails.ts holds each one's variables and shipped default).
 */
export const systemMailCodes = [
  'contribution-approved',
  'contribution-rejected',
  'renewal-before',
  'renewal-expired',
  'renewal-lapsed',
  'renewal-manual',
  'activity-notice',
] as const;
export type SystemMailCode = (typeof systemMailCodes)[number];

const email = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const category = z.enum(mailingCategories, { error: mailingMessages.categoryInvalid });
const ids = z.array(idParam, { error: messages.badParameter }).max(500, { error: messages.badParameter }).default([]);

export const saveMailTemplateBody = z.object({
  TemplateId: saveIdField,
  Name: requiredText(mailingMessages.nameRequired, '模板名称', mailingLimits.name),
  Category: category.default('notice'),
  Subject: requiredText(mailingMessages.subjectRequired, '通知标题', mailingLimits.subject),
  /** Rich text, sanitised on save; may hold {{变量}}. */
  Body: requiredText(mailingMessages.bodyRequired, '通知内容', mailingLimits.body),
});
export type SaveMailTemplateBody = z.infer<typeof saveMailTemplateBody>;

/** Who a mailing goes to: every approved, enabled member matching all the criteria given (an empty list: any). */
export const mailingSegment = z.object({
  LevelIds: ids,
  /** 1 有效, 2 宽限期, 3 已过期. */
  States: z
    .array(integerChoice(segmentStandings, mailingMessages.standingInvalid), { error: mailingMessages.standingInvalid })
    .max(3, { error: mailingMessages.standingInvalid })
    .default([]),
  /** members.region, as written (所在地区). */
  Regions: z.array(z.string().trim().min(1).max(50), { error: messages.badParameter }).max(100, { error: messages.badParameter }).default([]),
  /** Signed up to the activity (0 none); with Attended, checked in at it. */
  ActivityId: integer(messages.badParameter, { min: 0 }).default(0),
  Attended: z.boolean({ error: messages.badParameter }).default(false),
  /** Answered the form (0 none). */
  FormId: integer(messages.badParameter, { min: 0 }).default(0),
  /** Voted in the election (0 none). */
  ElectionId: integer(messages.badParameter, { min: 0 }).default(0),
});
export type MailingSegment = z.infer<typeof mailingSegment>;

export const countMailingSegmentBody = z.object({ Category: category.default('notice'), Segment: mailingSegment.default(mailingSegment.parse({})) });

export const saveMailingBody = z.object({
  MailingId: saveIdField,
  Category: category.default('notice'),
  /** A template to start from (0 none): its subject and body are copied when Subject/Body are blank. */
  TemplateId: integer(messages.badParameter, { min: 0 }).default(0),
  Subject: optionalText('通知标题', mailingLimits.subject),
  Body: optionalText('通知内容', mailingLimits.body),
  Segment: mailingSegment.default(mailingSegment.parse({})),
  Channels: z
    .array(z.enum(mailingChannels, { error: mailingMessages.channelInvalid }), { error: mailingMessages.channelsRequired })
    .min(1, { error: mailingMessages.channelsRequired })
    .max(2, { error: mailingMessages.channelInvalid })
    .default(['email']),
});
export type SaveMailingBody = z.infer<typeof saveMailingBody>;

const cstTime = z.string({ error: mailingMessages.timeInvalid }).trim().refine(isCstTime, { error: mailingMessages.timeInvalid });

export const mailingIdBody = z.object({ MailingId: idParam });
export const sendMailingBody = mailingIdBody.extend({
  /** Blank: now; otherwise when (yyyy-MM-dd HH:mm:ss, China time), not in the past. */
  SendAt: z.preprocess((v) => (v === null ? '' : v), z.union([z.literal(''), cstTime])).default(''),
});
export const testMailingBody = mailingIdBody.extend({
  /** Blank: the signed-in administrator's own address. */
  Address: optionalText('测试邮箱', 100).refine((v) => v === '' || email.test(v), { error: mailingMessages.testAddressInvalid }),
  /** The member whose values fill the variables (0: the first of the segment). */
  MemberId: integer(messages.badParameter, { min: 0 }).default(0),
});
export const previewMailingQuery = z.object({ mailingid: optionalParam(idParam), templateid: optionalParam(idParam), memberid: idParam });
export const mailingListQuery = pagingQuery.extend({ category: optionalParam(category) });
export const mailingRecipientsQuery = pagingQuery.extend({ mailingid: idParam });
export const memberMailingsQuery = pagingQuery.extend({ memberid: idParam });
export const mailTemplateListQuery = pagingQuery.extend({ category: optionalParam(category) });
export const saveMailingSettingsBody = z.object({
  PerMinute: integer(mailingMessages.perMinuteInvalid, { min: 1, max: mailingLimits.perMinuteMax }).optional(),
  /** 打开跟踪 for mailings sent from now on; off by default (docs/mailings.md, "Opens"). */
  TrackOpens: z.boolean({ error: messages.badParameter }).optional(),
});

/** A member's preferences: the categories they receive (true) or opted out of (false); a category left out keeps its value. */
export const saveMailPreferencesBody = z.object(
  Object.fromEntries(mailingCategories.map((c) => [c, z.boolean({ error: messages.badParameter }).optional()])) as Record<
    MailingCategory,
    z.ZodOptional<z.ZodBoolean>
  >,
);
const systemMailCode = z.enum(systemMailCodes, { error: mailingMessages.systemMailInvalid });
/** Both required: a system mail is always whole, so a save replaces its subject and body together. */
export const saveSystemMailBody = z.object({
  Code: systemMailCode,
  Subject: requiredText(mailingMessages.subjectRequired, '邮件标题', mailingLimits.subject),
  /** Plain text, as sent; may hold the mail's own {{变量}}. */
  Body: requiredText(mailingMessages.bodyRequired, '邮件内容', mailingLimits.body),
});
export type SaveSystemMailBody = z.infer<typeof saveSystemMailBody>;
export const resetSystemMailBody = z.object({ Code: systemMailCode });
/** What 预览 shows: the text as the dialog holds it, saved or not, checked as a save checks it. */
export const previewSystemMailBody = saveSystemMailBody;

export const unsubscribeQuery = z.object({ t: z.string().trim().max(200).default('') });

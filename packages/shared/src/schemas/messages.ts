import { z } from 'zod';
import { messages } from '../messages/index.js';
import {
  booleanValue,
  boolField,
  flagField,
  idParam,
  integer,
  integerChoice,
  mobilePattern,
  landlinePattern,
  optionalParam,
  optionalText,
  pagingQuery,
  requiredText,
  saveIdField,
  sortNumberField,
  trimmed,
} from './common.js';
import { privacyVersionField } from './privacy.js';

/**
 * 在线留言/咨询 (features/messages): what a visitor asks, how staff route and answer it, and what
 * is published. docs/messages.md says how it runs; docs/api.md lists the calls.
 */

/** Where a message stands. 待受理 → 办理中 → 已答复, or 不予受理 with a reason. */
export const MessageState = { Waiting: 0, Handling: 1, Answered: 2, Declined: 3 } as const;
export type MessageState = (typeof MessageState)[keyof typeof MessageState];
export const messageStateNames: Record<MessageState, string> = { 0: '待受理', 1: '办理中', 2: '已答复', 3: '不予受理' };

/** The asker's rating of a published answer, once. */
export const MessageRating = { Satisfied: 1, Fair: 2, Unsatisfied: 3 } as const;
/** The ratings' names: the asker's buttons and the staff's view of a message (apps/web). */
export const messageRatingNames: Record<number, string> = {
  [MessageRating.Satisfied]: '满意',
  [MessageRating.Fair]: '基本满意',
  [MessageRating.Unsatisfied]: '不满意',
};

/** What the site asks for besides the message: which contact is required (SaveMessageSettings). */
export const messageContactRules = ['phone', 'email', 'either', 'both'] as const;
export type MessageContactRule = (typeof messageContactRules)[number];

export const messageLimits = {
  subject: 100,
  content: 2000,
  name: 50,
  email: 100,
  reply: 20_000,
  note: 1000,
  reason: 500,
  categoryName: 20,
  departmentName: 50,
  /** Working days: a deadline of a year at most. */
  deadlineDays: 250,
} as const;

/** 查询码: 20 characters of an alphabet without look-alikes (no 0/O, 1/I/L), about 99 bits. */
export const queryCodeAlphabet = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
export const queryCodeLength = 20;

export const messageBoardMessages = {
  categoryRequired: '请选择留言类别',
  categoryUnknown: '留言类别不存在或已停用',
  subjectRequired: '请输入留言标题',
  contentRequired: '请输入留言内容',
  nameRequired: '请输入姓名',
  phoneRequired: '请输入联系电话',
  phoneInvalid: '请输入正确电话号码',
  emailRequired: '请输入电子邮箱',
  emailInvalid: '请输入正确的电子邮箱',
  contactRequired: '请填写联系电话或电子邮箱',
  captchaRequired: '请输入验证码',
  attachmentMissing: '附件不存在或已被使用，请重新上传',
  codeRequired: '请输入查询码',
  codeNotFound: '查询码不存在，请核对后再试',
  notFound: '留言不存在或已删除',
  ratingInvalid: '评价只能是1（满意）、2（基本满意）或3（不满意）',
  notRatable: '留言尚未答复，暂不能评价',
  alreadyRated: '您已评价过该答复',
  closed: '该留言已办结，不能再操作',
  notWaiting: '只有待受理的留言可以分派',
  notHandling: '只有办理中的留言可以转办或答复',
  departmentRequired: '请选择办理部门',
  departmentUnknown: '办理部门不存在',
  handlerNotInDepartment: '所选办理人不属于该部门',
  sameDepartment: '留言已在该部门办理',
  reasonRequired: '请输入不予受理的理由',
  transferReasonRequired: '请输入转办理由',
  noteRequired: '请输入备注内容',
  replyRequired: '请输入答复内容',
  notYourDepartment: '该留言不属于您所在的部门',
  replyInReview: '答复正在审核中，请等待审核结果',
  replySubmitted: '答复已提交审核，审核通过后发出',
  reviewMenuNoChain: '所选栏目没有审核流程，请先在栏目管理中设置审核流程',
  notAnswered: '只有已答复的留言可以公开',
  notPublishable: '留言人未同意公开该留言',
  titleHasPersonalData: '公开标题含有留言人的姓名、电话或邮箱，请修改后再公开',
  deadlineInvalid: `办理时限应为1-${messageLimits.deadlineDays}个工作日`,
  adminUnknown: '所选管理员不存在或已停用',
  departmentInUse: '该部门仍有办理中的留言，不能删除',
  warnHoursInvalid: '到期提醒应为提前0-720小时',
  contactRuleInvalid: '联系方式要求只能是phone、email、either或both',
  monthInvalid: '月份格式应为yyyy-MM',
  monthRange: '统计范围不能超过36个月，且结束月份不能早于开始月份',
} as const;

const email = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const month = optionalParam(z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, { error: messageBoardMessages.monthInvalid }));
const day = optionalParam(z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: messages.badParameter }));
const keyword = z.string().trim().max(50, { error: messages.keywordTooLong }).optional();

/**
 * SaveMessage. Which of name, phone and e-mail are required is the site's setting, checked by the
 * server after this (features/messages/ask.ts); here each is checked for its form when given.
 */
export const saveMessageBody = z.object({
  CategoryId: integer(messageBoardMessages.categoryRequired, { min: 1 }),
  Subject: requiredText(messageBoardMessages.subjectRequired, '留言标题', messageLimits.subject),
  Content: requiredText(messageBoardMessages.contentRequired, '留言内容', messageLimits.content),
  Name: optionalText('姓名', messageLimits.name),
  Phone: trimmed.default('').refine((v) => v === '' || mobilePattern.test(v) || landlinePattern.test(v), { error: messageBoardMessages.phoneInvalid }),
  Email: optionalText('电子邮箱', messageLimits.email).refine((v) => v === '' || email.test(v), { error: messageBoardMessages.emailInvalid }),
  /** The path UploadMessageFile answered; '' for none. */
  Attachment: optionalText('附件', 300),
  MayPublish: boolField,
  /** A visitor's captcha (GetMessageCaptcha); a member signed in needs none. */
  Captcha: optionalText('验证码', 10),
  CaptchaTicket: optionalText('验证码票据', 100),
  /** The privacy policy version the asker agreed to (GetPrivacyPolicy's Version). */
  PrivacyVersion: privacyVersionField,
});
export type SaveMessageBody = z.infer<typeof saveMessageBody>;

const queryCode = z
  .string({ error: messageBoardMessages.codeRequired })
  .trim()
  .toUpperCase()
  .min(1, { error: messageBoardMessages.codeRequired })
  .max(40, { error: messageBoardMessages.codeNotFound });

export const messageByCodeQuery = z.object({ code: queryCode });
export const rateMessageBody = z.object({
  QueryCode: queryCode,
  Rating: integerChoice(Object.values(MessageRating), messageBoardMessages.ratingInvalid),
});
export const publicMessageListQuery = pagingQuery.extend({ key: keyword });
export const publicMessageQuery = z.object({ id: idParam });

export const messageListQuery = pagingQuery.extend({
  /** 0 待受理, 1 办理中, 2 已答复, 3 不予受理. */
  state: optionalParam(integer(messages.badParameter, { min: 0, max: 3 })),
  categoryid: optionalParam(idParam),
  departmentid: optionalParam(idParam),
  /** 1: not answered by its due time (超期). */
  overdue: optionalParam(integer(messages.badParameter, { min: 0, max: 1 })),
  /** Received on or after / on or before, yyyy-MM-dd. */
  start: day,
  end: day,
  /** Part of the subject, the text, the name or the 查询码. */
  key: keyword,
});
export type MessageListQuery = z.infer<typeof messageListQuery>;

export const messageIdBody = z.object({ MessageId: idParam });
export const assignMessageBody = messageIdBody.extend({
  DepartmentId: integer(messageBoardMessages.departmentRequired, { min: 1 }),
  /** 0: the department as a whole. */
  HandlerId: integer(messages.badParameter, { min: 0 }).default(0),
});
export const transferMessageBody = assignMessageBody.extend({
  Reason: requiredText(messageBoardMessages.transferReasonRequired, '转办理由', messageLimits.reason),
});
export const declineMessageBody = messageIdBody.extend({
  Reason: requiredText(messageBoardMessages.reasonRequired, '不予受理理由', messageLimits.reason),
});
export const messageNoteBody = messageIdBody.extend({
  Text: requiredText(messageBoardMessages.noteRequired, '备注', messageLimits.note),
});
export const replyMessageBody = messageIdBody.extend({
  /** Rich text, sanitised on save. */
  Reply: requiredText(messageBoardMessages.replyRequired, '答复内容', messageLimits.reply),
});
export const publishMessageBody = messageIdBody.extend({
  Publish: booleanValue,
  /** The title shown in public; the asker's subject when blank. */
  PublicTitle: optionalText('公开标题', messageLimits.subject),
});

export const saveMessageCategoryBody = z.object({
  CategoryId: saveIdField,
  Name: requiredText('请输入类别名称', '类别名称', messageLimits.categoryName),
  DeadlineDays: integer(messageBoardMessages.deadlineInvalid, { min: 1, max: messageLimits.deadlineDays }).default(5),
  SortNumber: sortNumberField,
  Status: flagField(1),
});
export const saveMessageDepartmentBody = z.object({
  DepartmentId: saveIdField,
  Name: requiredText('请输入部门名称', '部门名称', messageLimits.departmentName),
  /** The admin told when a message of the department passes its deadline; 0 none. */
  SupervisorId: integer(messages.badParameter, { min: 0 }).default(0),
  HandlerIds: z.array(idParam, { error: messages.badParameter }).max(200, { error: messages.badParameter }).default([]),
});
/** What is left out keeps its value. */
export const saveMessageSettingsBody = z.object({
  RequireName: booleanValue.optional(),
  Contact: z.enum(messageContactRules, { error: messageBoardMessages.contactRuleInvalid }).optional(),
  /** Warn the handler this many hours before the due time (0 to 720). */
  WarnHours: integer(messageBoardMessages.warnHoursInvalid, { min: 0, max: 720 }).optional(),
  /** 答复须经审核: the menu whose 审核流程 (栏目管理) reviews replies; 0 sends replies out when saved. */
  ReplyReviewMenuId: integer(messages.badParameter, { min: 0 }).optional(),
});
export type SaveMessageSettingsBody = z.infer<typeof saveMessageSettingsBody>;

export const messageStatisticsQuery = z.object({ start: month, end: month });
export type MessageStatisticsQuery = z.infer<typeof messageStatisticsQuery>;

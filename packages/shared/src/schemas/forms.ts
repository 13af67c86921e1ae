import { z } from 'zod';
import { messages, systemMessages } from '../messages/index.js';
import {
  booleanValue,
  boolField,
  idParam,
  integer,
  integerOr,
  isCstTime,
  optionalParam,
  optionalText,
  pagingQuery,
  requiredText,
  saveIdField,
} from './common.js';
import { privacyVersionField } from './privacy.js';
export type {
  FormDto,
  FormDetailDto,
  FormFieldDto,
  PublicFormDto,
  FormSummaryDto,
  FormQuestionSummaryDto,
  FormTextAnswerDto,
  FormResponseDto,
  MyFormResponseDto,
} from '../dto/forms.js';

/**
 * 表单与问卷, 投票 (docs/api.md, "Forms, surveys and votes"). A form is its settings and a
 * definition: the ordered list of its fields, stored as one JSON document and checked here on
 * every save, so the back office's builder, the public page and the server read one shape.
 * A vote is a form of kind 'vote' with one choice question.
 *
 * Times are CST `yyyy-MM-dd HH:mm:ss`; the window includes its start and excludes its end.
 */

export const formMessages = {
  notFound: '表单不存在或已删除',
  titleRequired: '请输入表单标题',
  kindInvalid: '表单类型只能是form（表单）、survey（问卷）或vote（投票）',
  audienceInvalid: '填写范围只能是public（所有人）、members（会员）、levels（指定会员等级）或standing（会籍有效的会员）',
  levelsRequired: '请选择可填写的会员等级',
  levelUnknown: '所选会员等级不存在',
  timeInvalid: '时间格式应为yyyy-MM-dd HH:mm:ss',
  closeBeforeOpen: '截止时间应晚于开始时间',
  limitInvalid: '回收上限应为0-10000000的整数（0为不限）',
  resultsVisibleInvalid: '投票结果公开方式只能是during（投票期间可见）或after（结束后可见）',
  fieldsTooMany: '表单最多200个字段',
  fieldsRequired: '请至少添加一个题目',
  keyInvalid: '字段标识应以字母开头，由字母、数字或-组成，不超过32个字符',
  keyRepeated: (label: string) => `「${label}」的字段标识与其他题目重复`,
  typeInvalid: '题型不存在',
  labelRequired: '请输入题目',
  optionsRequired: (label: string) => `「${label}」至少需要两个选项`,
  optionsRepeated: (label: string) => `「${label}」的选项不能重复`,
  optionInvalid: '选项不能为空且不超过100个字',
  picksInvalid: (label: string) => `「${label}」的最少、最多可选项数应在选项数以内，且最少不多于最多`,
  lengthInvalid: (label: string) => `「${label}」的最短长度不能大于最长长度`,
  rangeInvalid: (label: string) => `「${label}」的最小值不能大于最大值`,
  patternInvalid: (label: string) => `「${label}」的格式规则不是有效的正则表达式`,
  scaleInvalid: '评分只能是5分制或10分制',
  matrixInvalid: (label: string) => `「${label}」需要至少一行和两个以上不重复的列`,
  acceptInvalid: '附件类型只能是image（图片）、document（文档）或any（不限）',
  conditionInvalid: (label: string) => `「${label}」的显示条件应指向前面某道单选、多选或下拉题的一个选项`,
  voteShape: '投票应有且只有一道单选或多选题',
  fieldInUse: (label: string) => `「${label}」已有人作答，不能删除或更改题型`,
  closed: '表单已关闭，不再接受提交',
  notYetOpen: (at: string) => `表单将于${at}开始接受提交`,
  ended: '表单已过截止时间，不再接受提交',
  full: '提交人数已满，表单不再接受提交',
  membersOnly: '该表单仅限会员填写，请先登录',
  notInAudience: '您的会员等级不在该表单的填写范围内',
  lapsed: '该表单仅限会籍有效的会员填写',
  alreadyResponded: '您已提交过该表单，每位会员限提交一次',
  captchaRequired: '请输入验证码',
  required: (label: string) => `请填写「${label}」`,
  choiceNotOffered: (label: string) => `「${label}」的所选项不在选项中`,
  tooFewPicks: (label: string, n: number) => `「${label}」至少选择${n}项`,
  tooManyPicks: (label: string, n: number) => `「${label}」最多选择${n}项`,
  tooShort: (label: string, n: number) => `「${label}」至少${n}个字`,
  tooLong: (label: string, n: number) => `「${label}」不能超过${n}个字`,
  notNumber: (label: string) => `「${label}」应为数字`,
  belowMin: (label: string, n: number) => `「${label}」不能小于${n}`,
  aboveMax: (label: string, n: number) => `「${label}」不能大于${n}`,
  notDate: (label: string) => `「${label}」应为yyyy-MM-dd格式的日期`,
  notRating: (label: string, scale: number) => `「${label}」应为1-${scale}的整数`,
  badPattern: (label: string) => `「${label}」格式不正确`,
  badPhone: (label: string) => `「${label}」应为正确的手机或固定电话号码`,
  badEmail: (label: string) => `「${label}」应为正确的电子邮箱`,
  badRegion: (label: string) => `「${label}」应选择省份和城市`,
  badMatrix: (label: string) => `「${label}」的行或选项不在题目中`,
  fileMissing: (label: string) => `「${label}」的附件不存在或已被使用，请重新上传`,
  fileType: '附件仅支持图片（jpg、png、gif、webp）、办公文档、pdf、txt和压缩包（zip、rar）',
  fileKind: (label: string) => `「${label}」的附件类型不符合要求`,
  unknownField: '提交的内容含有表单中没有的题目',
  resultsHidden: '结果暂未公开',
  responseNotFound: '提交记录不存在',
  fileLinkInvalid: '附件链接无效或已过期',
  copied: '已复制表单',
} as const;

export const formKinds = ['form', 'survey', 'vote'] as const;
export type FormKind = (typeof formKinds)[number];
export const formKindNames: Record<FormKind, string> = { form: '表单', survey: '问卷', vote: '投票' };

/** Who may answer: anyone (each with the captcha), members, members of chosen levels, members in good standing. */
export const formAudiences = ['public', 'members', 'levels', 'standing'] as const;
export type FormAudience = (typeof formAudiences)[number];

/** Field types, in the builder's order. 'section' and 'description' are headings and text: never answered. */
export const formFieldTypes = [
  'text',
  'textarea',
  'number',
  'date',
  'radio',
  'checkbox',
  'select',
  'rating',
  'matrix',
  'region',
  'phone',
  'email',
  'file',
  'section',
  'description',
] as const;
export type FormFieldType = (typeof formFieldTypes)[number];
export const formFieldTypeNames: Record<FormFieldType, string> = {
  text: '单行文本',
  textarea: '多行文本',
  number: '数字',
  date: '日期',
  radio: '单选',
  checkbox: '多选',
  select: '下拉选择',
  rating: '评分',
  matrix: '矩阵量表',
  region: '省市',
  phone: '电话',
  email: '电子邮箱',
  file: '附件',
  section: '分节标题',
  description: '说明文字',
};

/** Types whose answer is one or more of the field's Options, and which a condition may name. */
export const choiceFieldTypes: readonly FormFieldType[] = ['radio', 'checkbox', 'select'];
/** Types listed as text in the results (searched and paged, not counted). */
export const textFieldTypes: readonly FormFieldType[] = ['text', 'textarea', 'phone', 'email'];
export const isAnswered = (type: FormFieldType) => type !== 'section' && type !== 'description';

/** Longest text answers when the field sets no MaxLength. */
export const formTextLimits = { text: 200, textarea: 2000 } as const;

/** The file answers a field takes, by extension of the uploaded name (the upload itself is checked by UploadFormFile). */
export const formFileAccepts = {
  image: ['jpg', 'jpeg', 'png', 'gif', 'webp'],
  document: ['doc', 'docx', 'xls', 'xlsx', 'ppt', 'pptx', 'pdf', 'txt', 'zip', 'rar'],
};

const FIELD_KEY = /^[A-Za-z][A-Za-z0-9-]{0,31}$/;
const option = z
  .string({ error: formMessages.optionInvalid })
  .trim()
  .min(1, { error: formMessages.optionInvalid })
  .max(100, { error: formMessages.optionInvalid });
const options = z.array(option, { error: messages.badParameter }).max(50, { error: messages.badParameter }).default([]);
const count = (max: number) => integerOr(0, messages.badParameter, { min: 0, max });
const limit = z.preprocess((v) => (v === '' ? null : v), z.number({ error: messages.badParameter }).finite().nullable().default(null));

/** One field of a definition. Settings a type does not use are kept as sent and ignored. */
export const formField = z.object({
  /** Names the field in answers, conditions and exports; kept when the field is edited or moved. */
  Key: z.string({ error: formMessages.keyInvalid }).regex(FIELD_KEY, { error: formMessages.keyInvalid }),
  Type: z.enum(formFieldTypes, { error: formMessages.typeInvalid }),
  Label: requiredText(formMessages.labelRequired, '题目', 200),
  Help: optionalText('填写说明', 500),
  Required: boolField,
  /** radio, checkbox, select. */
  Options: options,
  /** checkbox: 0 no bound. */
  MinPicks: count(50),
  MaxPicks: count(50),
  /** text, textarea: 0 no bound (then formTextLimits). */
  MinLength: count(formTextLimits.textarea),
  MaxLength: count(formTextLimits.textarea),
  /** number: null no bound. */
  Min: limit,
  Max: limit,
  /** text: a regular expression the whole answer must match; '' none. */
  Pattern: optionalText('格式规则', 200),
  /** rating: 5 or 10 points. */
  Scale: integerOr(5, formMessages.scaleInvalid, { min: 5, max: 10 }).refine((s) => s === 5 || s === 10, { error: formMessages.scaleInvalid }),
  /** matrix: its rows, each answered on the scale of Columns. */
  Rows: options,
  Columns: options,
  /** file. */
  Accept: z.enum(['image', 'document', 'any'], { error: formMessages.acceptInvalid }).default('any'),
  /** Shown only when the earlier choice field `Field` has `Option` picked; null always shown. */
  ShowWhen: z
    .object({ Field: z.string({ error: messages.badParameter }), Option: z.string({ error: messages.badParameter }) })
    .nullable()
    .default(null),
});
export type FormField = z.infer<typeof formField>;

const distinct = (values: readonly string[]) => new Set(values).size === values.length;

function compiles(pattern: string): boolean {
  try {
    new RegExp(pattern, 'u');
    return true;
  } catch {
    return false;
  }
}

/** The first thing wrong with one field's own settings, or null. */
function fieldProblem(f: FormField): string | null {
  if (choiceFieldTypes.includes(f.Type)) {
    if (f.Options.length < 2) return formMessages.optionsRequired(f.Label);
    if (!distinct(f.Options)) return formMessages.optionsRepeated(f.Label);
  }
  if (f.Type === 'checkbox' && (f.MaxPicks > f.Options.length || f.MinPicks > f.Options.length || (f.MaxPicks > 0 && f.MinPicks > f.MaxPicks)))
    return formMessages.picksInvalid(f.Label);
  if ((f.Type === 'text' || f.Type === 'textarea') && f.MaxLength > 0 && f.MinLength > f.MaxLength) return formMessages.lengthInvalid(f.Label);
  if (f.Type === 'number' && f.Min !== null && f.Max !== null && f.Min > f.Max) return formMessages.rangeInvalid(f.Label);
  if (f.Type === 'text' && f.Pattern && !compiles(f.Pattern)) return formMessages.patternInvalid(f.Label);
  if (f.Type === 'matrix' && (f.Rows.length < 1 || f.Columns.length < 2 || !distinct(f.Rows) || !distinct(f.Columns)))
    return formMessages.matrixInvalid(f.Label);
  return null;
}

/**
 * The first thing wrong with a definition as a whole, or null: a field's own settings, keys
 * used twice, a condition that names no earlier choice field's option, a vote that is not one
 * choice question.
 */
export function definitionProblem(kind: FormKind, fields: readonly FormField[]): string | null {
  const seen = new Map<string, FormField>();
  for (const f of fields) {
    if (seen.has(f.Key)) return formMessages.keyRepeated(f.Label);
    const own = fieldProblem(f);
    if (own) return own;
    if (f.ShowWhen) {
      const on = seen.get(f.ShowWhen.Field);
      if (!on || !choiceFieldTypes.includes(on.Type) || !on.Options.includes(f.ShowWhen.Option)) return formMessages.conditionInvalid(f.Label);
    }
    seen.set(f.Key, f);
  }
  if (!fields.some((f) => isAnswered(f.Type))) return formMessages.fieldsRequired;
  if (kind === 'vote') {
    const questions = fields.filter((f) => isAnswered(f.Type));
    if (questions.length !== 1 || (questions[0]!.Type !== 'radio' && questions[0]!.Type !== 'checkbox')) return formMessages.voteShape;
  }
  return null;
}

const optionalTime = z
  .preprocess((v) => (v === null || v === undefined ? '' : v), z.string({ error: formMessages.timeInvalid }).trim())
  .refine((t) => t === '' || isCstTime(t), { error: formMessages.timeInvalid });

/**
 * SaveForm: Id 0 creates (closed, to be opened with SetFormStatus), > 0 edits; a field left out
 * keeps its stored value. Fields: the definition, in the order shown. Once a form has
 * responses, a field with answers can be neither removed nor given another type.
 */
export const saveFormBody = z
  .object({
    Id: saveIdField,
    Title: requiredText(formMessages.titleRequired, '表单标题', 200),
    Description: optionalText('表单说明', 2000),
    Kind: z.enum(formKinds, { error: formMessages.kindInvalid }).default('form'),
    Audience: z.enum(formAudiences, { error: formMessages.audienceInvalid }).default('public'),
    /** Audience 'levels': member levels (type list 2) that may answer. */
    Levels: z.array(idParam, { error: messages.badParameter }).max(100, { error: messages.badParameter }).default([]),
    /** '' no bound. */
    OpenTime: optionalTime,
    CloseTime: optionalTime,
    /** Member audiences: one response per member (a public form is answered per visitor, with the captcha and the per-address limit). */
    OncePerMember: booleanValue.default(true),
    /** The answer is stored without who gave it (member, address). */
    Anonymous: boolField,
    /** Responses taken at most; 0 no limit. */
    ResponseLimit: integerOr(0, formMessages.limitInvalid, { min: 0, max: 10_000_000 }),
    /** After closing, GetFormResults shows the summary to anyone who may open the form. */
    PublishSummary: boolField,
    /** Votes: results visible 'during' the vote or only 'after' it closes. */
    ResultsVisible: z.enum(['during', 'after'], { error: formMessages.resultsVisibleInvalid }).default('after'),
    Fields: z.array(formField, { error: formMessages.fieldsRequired }).max(200, { error: formMessages.fieldsTooMany }).default([]),
  })
  .superRefine((b, ctx) => {
    const problem =
      (b.Audience === 'levels' && b.Levels.length === 0 && formMessages.levelsRequired) ||
      (b.OpenTime && b.CloseTime && b.CloseTime <= b.OpenTime && formMessages.closeBeforeOpen) ||
      definitionProblem(b.Kind, b.Fields);
    if (problem) ctx.addIssue({ code: 'custom', message: problem, path: ['Fields'] });
  });
export type SaveFormBody = z.infer<typeof saveFormBody>;

/** GetFormList: part of the title, the kind, open (1) or closed (0). */
export const formListQuery = pagingQuery.extend({
  title: z.string().trim().max(50, { error: messages.keywordTooLong }).optional(),
  kind: optionalParam(z.enum(formKinds, { error: formMessages.kindInvalid })),
  status: optionalParam(integer(systemMessages.statusInvalid, { min: 0, max: 1 })),
});
export type FormListQuery = z.infer<typeof formListQuery>;

export const formIdQuery = z.object({ formid: idParam });
export const formIdBody = z.object({ Id: idParam });
export const formIdsBody = z.object({ Ids: z.array(idParam, { error: messages.badParameter }).min(1, { error: messages.badParameter }).max(100) });
/** SetFormStatus: 1 open (reopen), 0 closed. */
export const formStatusBody = z.object({ Id: idParam, Status: integer(systemMessages.statusInvalid, { min: 0, max: 1 }) });

const day = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: messages.badParameter });

/** The results' filters: the respondent's member level and region (named responses only), the day submitted. */
export const formFilterQuery = z.object({
  formid: idParam,
  level: optionalParam(idParam),
  region: optionalParam(z.string().trim().max(50, { error: messages.keywordTooLong })),
  start: optionalParam(day),
  end: optionalParam(day),
});
export type FormFilter = z.infer<typeof formFilterQuery>;

/** GetFormTexts: one text question's answers, newest first, with part of the text. */
export const formTextsQuery = formFilterQuery.extend(pagingQuery.shape).extend({
  field: z.string({ error: messages.badParameter }).regex(FIELD_KEY, { error: messages.badParameter }),
  key: optionalParam(z.string().trim().max(50, { error: messages.keywordTooLong })),
});
export type FormTextsQuery = z.infer<typeof formTextsQuery>;

export const formResponseListQuery = formFilterQuery.extend(pagingQuery.shape);
export type FormResponseListQuery = z.infer<typeof formResponseListQuery>;

/**
 * SubmitForm: Answers by field key. Visitors (public forms without a member session) send the
 * captcha of GetFormCaptcha: its answer and the ticket.
 */
/** Answers by field key, as SubmitForm and an activity's sign-up (its sign-up form) send them; checked by checkAnswers. */
export const formAnswersField = z.record(z.string(), z.unknown(), { error: messages.badParameter }).default({});

export const submitFormBody = z.object({
  FormId: idParam,
  Answers: formAnswersField,
  Captcha: z.string({ error: messages.badParameter }).trim().max(10).default(''),
  CaptchaTicket: z.string({ error: messages.badParameter }).trim().max(100).default(''),
  /** The privacy policy version the respondent agreed to (GetPrivacyPolicy's Version). */
  PrivacyVersion: privacyVersionField,
});
export type SubmitFormBody = z.infer<typeof submitFormBody>;

export const formFileQuery = z.object({ token: z.string({ error: messages.badParameter }).max(100, { error: messages.badParameter }) });

/** GetFormResponse: one response by its id. */
export const formResponseQuery = z.object({ responseid: idParam });

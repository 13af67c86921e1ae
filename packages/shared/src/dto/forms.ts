import { z } from 'zod';

/** A field of a form's definition, as saved (SaveForm's Fields). */
export const formFieldDto = z
  .object({
    Key: z.string(),
    Type: z.string(),
    Label: z.string(),
    Help: z.string(),
    Required: z.boolean(),
    Options: z.array(z.string()),
    MinPicks: z.int(),
    MaxPicks: z.int(),
    MinLength: z.int(),
    MaxLength: z.int(),
    Min: z.number().nullable(),
    Max: z.number().nullable(),
    Pattern: z.string(),
    Scale: z.int(),
    Rows: z.array(z.string()),
    Columns: z.array(z.string()),
    Accept: z.string(),
    ShowWhen: z.object({ Field: z.string(), Option: z.string() }).nullable(),
  })
  .meta({ id: 'FormFieldDto' });
export type FormFieldDto = z.infer<typeof formFieldDto>;

/** A form's settings and where it stands (GetFormList). */
const formShape = {
  Id: z.int(),
  Title: z.string(),
  Description: z.string(),
  /** form 表单, survey 问卷, vote 投票. */
  Kind: z.string(),
  /** public, members, levels, standing. */
  Audience: z.string(),
  Levels: z.array(z.int()),
  OpenTime: z.string(),
  CloseTime: z.string(),
  OncePerMember: z.boolean(),
  Anonymous: z.boolean(),
  ResponseLimit: z.int(),
  PublishSummary: z.boolean(),
  ResultsVisible: z.string(),
  /** 1 open, 0 closed (by staff); the window may still keep an open form from taking answers. */
  Status: z.int(),
  /** Whether a response would be taken now: open, within its window, under its limit. */
  Accepting: z.boolean(),
  ResponseCount: z.int(),
  /** Raised by each save that changes the fields; a response records the version it answered. */
  Version: z.int(),
  CreateTime: z.string(),
  UpdateTime: z.string(),
};
export const formDto = z.object(formShape).meta({ id: 'FormDto' });
export type FormDto = z.infer<typeof formDto>;

/** GetForm (back office): the settings, the fields, and the keys of the fields that have answers (not removable, type fixed). */
export const formDetailDto = z.object({ ...formShape, Fields: z.array(formFieldDto), AnsweredFields: z.array(z.string()) }).meta({ id: 'FormDetailDto' });
export type FormDetailDto = z.infer<typeof formDetailDto>;

/** GetPublicForm: what the public page draws, and whether this visitor or member may answer now (Refusal says why not). */
export const publicFormDto = z
  .object({
    Id: z.int(),
    Title: z.string(),
    Description: z.string(),
    Kind: z.string(),
    Audience: z.string(),
    OpenTime: z.string(),
    CloseTime: z.string(),
    Anonymous: z.boolean(),
    /** A visitor must send GetFormCaptcha's answer with SubmitForm. */
    NeedsCaptcha: z.boolean(),
    Accepting: z.boolean(),
    /** '' when this caller may answer now; otherwise the message SubmitForm would answer. */
    Refusal: z.string(),
    /** Whether GetFormResults shows the results to this caller now. */
    ResultsOpen: z.boolean(),
    Fields: z.array(formFieldDto),
  })
  .meta({ id: 'PublicFormDto' });
export type PublicFormDto = z.infer<typeof publicFormDto>;

const optionCount = z.object({
  Option: z.string(),
  Count: z.int(),
  /** Of the responses that answered the question, 0-100 to one decimal. */ Percent: z.number(),
});

/** One question's results. */
export const formQuestionSummaryDto = z
  .object({
    Key: z.string(),
    Label: z.string(),
    Type: z.string(),
    /** Responses that answered it. */
    Answered: z.int(),
    /** radio, checkbox, select, rating (1 to its scale): each option's count. */
    Options: z.array(optionCount),
    /** rating and number; null without answers or for other types. */
    Average: z.number().nullable(),
    /** matrix: each row's counts on the scale. */
    Matrix: z.array(z.object({ Row: z.string(), Options: z.array(optionCount) })),
  })
  .meta({ id: 'FormQuestionSummaryDto' });
export type FormQuestionSummaryDto = z.infer<typeof formQuestionSummaryDto>;

export const formSummaryDto = z
  .object({ FormId: z.int(), Title: z.string(), Kind: z.string(), Responses: z.int(), Questions: z.array(formQuestionSummaryDto) })
  .meta({ id: 'FormSummaryDto' });
export type FormSummaryDto = z.infer<typeof formSummaryDto>;

/** One free-text answer (GetFormTexts). */
export const formTextAnswerDto = z.object({ ResponseId: z.int(), Text: z.string(), CreateTime: z.string() }).meta({ id: 'FormTextAnswerDto' });
export type FormTextAnswerDto = z.infer<typeof formTextAnswerDto>;

/** One response as staff see it; MemberId 0 and names '' for a visitor's or an anonymous one. */
export const formResponseDto = z
  .object({
    ResponseId: z.int(),
    FormId: z.int(),
    FormVersion: z.int(),
    MemberId: z.int(),
    MemberName: z.string(),
    MemberLevelId: z.int(),
    Region: z.string(),
    /** The sender's address ('' for anonymous forms). */
    Ip: z.string(),
    CreateTime: z.string(),
    /** By field key: text, number, picked options, a matrix's column by row, { Province, City }, or a file's stored path. */
    Answers: z.record(z.string(), z.unknown()),
  })
  .meta({ id: 'FormResponseDto' });
export type FormResponseDto = z.infer<typeof formResponseDto>;

/** A member's own past response (anonymous ones are stored without the member, so never listed). */
export const myFormResponseDto = z
  .object({ ResponseId: z.int(), FormId: z.int(), FormTitle: z.string(), Kind: z.string(), CreateTime: z.string(), Answers: z.record(z.string(), z.unknown()) })
  .meta({ id: 'MyFormResponseDto' });
export type MyFormResponseDto = z.infer<typeof myFormResponseDto>;

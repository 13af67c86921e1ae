import { z } from 'zod';

/** 在线留言's answers (features/messages). */

export const messageCategoryDto = z
  .object({ Id: z.int(), Name: z.string(), DeadlineDays: z.int(), SortNumber: z.int(), Status: z.int() })
  .meta({ id: 'MessageCategoryDto' });
export type MessageCategoryDto = z.infer<typeof messageCategoryDto>;

/** What the ask page needs: the categories open to it and what the site requires. */
export const messageOptionsDto = z
  .object({
    Categories: z.array(messageCategoryDto),
    RequireName: z.boolean(),
    /** phone, email, either, both. */
    Contact: z.string(),
  })
  .meta({ id: 'MessageOptionsDto' });
export type MessageOptionsDto = z.infer<typeof messageOptionsDto>;

export const messageSettingsDto = z
  .object({
    RequireName: z.boolean(),
    Contact: z.string(),
    WarnHours: z.int(),
    /** 答复须经审核: the menu whose 审核流程 reviews replies (0: replies are out when saved). */
    ReplyReviewMenuId: z.int(),
  })
  .meta({ id: 'MessageSettingsDto' });
export type MessageSettingsDto = z.infer<typeof messageSettingsDto>;

/** What the asker sees by 查询码 (and a member in the member area): never internal notes or who handles it. */
export const askerMessageDto = z
  .object({
    QueryCode: z.string(),
    CategoryName: z.string(),
    Subject: z.string(),
    Content: z.string(),
    /** 0 待受理, 1 办理中, 2 已答复, 3 不予受理. */
    State: z.int(),
    StateName: z.string(),
    /** The reason when 不予受理. */
    DeclineReason: z.string(),
    /** The reply once it is out (HTML); '' before. */
    Reply: z.string(),
    ReplyTime: z.string(),
    /** 0 not rated, 1 满意, 2 基本满意, 3 不满意. */
    Rating: z.int(),
    CreateTime: z.string(),
  })
  .meta({ id: 'AskerMessageDto' });
export type AskerMessageDto = z.infer<typeof askerMessageDto>;

/** A published question and answer: the asker's name masked (张**), no contact, no attachment. */
export const publicMessageDto = z
  .object({
    Id: z.int(),
    CategoryName: z.string(),
    Title: z.string(),
    Content: z.string(),
    AskerName: z.string(),
    Reply: z.string(),
    DepartmentName: z.string(),
    CreateTime: z.string(),
    ReplyTime: z.string(),
  })
  .meta({ id: 'PublicMessageDto' });
export type PublicMessageDto = z.infer<typeof publicMessageDto>;

/** A row of the back-office queue. */
export const messageListItemDto = z
  .object({
    Id: z.int(),
    QueryCode: z.string(),
    CategoryId: z.int(),
    CategoryName: z.string(),
    Subject: z.string(),
    Name: z.string(),
    State: z.int(),
    StateName: z.string(),
    DepartmentId: z.int(),
    DepartmentName: z.string(),
    HandlerId: z.int(),
    HandlerName: z.string(),
    /** From the suggestion box (SavePropose) rather than the 在线留言 page. */
    FromSuggestionBox: z.boolean(),
    DueTime: z.string(),
    /** Not answered by its due time. */
    Overdue: z.boolean(),
    /** Open, not yet overdue, and due within 留言设置's WarnHours (即将到期), by the server's clock. */
    DueSoon: z.boolean(),
    Published: z.boolean(),
    CreateTime: z.string(),
    ReplyTime: z.string(),
  })
  .meta({ id: 'MessageListItemDto' });
export type MessageListItemDto = z.infer<typeof messageListItemDto>;

export const messageNoteDto = z
  .object({
    /** note 内部备注, assign 分派, transfer 转办, decline 不予受理, reply 答复, review 答复审核, publish 公开, withdraw 撤回公开. */
    Kind: z.string(),
    Text: z.string(),
    AdminAccount: z.string(),
    CreateTime: z.string(),
  })
  .meta({ id: 'MessageNoteDto' });

/** One message as staff handle it: everything the asker gave, the history with the internal notes. */
export const messageDetailDto = messageListItemDto
  .extend({
    Content: z.string(),
    /** The subject and text with the listed sensitive words marked (as 投稿审核 marks them). */
    MarkedSubject: z.string(),
    MarkedContent: z.string(),
    SensitiveWords: z.array(z.object({ Word: z.string(), Count: z.int() })),
    Phone: z.string(),
    Email: z.string(),
    MemberId: z.int(),
    HasAttachment: z.boolean(),
    AttachmentName: z.string(),
    MayPublish: z.boolean(),
    PublicTitle: z.string(),
    DeclineReason: z.string(),
    Reply: z.string(),
    RepliedBy: z.string(),
    Rating: z.int(),
    /** The latest review of a reply (答复须经审核), null when none was reviewed: the reply it holds, where it stands, the last opinion. */
    ReplyReview: z
      .object({
        ReviewId: z.int(),
        State: z.int(),
        StepName: z.string(),
        Reply: z.string(),
        /** The reviewer's decision: the last opinion given (a rejection's reason). */
        Opinion: z.string(),
      })
      .nullable(),
    Notes: z.array(messageNoteDto),
  })
  .meta({ id: 'MessageDetailDto' });
export type MessageDetailDto = z.infer<typeof messageDetailDto>;

export const messageDepartmentDto = z
  .object({
    Id: z.int(),
    Name: z.string(),
    SupervisorId: z.int(),
    SupervisorName: z.string(),
    Handlers: z.array(z.object({ AdminId: z.int(), Name: z.string() })),
  })
  .meta({ id: 'MessageDepartmentDto' });
export type MessageDepartmentDto = z.infer<typeof messageDepartmentDto>;

/** An enabled admin a department may name as handler or supervisor: 姓名（账号）, or the account alone. */
export const messageStaffOptionDto = z.object({ AdminId: z.int(), Name: z.string() }).meta({ id: 'MessageStaffOptionDto' });
export type MessageStaffOptionDto = z.infer<typeof messageStaffOptionDto>;

const figures = {
  Received: z.int(),
  Answered: z.int(),
  /** Received in the period and not answered by their due time (still open past it, or answered late). */
  Overdue: z.int(),
  /** Of the answers given in the period, in working days, one decimal; 0 with none. */
  AverageWorkingDays: z.number(),
};
export const messageFiguresDto = z.object({ Name: z.string(), ...figures }).meta({ id: 'MessageFiguresDto' });
export type MessageFiguresDto = z.infer<typeof messageFiguresDto>;

export const messageStatisticsDto = z
  .object({
    Start: z.string(),
    End: z.string(),
    Total: messageFiguresDto,
    /** One row a month, Name yyyy-MM. */
    Months: z.array(messageFiguresDto),
    ByCategory: z.array(messageFiguresDto),
    ByDepartment: z.array(messageFiguresDto),
  })
  .meta({ id: 'MessageStatisticsDto' });
export type MessageStatisticsDto = z.infer<typeof messageStatisticsDto>;

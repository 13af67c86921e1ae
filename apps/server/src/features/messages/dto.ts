import {
  formatCst,
  messageStateNames,
  type AskerMessageDto,
  type MessageCategoryDto,
  type MessageDepartmentDto,
  type MessageDetailDto,
  type MessageFiguresDto,
  type MessageListItemDto,
  type MessageStatisticsDto,
  type PublicMessageDto,
} from '@portal/shared';
import { replyReviewDto } from './reply-review.js';
import type { Selectable } from 'kysely';
import type { Database } from '../../db/connection.js';
import type { DB } from '../../db/schema.js';
import { markSensitiveText, sensitiveWordsIn } from '../sensitive-words/service.js';
import { originalName } from '../uploads/records.js';
import type { AskerMessage } from './asker.js';
import type { Category, Department } from './catalogue.js';
import type { PublishedMessage } from './publication.js';
import { isDueSoon, isOverdue, type QueueRow } from './queue.js';
import type { Figures, Statistics } from './statistics.js';

const stateName = (state: number) => messageStateNames[state as keyof typeof messageStateNames] ?? '';

export const toAskerDto = (m: AskerMessage): AskerMessageDto => ({
  QueryCode: m.queryCode,
  CategoryName: m.categoryName,
  Subject: m.subject,
  Content: m.content,
  State: m.state,
  StateName: stateName(m.state),
  DeclineReason: m.declineReason,
  Reply: m.reply,
  ReplyTime: m.repliedAt,
  Rating: m.rating,
  CreateTime: m.createdAt,
});

export const toPublicDto = (m: PublishedMessage): PublicMessageDto => ({
  Id: m.id,
  CategoryName: m.categoryName,
  Title: m.title,
  Content: m.content,
  AskerName: m.askerName,
  Reply: m.reply,
  DepartmentName: m.departmentName,
  CreateTime: m.createdAt,
  ReplyTime: m.repliedAt,
});

export const toCategoryDto = (c: Category): MessageCategoryDto => ({
  Id: c.id,
  Name: c.name,
  DeadlineDays: c.deadlineDays,
  SortNumber: c.sortNumber,
  Status: c.status,
});

export const toDepartmentDto = (d: Department): MessageDepartmentDto => ({
  Id: d.id,
  Name: d.name,
  SupervisorId: d.supervisorId,
  SupervisorName: d.supervisorName,
  Handlers: d.handlers.map((h) => ({ AdminId: h.adminId, Name: h.name })),
});

/** Where the list's due marks are read from: the server's clock and 留言设置's WarnHours. */
export interface DueClock {
  now: number;
  warnHours: number;
}

export const toListItemDto = (r: QueueRow, due: DueClock): MessageListItemDto => ({
  Id: r.id,
  QueryCode: r.query_code,
  CategoryId: r.category_id,
  CategoryName: r.category_name,
  Subject: r.subject,
  Name: r.asker_name,
  State: r.state,
  StateName: stateName(r.state),
  DepartmentId: r.department_id ?? 0,
  DepartmentName: r.department_name ?? '',
  HandlerId: r.handler_id ?? 0,
  HandlerName: r.handler_name || r.handler_account || '',
  FromSuggestionBox: r.origin === 'propose',
  DueTime: r.due_at,
  Overdue: isOverdue(r, formatCst(due.now)),
  DueSoon: isDueSoon(r, formatCst(due.now), formatCst(due.now + due.warnHours * 3_600_000)),
  Published: r.published === 1,
  CreateTime: r.created_at,
  ReplyTime: r.replied_at,
});

type Stored = Selectable<DB['messages']>;
type Note = { kind: string; text: string; admin_account: string; created_at: string };

/** One message as staff handle it, the sensitive words of its subject and text marked as 投稿审核 marks them. */
export async function toDetailDto(database: Database, r: QueueRow, m: Stored, notes: Note[], due: DueClock): Promise<MessageDetailDto> {
  // Plain texts both: read as two lines of one title (a word does not run across the break).
  const words = await sensitiveWordsIn(database, { title: `${m.subject}\n${m.content}`, html: '' });
  return {
    ...toListItemDto(r, due),
    Content: m.content,
    MarkedSubject: await markSensitiveText(database, m.subject),
    MarkedContent: await markSensitiveText(database, m.content),
    SensitiveWords: words.map((w) => ({ Word: w.word, Count: w.count })),
    Phone: m.phone,
    Email: m.email,
    MemberId: m.member_id ?? 0,
    HasAttachment: m.attachment !== '',
    AttachmentName: m.attachment ? await originalName(database, m.attachment) : '',
    MayPublish: m.may_publish === 1,
    PublicTitle: m.public_title,
    DeclineReason: m.decline_reason,
    Reply: m.reply,
    RepliedBy: m.replied_by,
    Rating: m.rating,
    ReplyReview: await replyReviewDto(database.db, m.id),
    Notes: notes.map((n) => ({ Kind: n.kind, Text: n.text, AdminAccount: n.admin_account, CreateTime: n.created_at })),
  };
}

const toFiguresDto = (f: Figures): MessageFiguresDto => ({
  Name: f.name,
  Received: f.received,
  Answered: f.answered,
  Overdue: f.overdue,
  AverageWorkingDays: f.averageWorkingDays,
});

export const toStatisticsDto = (s: Statistics): MessageStatisticsDto => ({
  Start: s.start,
  End: s.end,
  Total: toFiguresDto(s.total),
  Months: s.months.map(toFiguresDto),
  ByCategory: s.byCategory.map(toFiguresDto),
  ByDepartment: s.byDepartment.map(toFiguresDto),
});

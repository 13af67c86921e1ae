import type {
  ListDto,
  MessageCategoryDto,
  MessageDepartmentDto,
  MessageStaffOptionDto,
  MessageDetailDto,
  MessageListItemDto,
  MessageListQuery,
  MessageSettingsDto,
  MessageStatisticsDto,
  MessageStatisticsQuery,
  SaveMessageSettingsBody,
} from '@portal/shared';
import { call, download, exportList, get, post, type CallOptions } from './client';
import type { ListQuery } from './list-query';

/** 在线留言's back-office calls (/api/XfSysBussiness/, docs/api.md "在线留言"). */
const base = 'XfSysBussiness/';
const admin: CallOptions = { side: 'admin' };

export type MessageQuery = ListQuery<MessageListQuery>;

export interface SaveCategoryBody {
  CategoryId: number;
  Name: string;
  DeadlineDays: number;
  SortNumber: number;
  Status: number;
}

export interface SaveDepartmentBody {
  DepartmentId: number;
  Name: string;
  SupervisorId: number;
  HandlerIds: number[];
}

export interface RouteBody {
  MessageId: number;
  DepartmentId: number;
  /** 0: the department as a whole. */
  HandlerId: number;
}

export const messagesAdminApi = {
  list: (query: MessageQuery) => get<ListDto<MessageListItemDto>>(`${base}GetMessageList`, query, admin),
  detail: (id: number) => get<MessageDetailDto>(`${base}GetMessage/${id}`, undefined, admin),
  attachment: (id: number, name: string) => download(`/api/${base}GetMessageFile/${id}`, name, { side: 'admin' }),
  assign: (body: RouteBody) => post<null>(`${base}AssignMessage`, body, admin),
  transfer: (body: RouteBody & { Reason: string }) => post<null>(`${base}TransferMessage`, body, admin),
  decline: (MessageId: number, Reason: string) => post<null>(`${base}DeclineMessage`, { MessageId, Reason }, admin),
  note: (MessageId: number, Text: string) => post<null>(`${base}SaveMessageNote`, { MessageId, Text }, admin),
  /** Answers the server's message: 答复成功's 操作成功, or 答复已提交审核… when replies are reviewed. */
  reply: (MessageId: number, Reply: string) =>
    call<null>({ method: 'POST', url: `${base}ReplyMessage`, data: { MessageId, Reply } }, admin).then((r) => r.Message),
  publish: (MessageId: number, Publish: boolean, PublicTitle: string) => post<null>(`${base}PublishMessage`, { MessageId, Publish, PublicTitle }, admin),

  categories: () => get<MessageCategoryDto[]>(`${base}GetMessageCategoryList`, undefined, admin),
  saveCategory: (body: SaveCategoryBody) => post<null>(`${base}SaveMessageCategory`, body, admin),
  departments: () => get<MessageDepartmentDto[]>(`${base}GetMessageDepartmentList`, undefined, admin),
  staffOptions: () => get<MessageStaffOptionDto[]>(`${base}GetMessageStaffOptions`, undefined, admin),
  saveDepartment: (body: SaveDepartmentBody) => post<null>(`${base}SaveMessageDepartment`, body, admin),
  deleteDepartments: (Ids: number[]) => post<null>(`${base}DelMessageDepartment`, { Ids }, admin),
  settings: () => get<MessageSettingsDto>(`${base}GetMessageSettings`, undefined, admin),
  saveSettings: (body: SaveMessageSettingsBody) => post<null>(`${base}SaveMessageSettings`, body, admin),

  statistics: (query: MessageStatisticsQuery) => get<MessageStatisticsDto>(`${base}GetMessageStatistics`, query, admin),
  exportStatistics: (query: MessageStatisticsQuery) => exportList(`${base}ExportMessageStatistics`, '留言统计.xlsx', query),
};

import type {
  AdminNoticeListDto,
  DecideReviewBody,
  ListDto,
  MenuReviewFlowDto,
  ReviewDto,
  ReviewListItemDto,
  ReviewListQuery,
  ReviewSummaryDto,
  SaveMenuReviewFlowBody,
} from '@portal/shared';
import { call, exportList, get, post, type CallOptions } from './client';
import type { ListQuery } from './list-query';

/**
 * The review chain (三审) and its approval record (审批单) of packages/shared/src/schemas/review.ts,
 * under /api/XfSysBussiness/ with the admin token.
 */
const base = 'XfSysBussiness/';
const admin: CallOptions = { side: 'admin' };

/** GetReviewList: `mine` is 待我审核, `all` every review (审批记录), narrowed by state, article, menu or title. */
export type ReviewQuery = ListQuery<ReviewListQuery>;

export const reviewApi = {
  /** The steps that apply to a menu: its own, or an ancestor's (InheritedFrom). */
  menuFlow: (menuid: number) => get<MenuReviewFlowDto>(`${base}GetMenuReviewFlow`, { menuid }, admin),
  /** The menu's own steps, in order; [] to take its parent's again. */
  saveMenuFlow: (body: SaveMenuReviewFlowBody) => post<null>(`${base}SaveMenuReviewFlow`, body, admin),

  list: (query: ReviewQuery) => get<ListDto<ReviewListItemDto>>(`${base}GetReviewList`, query, admin),
  review: (id: number) => get<ReviewDto>(`${base}GetReview/${id}`, undefined, admin),
  /** Answers the server's words for the toast: 已通过，转终审 · 审核通过，已发布 · 已驳回. */
  decide: (body: DecideReviewBody) => call<null>({ method: 'POST', url: `${base}DecideReview`, data: body }, admin).then((r) => r.Message),
  /** The 审批单 as .xlsx. */
  exportReview: (id: number) => exportList(`${base}ExportReview/${id}`, `文章发布审批单-${id}.xlsx`, {}),

  /** For the workbench: how many wait for the caller, and the menus whose chain no one can move. */
  summary: () => get<ReviewSummaryDto>(`${base}GetReviewSummary`, undefined, admin),
  /**
   * The header's notices. Silent: the bell is on every page, polled; a refusal there (the server
   * restarting, a session ending) is not worth a toast on whatever page is open. A background
   * call: the poll is no sign that anyone is at the desk, so it does not keep the session alive.
   */
  notices: () => get<AdminNoticeListDto>(`${base}GetMyNotices`, undefined, { ...admin, silent: true, background: true }),
  /** One notice read, or all of them without an id. */
  readNotices: (NoticeId?: number) => post<null>(`${base}ReadNotices`, NoticeId ? { NoticeId } : {}, admin),
};

import type { LinkCheckDto, LinkFindingDto, LinkFindingsQuery, ListDto, SaveLinkFindingBody } from '@portal/shared';
import { exportList, get, post, type CallOptions } from './client';

/** 链接检查's back-office calls (/api/XfSysBussiness/, docs/inspection.md, "链接检查"). */
const base = 'XfSysBussiness/';
const admin: CallOptions = { side: 'admin' };

export const linkCheckApi = {
  /** Starts a run in the background; answers its id (409 while one runs). */
  start: () => post<number>(`${base}StartLinkCheck`, {}, admin),
  /** The latest run (its progress while running) and the one whose findings are listed; `background` for the page's polling. */
  summary: (background = false) => get<LinkCheckDto>(`${base}GetLinkCheck`, {}, { ...admin, background }),
  findings: (query: Partial<LinkFindingsQuery>) => get<ListDto<LinkFindingDto>>(`${base}GetLinkFindings`, query, admin),
  /** 标记已处理, 忽略 (with its reason) or back to 未处理; answers the finding as stored. */
  handle: (body: SaveLinkFindingBody) => post<LinkFindingDto>(`${base}SaveLinkFinding`, body, admin),
  exportFindings: (query: Partial<LinkFindingsQuery>, filename: string) => exportList(`${base}ExportLinkFindings`, filename, query),
};

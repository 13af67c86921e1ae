import type { HandleRightsRequestBody, ListDto, MyDataDto, RightsRequestDto, SaveRightsRequestBody } from '@portal/shared';
import { call, download, get, post, type CallOptions } from './client';
import type { PageState } from '../components/DataTable';

/** 个人信息权利 (features/rights, docs/privacy.md "Your data"): the member's copy and requests, and the back office's queue. */
const admin: CallOptions = { side: 'admin' };
const business = 'XfSysBussiness/';

export const rightsApi = {
  myData: () => get<MyDataDto>('XfWebApi/GetMyData'),
  /** Saves the copy as a file: a workbook, or JSON. */
  downloadMyData: (format: 'xlsx' | 'json') =>
    download('/api/XfWebApi/DownMyData', `我的个人信息-${new Date().toISOString().slice(0, 10)}.${format}`, { params: { format } }),
  myRequests: () => get<RightsRequestDto[]>('XfWebApi/GetMyRightsRequests'),
  /** Answers the server's words (请求已提交…). */
  ask: (body: SaveRightsRequestBody) => call<number>({ method: 'POST', url: 'XfWebApi/SaveRightsRequest', data: body }).then((r) => r.Message),
  list: (query: { status?: number } & PageState) => get<ListDto<RightsRequestDto>>(`${business}GetRightsRequestList`, query, admin),
  handle: (body: HandleRightsRequestBody) => post<null>(`${business}HandleRightsRequest`, body, admin),
};

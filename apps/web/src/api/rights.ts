import type {
  CertHolderSessionDto,
  HandleRightsRequestBody,
  ListDto,
  MyDataDto,
  RightsRequestDto,
  SaveRightsRequestBody,
  VerifyCertHolderBody,
} from '@portal/shared';
import { call, download, get, post, type CallOptions } from './client';
import type { PageState } from '../components/DataTable';

/** 个人信息权利 (features/rights, docs/privacy.md "Your data"): a person's copy and requests, and the back office's queue. */
const admin: CallOptions = { side: 'admin' };
const business = 'XfSysBussiness/';
const today = () => new Date().toISOString().slice(0, 10);

/** What 我的个人信息 asks of the server, for whoever the person is. */
export interface PersonRightsApi {
  /** Tells apart the cached answers of different people in one page (a member, a holder). */
  key: string;
  myData: () => Promise<MyDataDto>;
  /** Saves the copy as a file: a workbook, or JSON. */
  downloadMyData: (format: 'xlsx' | 'json') => Promise<void>;
  myRequests: () => Promise<RightsRequestDto[]>;
  /** Answers the server's words (请求已提交…). */
  ask: (body: SaveRightsRequestBody) => Promise<string>;
}

/** The names of one kind of person's calls (features/rights/member.ts). */
interface PersonCalls {
  data: string;
  download: string;
  requests: string;
  save: string;
}

function personRights(key: string, calls: PersonCalls, token: string | undefined): PersonRightsApi {
  const headers = token ? { token } : undefined;
  return {
    key,
    myData: () => call<MyDataDto>({ method: 'GET', url: `XfWebApi/${calls.data}`, headers }).then((r) => r.Data),
    downloadMyData: (format) => download(`/api/XfWebApi/${calls.download}`, `我的个人信息-${today()}.${format}`, { params: { format }, token }),
    myRequests: () => call<RightsRequestDto[]>({ method: 'GET', url: `XfWebApi/${calls.requests}`, headers }).then((r) => r.Data),
    ask: (body) => call<number>({ method: 'POST', url: `XfWebApi/${calls.save}`, data: body, headers }).then((r) => r.Message),
  };
}

/**
 * A member, or an applicant with the application token GetLoginToken handed out (`token`, sent
 * with each call instead of the stored session).
 */
export const memberRights = (token?: string) =>
  personRights(
    token ? 'applicant' : 'member',
    { data: 'GetMyData', download: 'DownMyData', requests: 'GetMyRightsRequests', save: 'SaveRightsRequest' },
    token,
  );

/** A certificate holder, with the token VerifyCertHolder answered. */
export const holderRights = (token: string) =>
  personRights(
    `holder:${token}`,
    { data: 'GetHolderData', download: 'DownHolderData', requests: 'GetHolderRightsRequests', save: 'SaveHolderRightsRequest' },
    token,
  );

export const rightsApi = {
  verifyHolder: (body: VerifyCertHolderBody) => post<CertHolderSessionDto>('XfWebApi/VerifyCertHolder', body),
  list: (query: { status?: number } & PageState) => get<ListDto<RightsRequestDto>>(`${business}GetRightsRequestList`, query, admin),
  handle: (body: HandleRightsRequestBody) => post<null>(`${business}HandleRightsRequest`, body, admin),
};

import type {
  DuesAccountDto,
  ListDto,
  MemberLevelTermsDto,
  MemberPaymentDto,
  MemberPaymentListQuery,
  MembershipDto,
  MembershipSummaryDto,
  SaveMemberLevelTermsBody,
  SaveDuesAccountBody,
  SaveMemberPaymentBody,
} from '@portal/shared';
import { call, exportList, fetchFile, get, post, type CallOptions } from './client';
import type { ListFilters, ListQuery } from './list-query';

/** The back office's membership calls (/api/XfSysBussiness/): level terms, dues and receipts, the workbench's summary. */
const base = 'XfSysBussiness/';
const admin: CallOptions = { side: 'admin' };

export type PaymentQuery = ListQuery<MemberPaymentListQuery>;
export type PaymentFilters = ListFilters<MemberPaymentListQuery>;

export const membershipAdminApi = {
  levelTerms: () => get<MemberLevelTermsDto[]>(`${base}GetMemberLevelTerms`, undefined, admin),
  saveLevelTerms: (body: SaveMemberLevelTermsBody) => post<null>(`${base}SaveMemberLevelTerms`, body, admin),
  /** 收款账户: where members pay dues, as 如何续费 and the reminders state it. */
  duesAccount: () => get<DuesAccountDto>(`${base}GetDuesAccount`, undefined, admin),
  saveDuesAccount: (body: SaveDuesAccountBody) => post<DuesAccountDto>(`${base}SaveDuesAccount`, body, admin),

  payments: (query: PaymentQuery) => get<ListDto<MemberPaymentDto>>(`${base}GetMemberPaymentList`, query, admin),
  exportPayments: (filters: PaymentFilters) => exportList(`${base}ExportMemberPaymentList`, '缴费记录.xlsx', filters),
  payment: (id: number) => get<MemberPaymentDto>(`${base}GetMemberPayment/${id}`, undefined, admin),
  /** Records dues; answers the payment and the server's words (已登记缴费，有效期至…). */
  savePayment: (body: SaveMemberPaymentBody) =>
    call<MemberPaymentDto>({ method: 'POST', url: `${base}SaveMemberPayment`, data: body }, admin).then((r) => ({ payment: r.Data, message: r.Message })),
  voidPayment: (PaymentId: number, Reason: string) => post<MemberPaymentDto>(`${base}VoidMemberPayment`, { PaymentId, Reason }, admin),
  /** Stores a voucher (jpg/png/pdf, multipart `file`); Data is its private path. A refusal is left to the caller to show. */
  uploadVoucher: (file: File) => {
    const form = new FormData();
    form.append('file', file);
    return call<string>({ method: 'POST', url: `${base}UploadMemberPaymentVoucher`, data: form }, { ...admin, silent: true }).then((r) => r.Data);
  },
  /** The voucher under its guarded address (the token travels in the header). */
  voucher: (id: number) => fetchFile(`/api/${base}GetMemberPaymentVoucher/${id}`, { side: 'admin' }),
  /** The 财务专用章 as an SVG image. */
  receiptSeal: () => fetchFile(`/api/${base}GetReceiptSeal`, { side: 'admin', silent: true }),

  membership: (memberId: number) => get<MembershipDto>(`${base}GetMembership/${memberId}`, undefined, admin),
  summary: (year?: number) => get<MembershipSummaryDto>(`${base}GetMembershipSummary`, { year }, admin),
};

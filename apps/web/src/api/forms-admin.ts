import type {
  FormDetailDto,
  FormDto,
  FormFilter,
  FormListQuery,
  FormResponseDto,
  FormSummaryDto,
  FormTextAnswerDto,
  ListDto,
  SaveFormBody,
} from '@portal/shared';
import type { PageState } from '../components/DataTable';
import { exportList, get, post, type CallOptions } from './client';
import type { ListQuery } from './list-query';

/** 表单与问卷 in the back office (docs/api.md, "Forms, surveys and votes"), sent with the admin token. */
const base = 'XfSysBussiness/';
const admin: CallOptions = { side: 'admin' };

export type FormQuery = ListQuery<FormListQuery>;
/** The results' filters (level, region, days submitted), each optional. */
export type FormResultFilters = Partial<Omit<FormFilter, 'formid'>>;

export const formsAdminApi = {
  list: (query: FormQuery) => get<ListDto<FormDto>>(`${base}GetFormList`, query, admin),
  detail: (formid: number) => get<FormDetailDto>(`${base}GetForm`, { formid }, admin),
  /** Every setting and the whole definition, so what is saved is what the builder shows. Data: the form's id. */
  save: (form: SaveFormBody) => post<number>(`${base}SaveForm`, form, admin),
  /** Data: the copy's id (closed, without responses). */
  copy: (Id: number) => post<number>(`${base}CopyForm`, { Id }, admin),
  /** Open (or reopen) and close. */
  setOpen: (Id: number, open: boolean) => post<null>(`${base}SetFormStatus`, { Id, Status: open ? 1 : 0 }, admin),
  remove: (Ids: number[]) => post<number>(`${base}DelForm`, { Ids }, admin),

  summary: (formid: number, filters: FormResultFilters) => get<FormSummaryDto>(`${base}GetFormSummary`, { formid, ...filters }, admin),
  texts: (query: { formid: number; field: string; key?: string } & FormResultFilters & PageState) =>
    get<ListDto<FormTextAnswerDto>>(`${base}GetFormTexts`, query, admin),
  responses: (query: { formid: number } & FormResultFilters & PageState) => get<ListDto<FormResponseDto>>(`${base}GetFormResponseList`, query, admin),
  response: (responseid: number) => get<FormResponseDto>(`${base}GetFormResponse`, { responseid }, admin),
  exportResponses: (formid: number, title: string, filters: FormResultFilters) =>
    exportList(`${base}ExportFormResponses`, `${title}-提交记录.xlsx`, { formid, ...filters }),
};

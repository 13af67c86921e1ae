import { type CertAdminDto, type CertListQuery, type CertModelDto, type CertView, type EditCertInfoBody, type ListDto } from '@portal/shared';
import { download, exportList, fetchFile, get, post, type CallOptions } from './client';
import { uploadSheet, type UploadProgress } from './imports';
import type { ListFilters, ListQuery } from './list-query';

/**
 * Back-office certificate calls (/api/XfSysBussiness/): the 证书列表 and 考试成绩 pages over the
 * same records. Every call names its page (`view`), whose permissions the server checks.
 */
const base = 'XfSysBussiness/';
/** Files are fetched outside the /api/ base of the JSON calls. */
const files = `/api/${base}`;
const admin: CallOptions = { side: 'admin' };

/** The back-office search (GetCertList and ExportCerts). */
export type CertFilters = ListFilters<CertListQuery, 'view'>;
export type CertQuery = ListQuery<CertListQuery, 'view'>;

export const certificatesAdminApi = {
  list: (query: CertQuery) => get<ListDto<CertAdminDto>>(`${base}GetCertList`, query, admin),
  /** One record, ID number unmasked, with the address its QR code opens. */
  model: (CertId: number, view: CertView) => get<CertModelDto>(`${base}GetCertModel`, { CertId, view }, admin),
  /** `_certId` 0 adds a record; Data is its id. */
  save: (body: EditCertInfoBody) => post<number>(`${base}EditCertInfo`, body, admin),
  /** Marks records deleted (status -1); Data is how many. */
  remove: (Ids: number[], View: CertView) => post<number>(`${base}DelCerts`, { Ids, View }, admin),
  /** 1 正常 or 0 官网隐藏; Data is how many changed. */
  setStatus: (Ids: number[], Status: 0 | 1, View: CertView) => post<number>(`${base}EditCertStatus`, { Ids, Status, View }, admin),

  /** One certificate's PNG (证书列表 records only), to show or save. */
  image: (CertId: number) => fetchFile(`${files}GetCertImage`, { ...admin, params: { CertId } }),
  /** The selected certificates as one zip of PNGs. */
  downloadZip: (Ids: number[]) => download(`${files}DownCerts`, '证书.zip', { ...admin, params: { Ids: Ids.join(',') } }),
  template: () => download(`${files}GetCertTemplate`, '导入模板.xlsx', admin),
  /** The whole current search as .xlsx; a file that does not arrive is 导出地址获取错误 (spec §8). */
  exportSearch: (filters: CertFilters, filename: string) => exportList(`${base}ExportCerts`, filename, filters),

  /**
   * Uploads an .xlsx for import; `progress` follows the upload (0–1). Answers how many records
   * were imported. Silent: the caller shows the refusal, and a file with bad rows comes back as
   * an ApiError whose data is ImportErrors.
   */
  importFile: (file: File, view: CertView, progress: UploadProgress) =>
    uploadSheet<{ Imported: number }>(`${base}ImportCerts`, file, progress, { params: { view } }).then((r) => r.Data),
};

import { paging, type CertRecordDto, type CertSearchEntry, type ListDto } from '@portal/shared';
import { get } from './client';

/** The public certificate calls of spec §7 (/api/XfWebApi/GetCertList, DownCert). */
const base = 'XfWebApi/';

export const certificatesApi = {
  /** Errors are shown by the page in its empty state, so the call itself stays silent. */
  search: (q: CertSearchEntry, pageindex: number) =>
    get<ListDto<CertRecordDto>>(`${base}GetCertList`, { ...q, pageindex, pagesize: paging.defaultSize }, { silent: true }),
  /** With the member token and no Name: the certificates of the member's own company. */
  mine: (pageindex: number) => get<ListDto<CertRecordDto>>(`${base}GetCertList`, { pageindex, pagesize: paging.defaultSize }, { silent: true }),
  /**
   * Base64 PNG of a passed candidate's certificate. `_certId` of a listed record is its download
   * token, itself the proof DownCert asks for (docs/api.md): no ID number goes into the address.
   */
  image: (CertId: string) => get<string>(`${base}DownCert`, { CertId }),
};

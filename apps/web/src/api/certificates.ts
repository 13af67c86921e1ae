import { paging, type CertRecordDto, type CertSearchEntry, type ListDto } from '@portal/shared';
import { get } from './client';

/** The public certificate calls of spec §7 (/api/XfWebApi/GetCertList, DownCert). */
const base = 'XfWebApi/';

/**
 * What DownCert needs to hand a certificate over (docs/api.md): the holder's ID number as
 * searched, or the name and certificate number; a member's own company's certificates need
 * neither, the member token proves them.
 */
export type CertProof = { IdNum: string } | { Name: string; CertNum: string } | Record<string, never>;

export const certificatesApi = {
  /** Errors are shown by the page in its empty state, so the call itself stays silent. */
  search: (q: CertSearchEntry, pageindex: number) =>
    get<ListDto<CertRecordDto>>(`${base}GetCertList`, { ...q, pageindex, pagesize: paging.defaultSize }, { silent: true }),
  /** With the member token and no Name: the certificates of the member's own company. */
  mine: (pageindex: number) => get<ListDto<CertRecordDto>>(`${base}GetCertList`, { pageindex, pagesize: paging.defaultSize }, { silent: true }),
  /** Base64 PNG of a passed candidate's certificate. */
  image: (CertId: number, proof: CertProof) => get<string>(`${base}DownCert`, { CertId, ...proof }),
};

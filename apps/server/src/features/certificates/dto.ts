import type { CertAdminDto, CertModelDto, CertRecordDto } from '@portal/shared';
import type { CertRecord } from './records.js';

/**
 * An ID number as every answer shows it but to staff allowed to see it in full (toModelDto): an 18-character
 * number keeps its first 6 and last 4 characters (110101********1234); a shorter document
 * (passport, permit) keeps 2 and 2, or 1 and 1 when shorter than 8, so most of it is hidden.
 */
export function maskIdNumber(idNum: string): string {
  const chars = [...idNum];
  const [head, tail] = chars.length >= 14 ? [6, 4] : chars.length >= 8 ? [2, 2] : [1, 1];
  return chars.slice(0, head).join('') + '*'.repeat(Math.max(0, chars.length - head - tail)) + chars.slice(chars.length - tail).join('');
}

/** A record with the spec §3 names but its id; the ID number masked. */
const recordFields = (r: CertRecord): Omit<CertRecordDto, '_certId'> => ({
  _name: r.name,
  _idNum: maskIdNumber(r.idNum),
  _company: r.company,
  _examTime: r.examTime,
  _examStatus: r.examStatus,
  _certNum: r.certNum,
  _issueDate: r.issueDate,
  _remarks: r.remarks,
  _status: r.status,
});

/** A record as the public lookup answers it: its id the download token (download-token.ts). */
export const toRecordDto = (r: CertRecord, downloadToken: string): CertRecordDto => ({ _certId: downloadToken, ...recordFields(r) });

/** A record as the back office lists it: its id the record's number. */
export const toAdminDto = (r: CertRecord): CertAdminDto => ({
  _certId: r.id,
  ...recordFields(r),
  _idType: r.idType,
  _createTime: r.createdAt,
  _updateTime: r.updatedAt,
});

/**
 * The back office's one record: the ID number in the clear only for staff allowed to see it
 * (cert:idnum, audited by the caller), masked otherwise.
 */
export const toModelDto = (r: CertRecord, verifyUrl: string, { unmasked }: { unmasked: boolean }): CertModelDto => ({
  ...toAdminDto(r),
  _idNum: unmasked ? r.idNum : maskIdNumber(r.idNum),
  _verifyUrl: verifyUrl,
});

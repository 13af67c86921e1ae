import { z } from 'zod';
import { IdType } from '../id-numbers.js';
import type { CertAdminDto, CertModelDto, CertRecordDto } from '../schemas/certificates.js';
import { CertStatus, ExamStatus } from '../status.js';
import { codeOf, describes } from './common.js';

// The types stay in ../schemas/certificates.ts; these schemas must describe them exactly.

const certRecordShape = {
  _certId: z.string(),
  _name: z.string(),
  _idNum: z.string(),
  _company: z.string(),
  _examTime: z.string(),
  _examStatus: codeOf(ExamStatus),
  _certNum: z.string(),
  _issueDate: z.string(),
  _remarks: z.string(),
  _status: codeOf(CertStatus),
};
export const certRecordDto = describes<CertRecordDto>()(z.object(certRecordShape).meta({ id: 'CertRecordDto' }));

const certAdminShape = { ...certRecordShape, _certId: z.int(), _idType: codeOf(IdType), _createTime: z.string(), _updateTime: z.string() };
export const certAdminDto = describes<CertAdminDto>()(z.object(certAdminShape).meta({ id: 'CertAdminDto' }));

export const certModelDto = describes<CertModelDto>()(z.object({ ...certAdminShape, _verifyUrl: z.string() }).meta({ id: 'CertModelDto' }));

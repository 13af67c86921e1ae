import { z } from 'zod';
import { idNumberProblem, idTypes, isCalendarDate, isMaskedIdNumber, normaliseIdNumber, IdType } from '../id-numbers.js';
import { certMessages, messages, systemMessages } from '../messages/index.js';
import { idParam, integer, optionalParam, optionalText, pagingQuery, requiredText, saveIdField } from './common.js';
import { idsBody } from './members.js';
import { CertStatus, ExamStatus } from '../status.js';
import type { ListDto } from './content.js';

/**
 * Certificates and exam results (spec §2 certsearch, §3 "Certificate record", §4, §7 GetCertList,
 * DownCert and the back-office Certificates calls). One record per exam result of the
 * association's training programme; a passed result carries the certificate's number.
 */

/** The training programme whose results these are (spec §1). */
export const certProgramme = '工程质量风险管理工程师';

/**
 * The back office's two pages over the same records: 考试成绩 ('score') lists every result,
 * 证书列表 ('cert') only passed results with a certificate number. Each page has its own
 * permission family (cert:score:* and cert:*).
 */
export const certViews = ['cert', 'score'] as const;
export type CertView = (typeof certViews)[number];

export const certLimits = { name: 50, company: 100, certNum: 50, remarks: 200 } as const;

/** A certificate number as stored and compared: full-width folded, trimmed, letters upper-case. */
export const normaliseCertNum = (raw: string): string => raw.normalize('NFKC').trim().toUpperCase();

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
/** A real calendar day written yyyy-MM-dd. */
export function isDay(text: string): boolean {
  const m = DAY.exec(text);
  return m !== null && isCalendarDate(Number(m[1]), Number(m[2]), Number(m[3]));
}

const day = (required?: string) =>
  z
    .string({ error: required ?? certMessages.dateInvalid })
    .trim()
    .refine((d) => (d === '' ? !required : isDay(d)), { error: (issue) => (issue.input === '' && required ? required : certMessages.dateInvalid) });
const choice = <T extends number>(values: readonly T[], error: string) =>
  integer(error).refine((n): n is T => (values as readonly number[]).includes(n), { error }) as unknown as z.ZodType<T, unknown>;

/**
 * The fields of one record, each with its own rule and message. EditCertInfo and the
 * spreadsheet import (one cell at a time, reported per column) both validate with these.
 */
export const certFields = {
  name: requiredText(certMessages.nameRequired, '姓名', certLimits.name),
  idType: choice(idTypes, certMessages.idTypeInvalid),
  idNum: z.string({ error: certMessages.idNumRequired }).transform(normaliseIdNumber),
  company: optionalText('工作单位', certLimits.company),
  examTime: day(certMessages.examTimeRequired),
  examStatus: choice(Object.values(ExamStatus), certMessages.examStatusInvalid),
  certNum: z
    .string({ error: certMessages.certNumInvalid })
    .transform(normaliseCertNum)
    .refine((n) => !/\s/.test(n), { error: certMessages.certNumInvalid })
    .refine((n) => [...n].length <= certLimits.certNum, { error: systemMessages.tooLong('证书编号', certLimits.certNum) }),
  issueDate: day(),
  remarks: optionalText('备注', certLimits.remarks),
};

/** One record's content, as validated and stored. */
export interface CertRecordInput {
  name: string;
  idType: IdType;
  idNum: string;
  company: string;
  examTime: string;
  examStatus: ExamStatus;
  /** '' without a certificate. */
  certNum: string;
  /** '' without a certificate. */
  issueDate: string;
  remarks: string;
}
export type CertField = keyof CertRecordInput;

/**
 * The rules between fields, once each field is valid on its own: the ID number against its
 * document type, and a certificate number and issue date exactly when the candidate passed.
 */
export function certRecordIssues(r: CertRecordInput): { field: CertField; message: string }[] {
  const issues: { field: CertField; message: string }[] = [];
  const idProblem = idNumberProblem(r.idType, r.idNum);
  if (idProblem) issues.push({ field: 'idNum', message: idProblem });
  const passed = r.examStatus === ExamStatus.Passed;
  if (passed && !r.certNum) issues.push({ field: 'certNum', message: certMessages.certNumRequired });
  if (!passed && r.certNum) issues.push({ field: 'certNum', message: certMessages.certNumNotPassed });
  if (passed && !r.issueDate) issues.push({ field: 'issueDate', message: certMessages.issueDateRequired });
  if (!passed && r.issueDate) issues.push({ field: 'issueDate', message: certMessages.issueDateNotPassed });
  if (r.issueDate && r.issueDate < r.examTime) issues.push({ field: 'issueDate', message: certMessages.issueBeforeExam });
  return issues;
}

/**
 * A certificate record on the wire: the spec §3 names, leading underscore included. The public
 * lookup's `_certId` is the record's download token, which DownCert takes back as CertId.
 */
export interface CertRecordDto {
  _certId: string;
  _name: string;
  /** Masked (first 6 and last 4 shown), but to staff allowed to see it whole (GetCertModel, ExportCerts). */
  _idNum: string;
  _company: string;
  /** yyyy-MM-dd. */
  _examTime: string;
  _examStatus: ExamStatus;
  _certNum: string;
  _issueDate: string;
  _remarks: string;
  _status: CertStatus;
}

/** A row of the back-office GetCertList: `_certId` is the record's number. */
export interface CertAdminDto extends Omit<CertRecordDto, '_certId'> {
  _certId: number;
  _idType: IdType;
  _createTime: string;
  _updateTime: string;
}

/** GetCertModel: the whole record, ID number unmasked, and the address its QR code opens. */
export interface CertModelDto extends CertAdminDto {
  _verifyUrl: string;
}

const lookupText = (max: number) => z.string({ error: messages.badParameter }).trim().max(max, { error: messages.badParameter }).default('');

/** GetCertList (public) on the wire; certSearchForm holds the rules of a visitor's search. */
export const certSearchQuery = pagingQuery.extend({
  Name: lookupText(100).describe(`姓名（精确）。访客必填（缺：Code 400 ${messages.certNameRequired}）；带会员令牌而不填时，列出本单位的证书`),
  IdNum: lookupText(100).describe(`证件号码；与 CertNum 至少填一个（都缺：Code 400 ${messages.certIdOrNumRequired}）`),
  CertNum: lookupText(100).describe('证书编号'),
});

/** The certsearch form (spec §5): a name, and an ID number or a certificate number. */
export const certSearchForm = z
  .object({
    Name: z.string({ error: messages.certNameRequired }).trim().min(1, { error: messages.certNameRequired }),
    IdNum: z.string().trim().default(''),
    CertNum: z.string().trim().default(''),
  })
  .refine((f) => f.IdNum !== '' || f.CertNum !== '', { error: messages.certIdOrNumRequired, path: ['IdNum'] });

/** A visitor's search as the /certsearch form sends it (field names of GetCertList). */
export interface CertSearchEntry {
  Name: string;
  IdNum: string;
  CertNum: string;
}

/**
 * The certificate lookup the server answered for a form posted without JavaScript (POST
 * /certsearch): what was entered, the page asked for, and the results, or that the form's rules
 * were not met (the page shows their messages under the fields), or why the lookup was refused
 * (too many lookups, Code 429).
 */
export type PostedCertLookup = { query: CertSearchEntry; page: number } & (
  { outcome: 'found'; list: ListDto<CertRecordDto> } | { outcome: 'invalid' } | { outcome: 'refused'; message: string }
);

/**
 * DownCert: the `_certId` a public lookup answered (a download token, which is its own proof),
 * or a record's number (CertId) with what proves the caller may have it: the holder's ID number
 * (IdNum), or the name and certificate number the search was made with.
 */
export const downCertQuery = z.object({
  CertId: z.union(
    [
      idParam,
      z
        .string()
        .trim()
        .max(100)
        .regex(/^\d+\.\d+\.[\w-]+$/),
    ],
    { error: messages.badParameter },
  ),
  IdNum: lookupText(100),
  Name: lookupText(100),
  CertNum: lookupText(100),
});

const viewParam = z.enum(certViews, { error: messages.badParameter }).default('cert');
const ranged = (min: number, max: number) => optionalParam(integer(messages.badParameter, { min: min, max: max }));
const searchDay = optionalParam(z.string().trim().refine(isDay, { error: systemMessages.dateInvalid }));
const part = z.string().trim().max(50, { error: messages.keywordTooLong }).optional();

/** The back office's search (GetCertList, ExportCerts): parts of texts, states, an exam-date range and one issue day. */
export const certFilterQuery = z.object({
  view: viewParam,
  name: part,
  idnum: part,
  certnum: part,
  company: part,
  examstatus: ranged(0, 2),
  /** -1 lists deleted records; absent lists 正常 and 官网隐藏 ones. */
  status: ranged(-1, 1),
  /** First and last exam day, both included. */
  start: searchDay,
  end: searchDay,
  /** The day certificates were issued (a batch is issued on one day). */
  issuedate: searchDay,
});
export type CertFilterQuery = z.infer<typeof certFilterQuery>;
export const certListQuery = certFilterQuery.extend(pagingQuery.shape);
export type CertListQuery = z.infer<typeof certListQuery>;

export const certModelQuery = z.object({ CertId: idParam, view: viewParam });

/** EditCertInfo: `_certId` 0 adds a record, otherwise edits one; the keys are GetCertModel's. */
export const editCertInfoBody = z
  .object({
    _certId: saveIdField,
    _name: certFields.name,
    _idType: certFields.idType.default(IdType.Mainland),
    _idNum: certFields.idNum,
    _company: certFields.company,
    _examTime: certFields.examTime,
    _examStatus: certFields.examStatus,
    _certNum: certFields.certNum.default(''),
    _issueDate: certFields.issueDate.default(''),
    _remarks: certFields.remarks,
    _status: choice([CertStatus.Hidden, CertStatus.Normal], certMessages.statusInvalid).default(CertStatus.Normal),
    View: viewParam,
  })
  .superRefine((b, ctx) => {
    // A masked number is the one the dialog showed, left as it was: the server puts the stored
    // number back before it checks the body (and refuses any other masked text).
    const issues = certRecordIssues(certInputOfBody(b)).filter((i) => !(i.field === 'idNum' && isMaskedIdNumber(b._idNum)));
    for (const issue of issues) ctx.addIssue({ code: 'custom', message: issue.message, path: [`_${issue.field}`] });
  });
export type EditCertInfoBody = z.infer<typeof editCertInfoBody>;

/** The record content of an EditCertInfo body. */
export function certInputOfBody(b: Omit<EditCertInfoBody, '_certId' | '_status' | 'View'>): CertRecordInput {
  return {
    name: b._name,
    idType: b._idType,
    idNum: b._idNum,
    company: b._company,
    examTime: b._examTime,
    examStatus: b._examStatus,
    certNum: b._certNum,
    issueDate: b._issueDate,
    remarks: b._remarks,
  };
}

/** DelCerts: several records of a view at once. */
export const delCertsBody = idsBody.extend({ View: viewParam });

/** EditCertStatus: 1 正常 or 0 官网隐藏 for several records of a view. */
export const editCertStatusBody = delCertsBody.extend({
  Status: choice([CertStatus.Hidden, CertStatus.Normal], certMessages.statusInvalid),
});

/** GetCertImage: one certificate of 证书列表, as the PNG the back office shows and saves. */
export const certImageQuery = z.object({ CertId: idParam });

/** DownCerts: the certificates to zip (`Ids` repeated or "1,2,3"). */
export const downCertsQuery = idsBody;

/** ImportCerts: which page imports (its permission); the file comes as multipart field `file`. */
export const importCertsQuery = z.object({ view: viewParam });

/** ImportCerts' refusal: every problem, with the row number the spreadsheet shows. */
export interface CertImportError {
  Row: number;
  Column: string;
  Message: string;
}

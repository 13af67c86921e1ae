import { normaliseCertNum, normaliseIdNumber, type CertFilterQuery } from '@portal/shared';
import { containing } from '../../db/like.js';
import { inView, live, ofIdNumber, selectRecords, type CertStore, type RecordQuery } from './records.js';

/**
 * The back office's search (GetCertList and its export): the view's records, by parts of the
 * name, certificate number and company, a whole ID number (stored sealed, it is found by its
 * keyed hash only), exam status, status, exam-date range and issue day.
 * Deleted records appear only when status -1 is asked for.
 */
export function searchedRecords({ db, idNumbers }: CertStore, f: CertFilterQuery): RecordQuery {
  let query = selectRecords(db).where(inView(f.view));
  query = f.status === undefined ? query.where(live) : query.where('status', '=', f.status);
  if (f.name) query = query.where(containing('name', f.name));
  if (f.idnum) query = query.where(ofIdNumber(idNumbers, normaliseIdNumber(f.idnum)));
  if (f.certnum) query = query.where(containing('cert_num', normaliseCertNum(f.certnum)));
  if (f.company) query = query.where(containing('company', f.company));
  if (f.examstatus !== undefined) query = query.where('exam_status', '=', f.examstatus);
  if (f.start) query = query.where('exam_time', '>=', f.start);
  if (f.end) query = query.where('exam_time', '<=', f.end);
  if (f.issuedate) query = query.where('issue_date', '=', f.issuedate);
  return query;
}

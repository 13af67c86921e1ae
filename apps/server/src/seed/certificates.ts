import type { Insertable } from 'kysely';
import { cstDate, CertStatus, ExamStatus, formatCst, idCheckCharacter, IdType } from '@portal/shared';
import { newVerifyToken } from '../features/certificates/records.js';
import type { CertificatesTable } from '../db/schema.js';
import type { Random } from './random.js';
import { brands, companyKinds, companyName, personNames } from './vocabulary.js';

/**
 * The demo association's exam results of the 工程质量风险管理工程师 training: eight quarterly
 * sessions over two years, about 45 candidates each. Most pass; some fail or do not come (and
 * some of those pass a later session); a few records are hidden on the site or deleted. ID
 * numbers are made up but carry correct GB 11643 check characters. Everything is drawn from
 * the seeded generator except the verification tokens, which are secrets and so truly random.
 */

const DAY_MS = 86_400_000;
const SESSIONS = 8;
const PER_SESSION = 45;

/** Districts whose 6-digit codes start the made-up ID numbers. */
const districts = [
  '110101',
  '110105',
  '310104',
  '310115',
  '440106',
  '440305',
  '320102',
  '330106',
  '510107',
  '420106',
  '370102',
  '350102',
  '610113',
  '120101',
] as const;
/** Kinds of company whose staff take the training (not insurers or brokers). */
const employers = companyKinds.filter((k) => ['施工企业', '风险管理机构', '设计单位', '监理单位'].includes(k.category));
/** Holders of other documents, and a name with a rare character (CJK extension A). */
const otherHolders = [
  { name: 'CHAN TAI MAN', idType: IdType.HkMacauPermit, idNum: 'H60123456' },
  { name: 'LIN CHIA HAO', idType: IdType.TaiwanPermit, idNum: '08123456' },
  { name: '龚䶮', idType: IdType.Mainland, idNum: '' },
] as const;

interface Candidate {
  name: string;
  idType: IdType;
  idNum: string;
  company: string;
}

function mainlandId(rng: Random): string {
  const birth = new Date(Date.UTC(rng.int(1968, 1999), rng.int(0, 11), rng.int(1, 28)));
  const first17 = `${rng.pick(districts)}${birth.toISOString().slice(0, 10).replace(/-/g, '')}${String(rng.int(1, 999)).padStart(3, '0')}`;
  return first17 + idCheckCharacter(first17);
}

function candidate(rng: Random, taken: Set<string>): Candidate {
  let idNum = mainlandId(rng);
  while (taken.has(idNum)) idNum = mainlandId(rng);
  taken.add(idNum);
  return { name: rng.pick(personNames), idType: IdType.Mainland, idNum, company: companyName(rng.pick(brands), rng.pick(employers)) };
}

/** The rows to insert, oldest session first. */
/** A demo row with its ID number in the clear: the seed seals it as it inserts (db/sealed-id-numbers.ts). */
export type DemoCertificate = Omit<Insertable<CertificatesTable>, 'id_num_sealed' | 'id_num_index' | 'id_num_key'> & { id_num: string };

export function demoCertificates(rng: Random, now: number): DemoCertificate[] {
  const taken = new Set<string>();
  const rows: DemoCertificate[] = [];
  /** Who failed or missed a session and may sit the next one. */
  let resitters: Candidate[] = [];
  for (let session = 1; session <= SESSIONS; session++) {
    const examDay = now - (SESSIONS - session) * 91 * DAY_MS - 40 * DAY_MS;
    const examTime = cstDate(examDay);
    const year = examTime.slice(0, 4);
    const people = [...resitters.filter(() => rng.chance(0.6)), ...Array.from({ length: PER_SESSION }, () => candidate(rng, taken))];
    if (session <= otherHolders.length) {
      const other = otherHolders[session - 1] as (typeof otherHolders)[number];
      const idNum = other.idNum || mainlandId(rng);
      taken.add(idNum);
      people.push({ name: other.name, idType: other.idType, idNum, company: companyName(rng.pick(brands), rng.pick(employers)) });
    }
    resitters = [];
    let serial = 0;
    for (const person of people) {
      const roll = rng.next();
      const examStatus = roll < 0.78 ? ExamStatus.Passed : roll < 0.93 ? ExamStatus.Failed : ExamStatus.Absent;
      const passed = examStatus === ExamStatus.Passed;
      if (!passed) resitters.push(person);
      const statusRoll = rng.next();
      const created = formatCst(examDay + 25 * DAY_MS);
      rows.push({
        name: person.name,
        id_type: person.idType,
        id_num: person.idNum,
        company: person.company,
        exam_time: examTime,
        exam_status: examStatus,
        cert_num: passed ? `GCFX-${year}-${String(session).padStart(2, '0')}${String(++serial).padStart(3, '0')}` : null,
        issue_date: passed ? cstDate(examDay + 20 * DAY_MS) : '',
        remarks: examStatus === ExamStatus.Absent ? '未参加考试' : passed && rows.some((r) => r.id_num === person.idNum) ? '补考合格' : '',
        status: statusRoll < 0.03 ? CertStatus.Hidden : statusRoll < 0.04 ? CertStatus.Deleted : CertStatus.Normal,
        verify_token: newVerifyToken(),
        created_at: created,
        updated_at: created,
      });
    }
  }
  return rows;
}

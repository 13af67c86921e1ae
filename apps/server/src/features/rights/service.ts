import { sql, type ExpressionBuilder, type Kysely } from 'kysely';
import {
  formatCst,
  RIGHTS_DEADLINE_DAYS,
  rightsKindNames,
  rightsLimits,
  rightsMessages,
  RightsStatus,
  rightsStatusNames,
  type HandleRightsRequestBody,
  type RightsKind,
  type RightsRequestDto,
  type RightsRequestListQuery,
  type RightsStatusValue,
  type SaveRightsRequestBody,
} from '@portal/shared';
import type { Database } from '../../db/connection.js';
import { lockKey } from '../../db/key-lock.js';
import type { DB } from '../../db/schema.js';
import { badRequest, notFound } from '../../http/envelope.js';
import { pageWindow } from '../../http/paging.js';
import { addWorkingDays } from '../workdays/service.js';
import type { CertStore } from '../certificates/records.js';
import { eraseCertHolder, eraseMember, reportText } from './erasure.js';
import type { CertHolder } from './holder.js';

/**
 * 个人信息权利请求: the request of a member, an applicant or a certificate holder lands in the
 * back office's queue with its legal deadline (15 working days, counted by the association's
 * 工作日历, as 在线留言 deadlines are); staff answer it (已办结, saying what was done) or refuse it
 * with the reason (不予办理). The person reads the answer in 我的个人信息 (a holder after
 * verifying again).
 */

const columns = [
  'r.id',
  'r.kind',
  'r.content',
  'r.status',
  'r.answer',
  'r.due_at',
  'r.created_at',
  'r.handled_at',
  'r.holder_cert_id',
  'm.member_name',
  'm.account',
  'c.name as holder_name',
] as const;
type Row = {
  id: number;
  kind: string;
  content: string;
  status: number;
  answer: string;
  due_at: string;
  created_at: string;
  handled_at: string;
  holder_cert_id: number;
  member_name: string | null;
  account: string | null;
  holder_name: string | null;
};

const toDto = (r: Row, now: string): RightsRequestDto => ({
  Id: r.id,
  Kind: r.kind,
  KindName: rightsKindNames[r.kind as RightsKind] ?? r.kind,
  Content: r.content,
  Status: r.status,
  StatusName: rightsStatusNames[r.status as RightsStatusValue] ?? '',
  Answer: r.answer,
  DueTime: r.due_at,
  Overdue: r.status === RightsStatus.Pending && r.due_at < now,
  CreateTime: r.created_at,
  HandleTime: r.handled_at,
  Requester: r.holder_cert_id ? 'holder' : 'member',
  MemberName: (r.holder_cert_id ? r.holder_name : r.member_name) ?? '',
  Account: r.account ?? '',
});

const joined = (db: Kysely<DB>) =>
  db.selectFrom('rights_requests as r').leftJoin('members as m', 'm.id', 'r.member_id').leftJoin('certificates as c', 'c.id', 'r.holder_cert_id');

/**
 * Who asks: a member or applicant (by account), or a certificate holder proved by verification
 * (holder.ts), whose requests are those made through any record of theirs.
 */
export type RightsRequester = { memberId: number } | { holder: CertHolder };

export const byRequester = (requester: RightsRequester) => (eb: ExpressionBuilder<DB & { r: DB['rights_requests'] }, 'r'>) =>
  'holder' in requester ? eb('r.holder_cert_id', 'in', requester.holder.certIds) : eb('r.member_id', '=', requester.memberId);

/** SaveRightsRequest: at most a few pending per person (a flood of requests is not a right); answers its id. */
export async function submitRightsRequest(database: Database, requester: RightsRequester, body: SaveRightsRequestBody, now: number): Promise<number> {
  const at = formatCst(now);
  const due = await addWorkingDays(database, at, RIGHTS_DEADLINE_DAYS);
  const person = 'holder' in requester ? `holder:${Math.min(...requester.holder.certIds)}` : String(requester.memberId);
  return database.db.transaction().execute(async (trx) => {
    // The person's requests take turns here, so two at once cannot both pass the count.
    await lockKey(trx, database.engine, `rights:${person}`);
    const { n } = await trx
      .selectFrom('rights_requests as r')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where(byRequester(requester))
      .where('r.status', '=', RightsStatus.Pending)
      .executeTakeFirstOrThrow();
    if (Number(n) >= rightsLimits.pendingPerMember) throw badRequest(rightsMessages.tooManyPending);
    const who = 'holder' in requester ? { member_id: 0, holder_cert_id: requester.holder.certId } : { member_id: requester.memberId };
    const { id } = await trx
      .insertInto('rights_requests')
      .values({ ...who, kind: body.Kind, content: body.Content, due_at: due, created_at: at })
      .returning('id')
      .executeTakeFirstOrThrow();
    return id;
  });
}

/** GetMyRightsRequests: the person's own, newest first (a handful: no paging). */
export async function ownRightsRequests(db: Kysely<DB>, requester: RightsRequester, now: number): Promise<RightsRequestDto[]> {
  const rows = await joined(db).select(columns).where(byRequester(requester)).orderBy('r.id', 'desc').execute();
  return rows.map((r) => toDto(r, formatCst(now)));
}

/** GetRightsRequestList: pending first by deadline (then arrival), then the answered, newest first. */
export async function listRightsRequests(db: Kysely<DB>, q: RightsRequestListQuery, now: number): Promise<{ items: RightsRequestDto[]; total: number }> {
  const { limit, offset } = pageWindow(q);
  const filtered = q.status === undefined ? joined(db) : joined(db).where('r.status', '=', q.status);
  const [rows, { total }] = await Promise.all([
    filtered
      .select(columns)
      .orderBy((eb) => eb.case().when('r.status', '=', RightsStatus.Pending).then(0).else(1).end())
      .orderBy((eb) => eb.case().when('r.status', '=', RightsStatus.Pending).then(eb.ref('r.due_at')).else('').end())
      // Pending ones in the order they came; answered ones newest first.
      .orderBy(sql`case when r.status = ${RightsStatus.Pending} then r.id else -r.id end`)
      .limit(limit)
      .offset(offset)
      .execute(),
    filtered.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { items: rows.map((r) => toDto(r, formatCst(now))), total: Number(total) };
}

/**
 * HandleRightsRequest: once; answers what the audit log names. A 删除 request marked 已办结 is
 * carried out in the same transaction (erasure.ts), and its answer ends with what was deleted
 * and what the law keeps.
 */
export async function handleRightsRequest(
  store: CertStore,
  body: HandleRightsRequestBody,
  account: string,
  now: number,
): Promise<{ id: number; label: string }> {
  const { db } = store;
  const request = await joined(db)
    .select(['r.kind', 'r.status', 'r.member_id', 'r.holder_cert_id', 'm.account', 'c.name as holder_name'])
    .where('r.id', '=', body.Id)
    .executeTakeFirst();
  if (!request) throw notFound(rightsMessages.notFound);
  const at = formatCst(now);
  const erases = request.kind === 'deletion' && body.Status === RightsStatus.Done;
  await db.transaction().execute(async (trx) => {
    const done = await trx
      .updateTable('rights_requests')
      .set({ status: body.Status, answer: body.Answer, handled_at: at, handled_by: account })
      .where('id', '=', body.Id)
      .where('status', '=', RightsStatus.Pending)
      .executeTakeFirst();
    if (Number(done.numUpdatedRows) === 0) throw badRequest(rightsMessages.handled);
    if (!erases) return;
    const report = request.holder_cert_id
      ? await eraseCertHolder({ db: trx, idNumbers: store.idNumbers }, request.holder_cert_id)
      : await eraseMember(trx, request.member_id, at);
    const answer = `${body.Answer}\n\n${reportText(report)}`;
    await trx.updateTable('rights_requests').set({ answer }).where('id', '=', body.Id).execute();
  });
  const kind = rightsKindNames[request.kind as RightsKind] ?? request.kind;
  const who = request.holder_cert_id ? `证书持有人${request.holder_name ?? ''}` : request.account;
  return { id: body.Id, label: `${who}的${kind}请求：${rightsStatusNames[body.Status]}${erases ? '（已删除其个人信息）' : ''}` };
}

import type { Kysely } from 'kysely';
import {
  ApplyState,
  cstDate,
  formatCst,
  memberMessages,
  membershipMessages,
  MemberStatus,
  toFen,
  type MemberPaymentListQuery,
  type PaymentMethod,
  type PaymentStatus,
  type SaveMemberPaymentBody,
} from '@portal/shared';
import type { DB } from '../../db/schema.js';
import { isUniqueViolation } from '../../db/unique-violation.js';
import { badRequest, notFound } from '../../http/envelope.js';
import { pageWindow } from '../../http/paging.js';
import type { AdminPrincipal } from '../system/auth/access.js';
import { containing } from '../../db/like.js';
import { refreshMemberState } from '../members/states.js';
import { nextTerm, termsOf } from '../members/level-terms.js';
import type { MailContext } from '../mail/context.js';
import { enqueueMails } from '../mail/outbox.js';
import { receiptMail } from './receipt-mail.js';

/**
 * Dues (会费). Staff record a payment made offline; it gets a receipt number and moves the
 * member's 有效期至 one term on (terms.ts nextTerm). A payment is a financial record: it is
 * never edited or deleted, only voided with a reason, and only the member's latest, whose
 * term can be taken back exactly (expire_before).
 *
 * Two payments for one member at the same moment must not both extend from the same end: the
 * member's row is moved by a conditional UPDATE on the end that was read, and the loser of a
 * race runs again from the new end. Receipt numbers are unique in the table; an automatic
 * number taken by a concurrent payment is drawn again.
 */

type Db = Kysely<DB>;

export interface Payment {
  id: number;
  receiptNo: string;
  memberId: number;
  account: string;
  memberName: string;
  levelId: number;
  levelName: string;
  amountFen: number;
  paidOn: string;
  payer: string;
  method: PaymentMethod;
  voucherPath: string;
  note: string;
  termFrom: string;
  termTo: string;
  provider: string;
  transactionId: string;
  status: PaymentStatus;
  voidReason: string;
  adminAccount: string;
  /** The recorder's name as it is now ('' without one, or once their account is gone). */
  adminName: string;
  createdAt: string;
}

const paymentQuery = (db: Db) =>
  db
    .selectFrom('member_payments as p')
    .innerJoin('members as m', 'm.id', 'p.member_id')
    .leftJoin('admin_users as a', 'a.id', 'p.admin_id')
    .select([
      'p.id',
      'p.receipt_no',
      'p.member_id',
      'm.account',
      'm.member_name',
      'p.level_id',
      'p.level_name',
      'p.amount_fen',
      'p.paid_on',
      'p.payer',
      'p.method',
      'p.voucher_path',
      'p.note',
      'p.term_from',
      'p.term_to',
      'p.provider',
      'p.transaction_id',
      'p.status',
      'p.void_reason',
      'p.admin_account',
      'a.full_name as admin_name',
      'p.created_at',
    ]);

type PaymentRow = Awaited<ReturnType<ReturnType<typeof paymentQuery>['executeTakeFirstOrThrow']>>;

const toPayment = (r: PaymentRow): Payment => ({
  id: r.id,
  receiptNo: r.receipt_no,
  memberId: r.member_id,
  account: r.account,
  memberName: r.member_name,
  levelId: r.level_id,
  levelName: r.level_name,
  amountFen: r.amount_fen,
  paidOn: r.paid_on,
  payer: r.payer,
  method: r.method as PaymentMethod,
  voucherPath: r.voucher_path,
  note: r.note,
  termFrom: r.term_from,
  termTo: r.term_to,
  provider: r.provider,
  transactionId: r.transaction_id,
  status: r.status as PaymentStatus,
  voidReason: r.void_reason,
  adminAccount: r.admin_account,
  adminName: r.admin_name ?? '',
  createdAt: r.created_at,
});

export async function getPayment(db: Db, id: number): Promise<Payment> {
  const row = await paymentQuery(db).where('p.id', '=', id).executeTakeFirst();
  if (!row) throw notFound(membershipMessages.paymentNotFound);
  return toPayment(row);
}

/** GetMyPayment/{id}: a payment of this member's; another member's is as missing as one that never was. */
export async function getMemberPayment(db: Db, memberId: number, id: number): Promise<Payment> {
  const row = await paymentQuery(db).where('p.id', '=', id).where('p.member_id', '=', memberId).executeTakeFirst();
  if (!row) throw notFound(membershipMessages.paymentNotFound);
  return toPayment(row);
}

/** GetMyPaymentList: every payment of the member, newest first (a handful a decade: not paged). */
export async function memberPayments(db: Db, memberId: number): Promise<Payment[]> {
  const rows = await paymentQuery(db).where('p.member_id', '=', memberId).orderBy('p.paid_on', 'desc').orderBy('p.id', 'desc').execute();
  return rows.map(toPayment);
}

/** GetMemberPaymentList: newest payment first. */
export async function listPayments(db: Db, q: MemberPaymentListQuery): Promise<{ items: Payment[]; total: number }> {
  let query = paymentQuery(db);
  const { key } = q;
  if (key)
    query = query.where((eb) =>
      eb.or([containing('m.member_name', key), containing('m.account', key), containing('p.payer', key), containing('p.receipt_no', key)]),
    );
  if (q.memberid !== undefined) query = query.where('p.member_id', '=', q.memberid);
  if (q.memberlevel !== undefined) query = query.where('p.level_id', '=', q.memberlevel);
  if (q.method) query = query.where('p.method', '=', q.method);
  if (q.status) query = query.where('p.status', '=', q.status);
  if (q.start) query = query.where('p.paid_on', '>=', q.start);
  if (q.end) query = query.where('p.paid_on', '<=', q.end);
  const { limit, offset } = pageWindow(q);
  const [rows, { total }] = await Promise.all([
    query.orderBy('p.paid_on', 'desc').orderBy('p.id', 'desc').limit(limit).offset(offset).execute(),
    query
      .clearSelect()
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .executeTakeFirstOrThrow(),
  ]);
  return { items: rows.map(toPayment), total: Number(total) };
}

/** The next automatic receipt number of a year: 2026-0001, 2026-0002 … (five digits past 9999). */
async function nextReceiptNo(db: Db, year: string): Promise<string> {
  const { last } = await db
    .selectFrom('member_payments')
    .select((eb) => eb.fn.max('receipt_no').as('last'))
    .where('receipt_no', 'like', `${year}-%`)
    .where((eb) => eb(eb.fn('length', ['receipt_no']), '=', year.length + 5))
    .executeTakeFirstOrThrow();
  const next = (last ? Number(String(last).slice(year.length + 1)) : 0) + 1;
  return `${year}-${String(next).padStart(4, '0')}`;
}

/**
 * A voucher is private: it opens only through GetMemberPaymentVoucher, for whoever may list
 * payments. So the path a payment names must be a voucher its recorder uploaded through
 * UploadMemberPaymentVoucher: any other private file (an applicant's papers, another staff
 * member's upload) named here would be handed out under the payment, as papers once were.
 */
async function checkVoucher(db: Db, admin: AdminPrincipal, path: string): Promise<void> {
  const upload = await db
    .selectFrom('uploads')
    .select('id')
    .where('path', '=', path)
    .where('kind', '=', 'paymentVoucher')
    .where('owner', '=', `admin:${admin.adminId}`)
    .executeTakeFirst();
  if (!upload) throw badRequest(membershipMessages.voucherInvalid);
}

/** A race lost to another payment of the same member: run again from the new 有效期至. */
class MovedMeanwhile extends Error {}

const ATTEMPTS = 5;

/**
 * SaveMemberPayment. Refused for an applicant not yet approved and for a disabled member; a
 * receipt number given by hand must be free, a voucher the recorder's own upload (checkVoucher).
 * With mail, a member with an e-mail address is sent the receipt, queued in the payment's own
 * transaction. Answers the payment and whether a receipt was queued.
 */
export async function recordPayment(
  db: Db,
  admin: AdminPrincipal,
  body: SaveMemberPaymentBody,
  mail: MailContext | null,
  now: number,
): Promise<{ payment: Payment; mailed: boolean }> {
  const today = cstDate(now);
  if (body.PaidOn > today) throw badRequest(membershipMessages.paidOnFuture);
  if (body.ReceiptNo && (await db.selectFrom('member_payments').select('id').where('receipt_no', '=', body.ReceiptNo).executeTakeFirst())) {
    throw badRequest(membershipMessages.receiptNoTaken);
  }
  for (let attempt = 1; ; attempt++) {
    try {
      const recorded = await db.transaction().execute(async (trx) => {
        const member = await trx
          .selectFrom('members as m')
          .leftJoin('type_items as t', 't.id', 'm.member_level_id')
          .select(['m.id', 'm.apply_state', 'm.status', 'm.member_level_id', 't.name as level_name', 'm.join_date', 'm.expire_date', 'm.email'])
          .where('m.id', '=', body.MemberId)
          .executeTakeFirst();
        if (!member) throw notFound(memberMessages.memberNotFound);
        if (member.apply_state !== ApplyState.Approved) throw badRequest(membershipMessages.notApproved);
        if (member.status !== MemberStatus.Enabled) throw badRequest(membershipMessages.memberSuspended);
        if (body.VoucherPath !== '') await checkVoucher(trx, admin, body.VoucherPath);
        const term = nextTerm(await termsOf(trx, member.member_level_id), member.expire_date, today);
        const at = formatCst(now);
        const { id: paymentId } = await trx
          .insertInto('member_payments')
          .values({
            receipt_no: body.ReceiptNo || (await nextReceiptNo(trx, body.PaidOn.slice(0, 4))),
            member_id: member.id,
            level_id: member.member_level_id,
            level_name: member.level_name ?? '',
            amount_fen: toFen(body.Amount),
            paid_on: body.PaidOn,
            payer: body.Payer,
            method: body.Method,
            voucher_path: body.VoucherPath,
            note: body.Note,
            term_from: term.from,
            term_to: term.to,
            expire_before: member.expire_date,
            admin_id: admin.adminId,
            admin_account: admin.account,
            created_at: at,
            updated_at: at,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        const moved = await trx
          .updateTable('members')
          .set({ expire_date: term.to, join_date: member.join_date || body.PaidOn, updated_at: at })
          .where('id', '=', member.id)
          .where('expire_date', '=', member.expire_date)
          .executeTakeFirst();
        if (Number(moved.numUpdatedRows) === 0) throw new MovedMeanwhile();
        await refreshMemberState(trx, member.id, today);
        const payment = await getPayment(trx, paymentId);
        const mailed = Boolean(mail && member.email);
        if (mail && mailed) await enqueueMails(trx, [receiptMail(mail, payment, member.email)], now);
        return { payment, mailed };
      });
      return recorded;
    } catch (error) {
      const again = error instanceof MovedMeanwhile || (isUniqueViolation(error) && !body.ReceiptNo);
      if (again && attempt < ATTEMPTS) continue;
      if (isUniqueViolation(error)) throw badRequest(membershipMessages.receiptNoTaken);
      throw error;
    }
  }
}

/**
 * VoidMemberPayment: the payment stays, marked 已作废 with the reason, and the member's
 * 有效期至 goes back to what it was before it. Only the member's latest valid payment can be
 * voided: an earlier one has later terms stacked on its end.
 */
export async function voidPayment(db: Db, paymentId: number, reason: string, now: number): Promise<Payment> {
  const today = cstDate(now);
  await db.transaction().execute(async (trx) => {
    const payment = await trx
      .selectFrom('member_payments')
      .select(['id', 'member_id', 'status', 'term_to', 'expire_before'])
      .where('id', '=', paymentId)
      .executeTakeFirst();
    if (!payment) throw notFound(membershipMessages.paymentNotFound);
    if (payment.status === 'void') throw badRequest(membershipMessages.alreadyVoid);
    const latest = await trx
      .selectFrom('member_payments')
      .select('id')
      .where('member_id', '=', payment.member_id)
      .where('status', '<>', 'void')
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirstOrThrow();
    if (latest.id !== payment.id) throw badRequest(membershipMessages.notLatestPayment);
    const at = formatCst(now);
    const voided = await trx
      .updateTable('member_payments')
      .set({ status: 'void', void_reason: reason, updated_at: at })
      .where('id', '=', payment.id)
      .where('status', '<>', 'void')
      .executeTakeFirst();
    if (Number(voided.numUpdatedRows) === 0) throw badRequest(membershipMessages.alreadyVoid);
    // Staff may have set 有效期至 by hand since: then it is theirs, and stays.
    await trx
      .updateTable('members')
      .set({ expire_date: payment.expire_before, updated_at: at })
      .where('id', '=', payment.member_id)
      .where('expire_date', '=', payment.term_to)
      .execute();
    await refreshMemberState(trx, payment.member_id, today);
  });
  return getPayment(db, paymentId);
}

/** The workbench's dues of a year: per level (as named when paid), valid payments only. */
export async function duesOfYear(db: Db, year: number) {
  const rows = await db
    .selectFrom('member_payments')
    .select((eb) => [
      'level_id',
      eb.fn.max('level_name').as('level_name'),
      eb.fn.countAll<number>().as('payments'),
      eb.fn.sum<number>('amount_fen').as('amount'),
    ])
    .where('status', '=', 'paid')
    .where('paid_on', '>=', `${year}-01-01`)
    .where('paid_on', '<=', `${year}-12-31`)
    .groupBy('level_id')
    .orderBy('level_id')
    .execute();
  return rows.map((r) => ({ levelId: r.level_id, levelName: String(r.level_name ?? ''), payments: Number(r.payments), amountFen: Number(r.amount) }));
}

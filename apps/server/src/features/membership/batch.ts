import type { Kysely } from 'kysely';
import {
  ApplyState,
  cstDate,
  formatCst,
  memberMessages,
  membershipMessages,
  MemberStatus,
  ProcessDecision,
  typeKinds,
  type MemberBatchBody,
} from '@portal/shared';
import type { Database } from '../../db/connection.js';
import type { DB } from '../../db/schema.js';
import { badRequest, notFound } from '../../http/envelope.js';
import type { AdminPrincipal } from '../system/auth/access.js';
import type { MailContext } from '../mail/context.js';
import { nudgeOutbox } from '../mail/outbox.js';
import { decideApplication } from '../applications/service.js';
import { changeMemberStatus } from '../members/service.js';
import { remindNow } from './reminders.js';
import { refreshMemberState } from '../members/states.js';

/**
 * 会员列表's bulk actions, all or nothing in one transaction: 批量通过 (applications under
 * review), 批量停用, 修改等级, 发送续费提醒. A member the action does not fit (an application
 * already decided, an applicant reminded of dues) refuses the whole batch with its account.
 * Answers the accounts acted on, for the audit log.
 */
export async function runMemberBatch(
  database: Database,
  admin: AdminPrincipal,
  body: MemberBatchBody,
  mail: MailContext | null,
  now: number,
): Promise<{ accounts: string[]; count: number }> {
  const ids = [...new Set(body.Ids)];
  const { db } = database;
  const result = await db.transaction().execute(async (trx) => {
    const members = await trx.selectFrom('members').select(['id', 'account', 'apply_state', 'status']).where('id', 'in', ids).execute();
    if (members.length !== ids.length) throw notFound(memberMessages.memberNotFound);
    const accounts = members.map((m) => m.account);
    const refuse = (unfit: typeof members, message: (accounts: string) => string) => {
      if (unfit.length > 0) throw badRequest(message(unfit.map((m) => m.account).join('、')));
    };
    switch (body.Action) {
      case 'approve':
        refuse(
          members.filter((m) => m.apply_state !== ApplyState.UnderReview),
          membershipMessages.batchNotPending,
        );
        for (const m of members)
          await decideApplication(trx, admin, { memberId: m.id, decision: ProcessDecision.Approved, reason: '', remark: '批量通过' }, now);
        return { accounts, count: members.length };
      case 'suspend':
        for (const m of members) if (m.status !== MemberStatus.Disabled) await changeMemberStatus(trx, m.id, MemberStatus.Disabled, now);
        return { accounts, count: members.length };
      case 'level':
        await changeLevel(
          trx,
          members.map((m) => m.id),
          body.LevelId!,
          now,
        );
        return { accounts, count: members.length };
      case 'remind':
        refuse(
          members.filter((m) => m.apply_state !== ApplyState.Approved),
          membershipMessages.batchNotMembers,
        );
        return { accounts, count: await remindNow(trx, ids, mail, now) };
    }
  });
  if (body.Action === 'remind' && mail && result.count > 0) nudgeOutbox(database);
  return result;
}

/** 修改等级: to an enabled level of list 2; each member's state follows the new level's grace. */
async function changeLevel(trx: Kysely<DB>, memberIds: number[], levelId: number, now: number): Promise<void> {
  const level = await trx
    .selectFrom('type_items')
    .select('id')
    .where('id', '=', levelId)
    .where('type', '=', typeKinds.memberLevel)
    .where('status', '=', 1)
    .executeTakeFirst();
  if (!level) throw badRequest(memberMessages.memberLevelUnknown);
  await trx
    .updateTable('members')
    .set({ member_level_id: levelId, updated_at: formatCst(now) })
    .where('id', 'in', memberIds)
    .execute();
  for (const id of memberIds) await refreshMemberState(trx, id, cstDate(now));
}

import { z } from 'zod';
import { memberBatchActions, memberBatchBody, membershipMessages } from '@portal/shared';
import type { App } from '../../http/app-types.js';
import { adminWrite, currentAdmin, requireAdmin } from '../system/auth/guard.js';
import { ok } from '../../http/envelope.js';
import { mailContext } from '../mail/context.js';
import { adminDocs } from '../members/docs.js';
import { runMemberBatch } from './batch.js';

/** 会员列表's bulk actions (MemberBatch): approve, suspend, change level, send renewal reminders. */
export async function memberBatchAdmin(app: App): Promise<void> {
  const { database, now } = app.services;

  app.post(
    '/MemberBatch',
    {
      onRequest: requireAdmin('member:audit', 'member:status', 'member:edit', 'member:remind'),
      schema: {
        ...adminDocs,
        summary: '会员列表批量操作：approve 批量通过、suspend 批量停用、level 修改等级（LevelId）、remind 发送续费提醒；一个事务，全部成功或全部不变',
        body: memberBatchBody,
        'x-data': z.int().describe('处理的会员数'),
      },
    },
    async (request) => {
      const body = request.body;
      const action = ({ approve: 'member:audit', suspend: 'member:status', level: 'member:edit', remind: 'member:remind' } as const)[body.Action];
      const mail = mailContext(request);
      const done = await adminWrite(request, { action, target: '会员', detail: (r) => `${memberBatchActions[body.Action]}：${r.accounts.join('、')}` }, () =>
        runMemberBatch(database, currentAdmin(request), body, mail, now()),
      );
      // Without a mail server the reminders are only recorded: staff must not read that they went out.
      if (body.Action === 'remind' && !mail) return ok(done.count, membershipMessages.remindedWithoutMail(done.count));
      return ok(done.count, membershipMessages.batchDone(memberBatchActions[body.Action], done.count));
    },
  );
}

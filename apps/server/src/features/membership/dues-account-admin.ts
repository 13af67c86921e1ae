import { duesAccountDto, membershipMessages, saveDuesAccountBody } from '@portal/shared';
import type { App } from '../../http/app-types.js';
import { adminWrite, requireAdmin } from '../system/auth/guard.js';
import { ok } from '../../http/envelope.js';
import { adminDocs } from '../members/docs.js';
import { duesAccount, saveDuesAccount } from './dues-account.js';

/** 收款账户 on 会员等级 (GetDuesAccount, SaveDuesAccount): where members pay dues, as 如何续费 and the reminders state it. */
export async function duesAccountAdmin(app: App): Promise<void> {
  const { database, now } = app.services;
  const { db } = database;

  app.get(
    '/GetDuesAccount',
    {
      onRequest: requireAdmin('member:level:list', 'member:payment:add'),
      schema: { ...adminDocs, summary: '收款账户（开户名称、开户银行、银行账号）；未设置时均为空', 'x-data': duesAccountDto },
    },
    async () => ok(await duesAccount(db)),
  );

  app.post(
    '/SaveDuesAccount',
    {
      onRequest: requireAdmin('member:level:edit'),
      schema: {
        ...adminDocs,
        summary: '设置收款账户：三项一并填写，或一并清空（会员将被告知联系协会）；未传的字段保持原值',
        body: saveDuesAccountBody,
        'x-data': duesAccountDto,
      },
    },
    async (request) => {
      const account = await adminWrite(
        request,
        {
          action: 'member:level:edit',
          target: '收款账户',
          detail: (a) => (a.AccountNo ? `${a.AccountName} ${a.BankName} ${a.AccountNo}` : '已清空'),
        },
        () => saveDuesAccount(db, request.body, now()),
      );
      return ok(account, membershipMessages.duesAccountSaved);
    },
  );
}

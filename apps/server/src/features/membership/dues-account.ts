import type { Kysely } from 'kysely';
import { membershipMessages, type DuesAccountDto, type SaveDuesAccountBody } from '@portal/shared';
import type { DB } from '../../db/schema.js';
import { badRequest } from '../../http/envelope.js';
import { readSettings, writeSettings } from '../site/settings.js';

/**
 * The association's account for dues (收款账户): 开户名称, 开户银行, 银行账号, as a 缴费通知 states
 * them. Set by staff on 会员等级 beside the fees; empty until then, and 如何续费 and the renewal
 * reminders then ask members to contact the association instead.
 */

type Db = Kysely<DB>;

const names = { AccountName: 'dues.account_name', BankName: 'dues.bank_name', AccountNo: 'dues.account_no' } as const;
type Field = keyof typeof names;
const fields = Object.keys(names) as Field[];

export async function duesAccount(db: Db): Promise<DuesAccountDto> {
  const stored = await readSettings(db, Object.values(names));
  return { AccountName: stored[names.AccountName], BankName: stored[names.BankName], AccountNo: stored[names.AccountNo] };
}

/** Whether members can be told where to pay. */
export const accountSet = (account: DuesAccountDto) => account.AccountNo !== '';

/** SaveDuesAccount: a field left out keeps its stored value; all three filled, or all three empty. Answers the account as stored. */
export async function saveDuesAccount(db: Db, body: SaveDuesAccountBody, now: number): Promise<DuesAccountDto> {
  const account = { ...(await duesAccount(db)) };
  for (const field of fields) account[field] = body[field] ?? account[field];
  const filled = fields.filter((field) => account[field] !== '').length;
  if (filled !== 0 && filled !== fields.length) throw badRequest(membershipMessages.duesAccountIncomplete);
  await writeSettings(db, Object.fromEntries(fields.map((field) => [names[field], account[field]])), now);
  return account;
}

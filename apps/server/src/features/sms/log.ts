import type { Kysely, Selectable } from 'kysely';
import { smsStateNames, type SmsLogDto, type SmsState } from '@portal/shared';
import type { DB, SmsLogTable } from '../../db/schema.js';
import { pageWindow } from '../../http/paging.js';

/** 短信记录, newest first; by state, or by one phone number in full. */
export async function smsLog(db: Kysely<DB>, query: { pageindex: number; pagesize: number; state?: SmsState; phone: string }) {
  let base = db.selectFrom('sms_log');
  if (query.state) base = base.where('state', '=', query.state);
  if (query.phone) base = base.where('phone', '=', query.phone);
  const { limit, offset } = pageWindow(query);
  const [rows, total] = await Promise.all([
    base.selectAll().orderBy('id', 'desc').limit(limit).offset(offset).execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.n) };
}

/** 138****5678: the log names the recipient without spelling the number out on every screen. */
export const maskedPhone = (phone: string) => (phone.length === 11 ? `${phone.slice(0, 3)}****${phone.slice(7)}` : phone);

export const toSmsLogDto = (r: Selectable<SmsLogTable>): SmsLogDto => ({
  Id: r.id,
  Phone: maskedPhone(r.phone),
  SignName: r.sign_name,
  TemplateCode: r.template_code,
  Variables: JSON.parse(r.variables) as Record<string, string>,
  Provider: r.provider,
  State: r.state,
  StateName: smsStateNames[r.state as SmsState] ?? r.state,
  Answer: r.answer,
  Source: r.source,
  CreateTime: r.created_at,
});

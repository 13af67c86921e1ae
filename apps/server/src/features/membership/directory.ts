import type { Kysely } from 'kysely';
import { ApplyState, contactsFromText, MembershipState, memberNo, MemberStatus, type MemberDirectoryItemDto, type MemberDirectoryQuery } from '@portal/shared';
import type { DB } from '../../db/schema.js';
import { pageWindow } from '../../http/paging.js';
import { containing } from '../../db/like.js';

/**
 * 会员名录: members who opted in (directory_listed), approved, enabled and in good standing
 * (有效 or 宽限期: a lapsed member drops out until renewing), by level order then company name.
 * A contact detail is read only when the member chose to show it.
 */
export async function listDirectory(db: Kysely<DB>, q: MemberDirectoryQuery): Promise<{ items: MemberDirectoryItemDto[]; total: number }> {
  let query = db
    .selectFrom('members as m')
    .leftJoin('type_items as t', 't.id', 'm.member_level_id')
    .where('m.directory_listed', '=', 1)
    .where('m.apply_state', '=', ApplyState.Approved)
    .where('m.status', '=', MemberStatus.Enabled)
    .where('m.membership_state', 'in', [MembershipState.Active, MembershipState.Grace]);
  const { key } = q;
  if (key) query = query.where((eb) => eb.or([containing('m.member_name', key), containing('m.mainbusiness', key), containing('m.region', key)]));
  if (q.level !== undefined) query = query.where('m.member_level_id', '=', q.level);
  const { limit, offset } = pageWindow(q);
  const [rows, { total }] = await Promise.all([
    query
      .select([
        'm.id',
        'm.member_name',
        't.name as level_name',
        'm.region',
        'm.mainbusiness',
        'm.website',
        'm.directory_contacts',
        'm.daily_operator',
        'm.operator_phone',
        'm.email',
      ])
      .orderBy('t.sort_number')
      .orderBy('m.member_name')
      .orderBy('m.id')
      .limit(limit)
      .offset(offset)
      .execute(),
    query.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
  ]);
  const items = rows.map((r): MemberDirectoryItemDto => {
    const shown = new Set(contactsFromText(r.directory_contacts));
    return {
      MemberNo: memberNo(r.id),
      MemberName: r.member_name,
      LevelName: r.level_name ?? '',
      Region: r.region,
      Mainbusiness: r.mainbusiness,
      Website: r.website,
      DailyOperator: shown.has('DailyOperator') ? r.daily_operator : '',
      OperatorPhone: shown.has('OperatorPhone') ? r.operator_phone : '',
      Email: shown.has('Email') ? r.email : '',
    };
  });
  return { items, total: Number(total) };
}

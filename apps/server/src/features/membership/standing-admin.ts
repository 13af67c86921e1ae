import { z } from 'zod';
import {
  cstDate,
  integer,
  membershipDto,
  membershipReminderDto,
  membershipSummaryDto,
  MembershipState,
  membershipStateNames,
  messages,
  toYuan,
  type MembershipSummaryDto,
} from '@portal/shared';
import type { App } from '../../http/app-types.js';
import { requireAdmin } from '../system/auth/guard.js';
import { ok } from '../../http/envelope.js';
import { adminDocs } from '../members/docs.js';
import { toReminderDto } from './dto.js';
import { duesOfYear } from './payments.js';
import { remindersOf } from './reminders.js';
import { membershipOf } from './standing.js';
import { memberMissing, memberParams } from './route-parts.js';

/** Where members stand: the workbench's year of dues and members per state, one member's 会籍 and their reminders (GetMembershipSummary, GetMembership, GetMemberReminders). */
export async function membershipStandingAdmin(app: App): Promise<void> {
  const { database, now } = app.services;
  const { db } = database;

  app.get(
    '/GetMembershipSummary',
    {
      onRequest: requireAdmin('member:payment:list', 'member:list'),
      schema: {
        ...adminDocs,
        summary: '工作台：某年会费（按等级）与各会籍状态的会员数',
        querystring: z.object({ year: integer(messages.badParameter, { min: 2000, max: 2100 }).optional() }),
        'x-data': membershipSummaryDto,
      },
    },
    async (request) => {
      const year = request.query.year ?? Number(cstDate(now()).slice(0, 4));
      const [levels, states] = await Promise.all([
        duesOfYear(db, year),
        db
          .selectFrom('members')
          .select((eb) => ['membership_state', eb.fn.countAll<number>().as('n')])
          .where('apply_state', '=', 1)
          .groupBy('membership_state')
          .execute(),
      ]);
      const count = (state: number) => Number(states.find((s) => s.membership_state === state)?.n ?? 0);
      const summary: MembershipSummaryDto = {
        Year: year,
        Levels: levels.map((l) => ({ LevelId: l.levelId, LevelName: l.levelName, Payments: l.payments, Amount: toYuan(l.amountFen) })),
        Payments: levels.reduce((n, l) => n + l.payments, 0),
        Amount: toYuan(levels.reduce((n, l) => n + l.amountFen, 0)),
        States: Object.values(MembershipState).map((state) => ({ State: state, StateName: membershipStateNames[state], Members: count(state) })),
      };
      return ok(summary);
    },
  );

  app.get(
    '/GetMembership/:id',
    {
      onRequest: requireAdmin('member:list', 'member:payment:add'),
      schema: {
        ...adminDocs,
        summary: '会员的会籍：等级、年费、入会日期、有效期至、状态',
        params: memberParams,
        'x-data': membershipDto,
        'x-codes': memberMissing,
      },
    },
    async (request) => ok(await membershipOf(db, request.params.id, now())),
  );

  app.get(
    '/GetMemberReminders/:id',
    {
      onRequest: requireAdmin('member:list'),
      schema: { ...adminDocs, summary: '会员收到的续费提醒（新到旧，含邮件发送状态）', params: memberParams, 'x-data': z.array(membershipReminderDto) },
    },
    async (request) => ok((await remindersOf(db, request.params.id)).map(toReminderDto)),
  );
}

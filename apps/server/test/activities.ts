import { expect } from 'vitest';
import { parseCst, type ActivityDetailDto, type MyActivityDetailDto } from '@portal/shared';
import { adminCall, createAdminTestApp, loginAdmin, testClock } from './admin.js';
import type { Engine } from '../src/db/connection.js';
import type { Config } from '../src/config.js';
import type { TestApp } from './harness.js';
import { addMember, loginMember, publicCall, seedTypeChoices, type TypeChoices } from './members.js';

/**
 * An activity's world for the waitlist and check-in tests: a back office, members of one
 * level signed in, and a clock moved by hand. Sessions idle out while the clock jumps days, so
 * every call signs in again when the clock has moved since its last sign-in.
 */
export interface ActivityScene {
  t: TestApp;
  types: TypeChoices;
  clock: ReturnType<typeof testClock>;
  /** Moves the clock to a CST time `yyyy-MM-dd HH:mm:ss`. */
  moveTo(cst: string): void;
  /** Members by account. */
  ids: Record<string, number>;
  addMembers(...accounts: string[]): Promise<void>;
  /** A back-office call (/api/XfSysBussiness/…) as `admin` or as another admin's token, to this app or another instance `on` its database. */
  business<T = unknown>(url: string, payload?: Record<string, unknown>, token?: string, on?: TestApp): Promise<{ Code: number; Message: string; Data: T }>;
  /** A member-area call (/api/XfWebApi/…) as the member, to this app or another instance `on` its database. */
  member<T = unknown>(account: string, url: string, payload?: Record<string, unknown>, on?: TestApp): Promise<{ Code: number; Message: string; Data: T }>;
  /** Saves an activity (a new one unless ActivityId is given) and answers its id. */
  save(overrides?: Record<string, unknown>): Promise<number>;
  /** A new activity, published to the members' level; answers its id. */
  publish(overrides?: Record<string, unknown>): Promise<number>;
  detail(id: number): Promise<ActivityDetailDto>;
  mine(account: string, id: number): Promise<MyActivityDetailDto>;
  close(): Promise<void>;
}

/** 2024-06-20 09:00–17:00, sign-up until the 15th at 18:00, for the members' level, no limit. */
export function activityBody(types: TypeChoices, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    ActivityId: 0,
    Title: '工程质量风险管理培训班',
    Description: '<p>培训安排</p>',
    Place: '北京市西城区三里河路9号',
    StartTime: '2024-06-20 09:00:00',
    EndTime: '2024-06-20 17:00:00',
    SignUpDeadline: '2024-06-15 18:00:00',
    Capacity: 0,
    AudienceAll: false,
    MemberLevels: [types.memberLevel],
    Attachments: [],
    ...overrides,
  };
}

/** `backgroundJobs` runs the mail outbox and the other jobs, for a scene whose mail is received (off by default). */
export async function activityScene(engine: Engine, config: Partial<Config> = {}, { backgroundJobs = false } = {}): Promise<ActivityScene> {
  const clock = testClock();
  const t = await createAdminTestApp(engine, { now: clock.now, backgroundJobs }, config);
  const types = await seedTypeChoices(t);
  const ids: Record<string, number> = {};
  const sessions = new Map<string, { token: string; at: number }>();
  const session = async (key: string, signIn: () => Promise<string>) => {
    const kept = sessions.get(key);
    if (kept && kept.at === clock.now()) return kept.token;
    const token = await signIn();
    sessions.set(key, { token, at: clock.now() });
    return token;
  };
  const admin = () => session('admin', () => loginAdmin(t));
  const scene: ActivityScene = {
    t,
    types,
    clock,
    moveTo: (cst) => clock.advance(parseCst(cst) - clock.now()),
    ids,
    async addMembers(...accounts) {
      for (const account of accounts) ids[account] = await addMember(t, await admin(), types, account);
    },
    async business(url, payload, token, on = t) {
      return adminCall(on, token ?? (await admin()), payload ? 'POST' : 'GET', `/api/XfSysBussiness/${url}`, payload);
    },
    async member(account, url, payload, on = t) {
      return publicCall(on, await session(`member:${account}`, () => loginMember(t, account)), payload ? 'POST' : 'GET', url, payload);
    },
    async save(overrides = {}) {
      const saved = await scene.business<number>('SaveActivityDetail', activityBody(types, overrides));
      expect(saved.Code, saved.Message).toBe(200);
      return saved.Data;
    },
    async publish(overrides = {}) {
      const id = await scene.save(overrides);
      const published = await scene.business('PublishActivity', { ActivityId: id });
      expect(published.Code, published.Message).toBe(200);
      return id;
    },
    async detail(id) {
      return (await scene.business<ActivityDetailDto>(`GetActivity/${id}`)).Data;
    },
    async mine(account, id) {
      const opened = await scene.member<MyActivityDetailDto>(account, `GetMyActivity/${id}`);
      expect(opened.Code, opened.Message).toBe(200);
      return opened.Data;
    },
    close: () => t.close(),
  };
  return scene;
}

/** Marks members checked in at an activity as the check-in calls store it, skipping the door's rules (for tests of what follows). */
export const markCheckedIn = (scene: ActivityScene, activityId: number, at: string, ...accounts: string[]) =>
  scene.t.app.services.database.db
    .updateTable('activity_notices')
    .set({ checked_in_at: at, checked_in_by: 'admin' })
    .where('activity_id', '=', activityId)
    .where(
      'member_id',
      'in',
      accounts.map((a) => scene.ids[a]!),
    )
    .execute();

import { expect, type APIRequestContext } from '@playwright/test';
import { addMember, call, MEMBER_PASSWORD } from './activity-session.js';
import { adminToken, forgetWorkerSession, unique, type Envelope } from './admin-session.js';
import { apiData } from './helpers.js';

/** Elections in the journeys: the server's clock moved through the windows, and a closed election made through the calls. */

const HOUR = 3_600_000;

/** Moves the e2e server's clock `ms` ahead of the machine's (0: back in step; e2e/server.ts). */
export async function serverClock(request: APIRequestContext, ms: number): Promise<void> {
  const res = await request.post('/__e2e/clock', { data: { offsetMs: ms } });
  expect(((await res.json()) as { offsetMs: number }).offsetMs).toBe(ms);
  // Sessions idle out as the clock runs on, the worker's own among them.
  forgetWorkerSession();
}

/** A CST time `ms` from `from`, as the API takes it (yyyy-MM-dd HH:mm:ss). */
export const cstAt = (from: number, ms: number): string => new Date(from + ms + 8 * HOUR).toISOString().slice(0, 19).replace('T', ' ');

/** A member's session token, signed in through GetLoginToken. */
export async function memberToken(request: APIRequestContext, account: string): Promise<string> {
  const login = (await (await request.post('/api/XfWebApi/GetLoginToken', { data: { str1: account, str2: MEMBER_PASSWORD } })).json()) as Envelope<string>;
  expect(login.Code, login.Message).toBe(200);
  return login.Data;
}

/**
 * A closed and counted election made through the calls, for the pages that show a published
 * result (axe, the Nu checker): two candidates, the roll of a new 理事单位 member and the
 * members of that level before, one ballot; answers its id and the ballot's receipt. The server's
 * clock is back in step when it returns.
 */
export async function closedElection(request: APIRequestContext): Promise<{ id: number; receipt: string }> {
  const admin = await adminToken(request);
  const levels = await apiData<{ Id: number; Name: string }[]>(request, 'GetTypeList', { type: 2 });
  const council = levels.find((l) => l.Name === '理事单位')!;
  const voter = await memberToken(request, await addMember(request, admin, council.Id, unique('选举公布测试单位')));
  const now = Date.now();
  try {
    const id = await call<number>(request, 'XfSysBussiness/SaveElection', admin, {
      Id: 0,
      Title: unique('公布页测试选举'),
      Seats: 1,
      MaxChoices: 1,
      NominationStart: cstAt(now, -HOUR),
      NominationEnd: cstAt(now, HOUR),
      VotingStart: cstAt(now, 2 * HOUR),
      VotingEnd: cstAt(now, 3 * HOUR),
      QuorumType: 1,
      QuorumValue: 1,
      RollLevels: [council.Id],
    });
    const first = await call<number>(request, 'XfSysBussiness/SaveElectionCandidate', admin, { Id: 0, ElectionId: id, Name: '张三', Bio: '高级工程师' });
    await call(request, 'XfSysBussiness/SaveElectionCandidate', admin, { Id: 0, ElectionId: id, Name: '李四' });
    await serverClock(request, HOUR + 60_000);
    await call(request, 'XfSysBussiness/ConfirmElectionCandidates', admin, { Id: id });
    await call(request, 'XfSysBussiness/FreezeElectionRoll', admin, { Id: id });
    await serverClock(request, 2 * HOUR + 60_000);
    const { Receipt } = await call<{ Receipt: string }>(request, 'XfWebApi/CastBallot', voter, { ElectionId: id, Choices: [first] });
    await serverClock(request, 3 * HOUR + 60_000);
    // A session of its own: the first has idled out (two hours) while the clock moved on.
    await call(request, 'XfSysBussiness/CloseElection', await adminToken(request), { Id: id });
    return { id, receipt: Receipt };
  } finally {
    await serverClock(request, 0);
  }
}

import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MembershipState,
  type BallotReceiptDto,
  type ElectionDetailDto,
  type ElectionPublicationDto,
  type ElectionResultDto,
  type ElectionVerificationDto,
  type ListDto,
  type MyElectionDto,
  type NomineeDto,
  type ReceiptCheckDto,
  type ElectionVoterDto,
} from '@portal/shared';
import { adminCall, createAdminTestApp, loginAdmin, testClock } from '../../../test/admin.js';
import { atOnce, sharingInstances } from '../../../test/concurrency.js';
import { engines, type TestApp } from '../../../test/harness.js';
import { addMember, freshAddress, loginMember, publicCall, seedTypeChoices, type TypeChoices } from '../../../test/members.js';
import { readSheet } from '../../../test/xlsx.js';
import { ballotHash, GENESIS } from './chain.js';
import { decide } from './rules.js';

/** The test clock starts at 2024-06-01 10:00 CST; the windows below are reached by moving it. */
const rules = {
  Title: '第五届理事会换届选举',
  Description: '选举第五届理事会理事',
  Seats: 2,
  MaxChoices: 2,
  NominationStart: '2024-06-02 09:00:00',
  NominationEnd: '2024-06-05 18:00:00',
  VotingStart: '2024-06-06 09:00:00',
  VotingEnd: '2024-06-06 17:00:00',
  QuorumType: 2,
  QuorumValue: 50,
  ThresholdPercent: 50,
};
/** Moves the clock to a CST time. */
const at = (cst: string) => Date.parse(`${cst.replace(' ', 'T')}+08:00`);

describe('election arithmetic', () => {
  it('elects the most voted over the threshold, leaves a tied last seat and a missed quorum unfilled', () => {
    const s = (votes: number[]) => votes.map((v, i) => ({ candidateId: i + 1, votes: v }));
    // 10 ballots, more than half is 6 or more.
    expect(decide(s([7, 6, 5]), 2, 10, 5, 50)).toMatchObject({ elected: new Set([1, 2]), quorumMet: true, unfilled: 0, note: '' });
    expect(decide(s([7, 5, 5]), 2, 10, 5, 50)).toMatchObject({ elected: new Set([1]), unfilled: 1 });
    expect(decide(s([7, 6, 6]), 2, 10, 5, 50)).toMatchObject({ elected: new Set([1]), unfilled: 1, note: '末位候选人得票相同，1个名额空缺，需另行选举' });
    expect(decide(s([7, 7, 7]), 2, 10, 5, 50).elected.size).toBe(0);
    expect(decide(s([5]), 1, 10, 5, 50).note).toBe('得票超过投票总数50%（至少6票）的候选人不足，1个名额空缺，需另行选举');
    expect(decide(s([9, 9]), 2, 10, 11, 50)).toMatchObject({
      elected: new Set(),
      quorumMet: false,
      unfilled: 2,
      note: '投票人数未达到法定人数（11票），选举无效',
    });
  });
});

describe.each(engines)('council elections on %s', (engine) => {
  const clock = testClock();
  let t: TestApp;
  let admin: string;
  let types: TypeChoices;
  let otherLevel: number;
  /** Members of the election's level in good standing: m[0]..m[5]. */
  const m: { id: number; token: string }[] = [];
  let outsider: { id: number; token: string };
  let lapsed: { id: number; token: string };
  let electionId = 0;
  const receipts: string[] = [];

  /**
   * Moves the clock to a CST time; sessions idle that long have ended, so everyone signs in
   * again (the sign-in is not what these tests are about).
   */
  const moveTo = async (cst: string) => {
    clock.advance(at(cst) - clock.now());
    admin = await loginAdmin(t);
    for (const [i, x] of m.entries()) x.token = await loginMember(t, `voter${i}`);
    outsider.token = await loginMember(t, 'outsider');
    lapsed.token = await loginMember(t, 'lapsed');
  };
  const staff = <T = unknown>(method: 'GET' | 'POST', name: string, payload?: Record<string, unknown>) =>
    adminCall<T>(t, admin, method, `/api/XfSysBussiness/${name}`, payload);
  const member = <T = unknown>(token: string, method: 'GET' | 'POST', name: string, payload?: Record<string, unknown>) =>
    publicCall<T>(t, token, method, name, payload);
  const detail = async () => (await staff<ElectionDetailDto>('GET', `GetElection?id=${electionId}`)).Data;
  const count = async (table: 'elections' | 'election_ballots' | 'election_nominations' | 'election_candidates') =>
    Number(
      (
        await t.app.services.database.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const votedFlags = async () =>
    Number(
      (
        await t.app.services.database.db
          .selectFrom('election_voters')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('voted', '=', 1)
          .executeTakeFirstOrThrow()
      ).n,
    );

  beforeAll(async () => {
    t = await createAdminTestApp(engine, { now: clock.now });
    admin = await loginAdmin(t);
    types = await seedTypeChoices(t);
    otherLevel = (
      await t.app.services.database.db
        .insertInto('type_items')
        .values({ type: 2, name: '普通会员', sort_number: 0, status: 1, created_at: '2024-01-01 00:00:00' })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    const add = async (account: string, level = types.memberLevel) => {
      const id = await addMember(t, admin, types, account, { MemberLevel: level });
      return { id, token: await loginMember(t, account) };
    };
    for (let i = 0; i < 6; i++) m.push(await add(`voter${i}`));
    outsider = await add('outsider', otherLevel);
    lapsed = await add('lapsed');
    await t.app.services.database.db
      .updateTable('members')
      .set({ expire_date: '2024-01-01', membership_state: MembershipState.Expired })
      .where('id', '=', lapsed.id)
      .execute();
  });
  afterAll(() => t.close());

  it('refuses bad rules with a clear message and stores nothing', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ Title: ' ' }, '请输入选举名称'],
      [{ MaxChoices: 3 }, '每票最多可选人数不能超过应选名额'],
      [{ Seats: 0 }, '应选名额应为1-100的整数'],
      [{ VotingStart: '2024-06-05 12:00:00' }, '投票开始时间不能早于提名截止时间'],
      [{ VotingEnd: '2024-06-06 09:00:00' }, '投票截止时间应晚于投票开始时间'],
      [{ NominationEnd: '2024-06-02 09:00:00' }, '提名截止时间应晚于提名开始时间'],
      [{ NominationStart: '2024-06-31 09:00:00' }, '时间格式应为yyyy-MM-dd HH:mm:ss'],
      [{ QuorumValue: 101 }, '法定比例应为0-100的整数（百分比）'],
      [{ QuorumType: 3 }, '法定人数方式只能是1（按票数）或2（按名册比例）'],
      [{ ThresholdPercent: 100 }, '当选票数比例应为0-99的整数（得票须超过投票总数的该百分比）'],
      [{ RollStandings: [3] }, '可投票的会籍状态只能是有效（1）或宽限期（2）'],
      [{ RollStandings: [] }, '请选择可投票的会籍状态（有效、宽限期）'],
      [{ RollLevels: [999_999] }, '所选会员等级不存在'],
    ];
    for (const [change, message] of cases) {
      expect(await staff('POST', 'SaveElection', { ...rules, ...change }), JSON.stringify(change)).toEqual({ Code: 400, Message: message, Data: null });
    }
    expect(await count('elections')).toBe(0);
  });

  it('creates an election for one level; staff without the permission are refused', async () => {
    const saved = await staff<number>('POST', 'SaveElection', { ...rules, RollLevels: [types.memberLevel] });
    expect(saved.Code, saved.Message).toBe(200);
    electionId = saved.Data;
    expect(await detail()).toMatchObject({
      Title: rules.Title,
      Seats: 2,
      RollLevels: [types.memberLevel],
      RollStandings: [1, 2],
      Phase: 0,
      PhaseName: '筹备中',
      RollFrozenTime: '',
      Candidates: [],
    });
    const audit = await t.app.services.database.db.selectFrom('audit_logs').select(['action', 'target', 'result']).where('target', '=', '换届选举').execute();
    // The refused save of the first test is in the log too.
    expect(audit).toEqual([
      { action: 'member:election:add', target: '换届选举', result: 0 },
      { action: 'member:election:add', target: '换届选举', result: 1 },
    ]);
  });

  it('takes nominations within the window from members the rules admit, once each', async () => {
    const nominate = (who: { token: string }, NomineeId = 0) => member(who.token, 'POST', 'NominateCandidate', { ElectionId: electionId, NomineeId });
    expect(await nominate(m[0]!)).toMatchObject({ Code: 400, Message: '不在提名时间内' });
    await moveTo('2024-06-02 09:00:00');
    expect(await nominate(m[0]!)).toMatchObject({ Code: 200, Message: '提名成功' });
    expect(await nominate(m[1]!, m[2]!.id)).toMatchObject({ Code: 200 });
    expect(await nominate(m[3]!, m[2]!.id)).toMatchObject({ Code: 200 });
    expect(await nominate(m[0]!, m[1]!.id)).toMatchObject({ Code: 400, Message: '您已在本次选举中提名，每位会员限提名一次' });
    expect(await nominate(outsider)).toMatchObject({ Code: 400, Message: '您不在本次选举的范围内，不能提名' });
    expect(await nominate(m[4]!, outsider.id)).toMatchObject({ Code: 400, Message: '被提名会员不在本次选举的范围内或会籍不在有效期' });
    expect(await nominate(m[4]!, lapsed.id)).toMatchObject({ Code: 400, Message: '被提名会员不在本次选举的范围内或会籍不在有效期' });
    expect(await nominate(lapsed)).toMatchObject({ Code: 403, Message: '会员资格已过期，请续费后使用' });
    expect((await member(m[4]!.token, 'POST', 'NominateCandidate', { ElectionId: 999_999 })).Code).toBe(404);
    expect(await count('election_nominations')).toBe(3);

    const candidates = (await detail()).Candidates;
    expect(candidates.map((c) => [c.MemberId, c.Included, c.Nominations])).toEqual([
      [m[0]!.id, 0, 1],
      [m[2]!.id, 0, 2],
    ]);
    const mine = await member<MyElectionDto[]>(m[5]!.token, 'GET', 'GetMyElections');
    expect(mine.Data).toMatchObject([{ Id: electionId, PhaseName: '提名中', CanNominate: true, Nominated: false, OnRoll: false, CanVote: false }]);
    expect((await member<MyElectionDto[]>(outsider.token, 'GET', 'GetMyElections')).Data).toEqual([]);
  });

  it('finds the members a nomination accepts, by part of the company name, for a member who may nominate', async () => {
    const search = (who: { token: string }, key: string, electionid = electionId) =>
      member<NomineeDto[]>(who.token, 'GET', `SearchElectionNominees?electionid=${electionid}&key=${encodeURIComponent(key)}`);
    // The election's level in good standing, the searcher left out: neither the other level's member nor the lapsed one.
    expect(await search(m[4]!, '工程有限公司')).toMatchObject({ Code: 200 });
    expect((await search(m[4]!, '工程有限公司')).Data).toEqual(
      m.flatMap((x, i) => (i === 4 ? [] : [{ MemberId: x.id, CompanyName: `voter${i}工程有限公司` }])),
    );
    expect((await search(m[4]!, 'voter2')).Data).toEqual([{ MemberId: m[2]!.id, CompanyName: 'voter2工程有限公司' }]);
    // The user's % and _ match themselves.
    expect((await search(m[4]!, '%_')).Data).toEqual([]);
    for (const key of ['', 'v', ' v ']) expect(await search(m[4]!, key), key).toEqual({ Code: 400, Message: '请输入至少2个字的单位名称', Data: null });
    expect(await search(m[4]!, '工'.repeat(51))).toMatchObject({ Code: 400, Message: '关键词不能超过50个字' });
    // Refused as NominateCandidate refuses the searcher.
    expect(await search(outsider, '工程')).toMatchObject({ Code: 400, Message: '您不在本次选举的范围内，不能提名' });
    expect(await search(m[0]!, '工程')).toMatchObject({ Code: 400, Message: '您已在本次选举中提名，每位会员限提名一次' });
    expect(await search(lapsed, '工程')).toMatchObject({ Code: 403, Message: '会员资格已过期，请续费后使用' });
    expect((await search(m[4]!, '工程', 999_999)).Code).toBe(404);

    // At most 20, in member order; a narrower keyword finds the rest.
    const { db } = t.app.services.database;
    const { id: _id, ...model } = await db.selectFrom('members').selectAll().where('id', '=', m[5]!.id).executeTakeFirstOrThrow();
    await db
      .insertInto('members')
      .values(Array.from({ length: 21 }, (_, i) => ({ ...model, account: `bulk${i}`, member_name: `批量单位${String(i).padStart(2, '0')}` })))
      .execute();
    try {
      const found = (await search(m[4]!, '批量单位')).Data;
      expect(found.map((n) => n.CompanyName)).toEqual(Array.from({ length: 20 }, (_, i) => `批量单位${String(i).padStart(2, '0')}`));
      expect((await search(m[4]!, '批量单位20')).Data).toHaveLength(1);
    } finally {
      await db.deleteFrom('members').where('account', 'like', 'bulk%').execute();
    }

    // What the search finds, the nomination accepts; once nominated, the search is refused.
    const [found] = (await search(m[4]!, 'voter2')).Data;
    expect(await member(m[4]!.token, 'POST', 'NominateCandidate', { ElectionId: electionId, NomineeId: found!.MemberId })).toMatchObject({ Code: 200 });
    expect(await search(m[4]!, '工程')).toMatchObject({ Code: 400, Message: '您已在本次选举中提名，每位会员限提名一次' });
    expect((await detail()).Candidates.map((c) => [c.MemberId, c.Nominations])).toEqual([
      [m[0]!.id, 1],
      [m[2]!.id, 3],
    ]);
  });

  it('keeps candidates from staff, with checked photos, until the list is confirmed', async () => {
    const photo = '/uploads/202406/0123456789abcdef0123456789abcdef.png';
    const base = { ElectionId: electionId, Name: '王五', Bio: '高级工程师' };
    expect(await staff('POST', 'SaveElectionCandidate', { ...base, Photo: 'javascript:alert(1)' })).toMatchObject({
      Code: 400,
      Message: '照片需为上传的图片（.jpg/.jpeg/.png/.webp）',
    });
    expect(await staff('POST', 'SaveElectionCandidate', { ...base, Photo: photo })).toMatchObject({ Code: 400, Message: '照片不存在，请重新上传' });
    expect(await staff('POST', 'SaveElectionCandidate', { ...base, MemberId: m[0]!.id })).toMatchObject({
      Code: 400,
      Message: '该会员已是本次选举的候选人',
    });
    expect(await staff('POST', 'SaveElectionCandidate', { ...base, MemberId: 999_999 })).toMatchObject({
      Code: 400,
      Message: '所选会员不存在或未通过入会审核',
    });
    expect(await count('election_candidates')).toBe(2);
    await t.app.services.database.db
      .insertInto('uploads')
      .values({ path: photo, original_name: 'wang.png', size: 100, kind: 'image', owner: 'admin:1', created_at: '2024-06-02 09:00:00' })
      .execute();
    const wang = await staff<number>('POST', 'SaveElectionCandidate', { ...base, Photo: photo, SortNumber: 3 });
    expect(wang.Code, wang.Message).toBe(200);
    // Accepting the nominations: only the flag is sent, the rest is kept.
    const [first, second] = (await detail()).Candidates;
    for (const c of [first!, second!]) expect((await staff('POST', 'SaveElectionCandidate', { Id: c.Id, ElectionId: electionId, Included: 1 })).Code).toBe(200);
    const listed = (await detail()).Candidates;
    expect(listed.map((c) => [c.Name, c.Included, c.Photo])).toEqual([
      ['voter0工程有限公司', 1, ''],
      ['voter2工程有限公司', 1, ''],
      ['王五', 1, photo],
    ]);
    // The photo is named: the upload sweep keeps it.
    const { placesNaming } = await import('../uploads/places.js');
    expect((await placesNaming(t.app.services.database.db, [photo], () => sql<boolean>`1 = 0`)).map((p) => p.name)).toEqual(['选举候选人《王五》']);

    expect(await staff('POST', 'ConfirmElectionCandidates', { Id: electionId })).toMatchObject({ Code: 400, Message: '提名尚未截止，不能确认候选人名单' });
  });

  it('freezes the roll once, before voting, from the levels and standings; the rules are fixed from then on', async () => {
    const frozen = await staff<number>('POST', 'FreezeElectionRoll', { Id: electionId });
    expect(frozen).toMatchObject({ Code: 200, Data: 6 });
    expect(await staff('POST', 'FreezeElectionRoll', { Id: electionId })).toMatchObject({ Code: 400, Message: '选民名单已冻结' });
    const roll = await staff<ListDto<ElectionVoterDto>>('GET', `GetElectionRoll?electionid=${electionId}&pagesize=100`);
    expect(roll.Data.TotalCount).toBe(6);
    expect(roll.Data.List.map((v) => v.MemberId)).toEqual(m.map((x) => x.id));
    expect(roll.Data.List[0]).toMatchObject({ Account: 'voter0', LevelName: '理事单位', MembershipStateName: '有效', Voted: 0 });
    expect((await staff<ListDto<ElectionVoterDto>>('GET', `GetElectionRoll?electionid=${electionId}&key=voter3`)).Data.TotalCount).toBe(1);

    const file = await t.app.inject({ method: 'GET', url: `/api/XfSysBussiness/ExportElectionRoll?electionid=${electionId}`, headers: { token: admin } });
    expect(file.headers['content-type']).toContain('spreadsheetml');
    const sheet = await readSheet(file.rawPayload);
    expect(sheet[0]).toEqual(['会员账号', '会员名称', '会员等级', '冻结时会籍状态', '是否已投票']);
    expect(sheet.slice(1).map((r) => r[0])).toEqual(['voter0', 'voter1', 'voter2', 'voter3', 'voter4', 'voter5']);

    for (const change of [{ Seats: 3 }, { VotingEnd: '2024-06-06 18:00:00' }, { RollStandings: [1] }]) {
      expect(await staff('POST', 'SaveElection', { Id: electionId, ...change })).toMatchObject({ Code: 400, Message: '选民名单已冻结，选举规则不能再修改' });
    }
    expect(await staff('POST', 'SaveElection', { Id: electionId, Title: '第五届理事会选举' })).toMatchObject({ Code: 200 });
    expect(await staff('POST', 'DelElection', { Id: electionId })).toMatchObject({ Code: 400, Message: '选民名单已冻结，不能删除选举' });
    expect((await detail()).Title).toBe('第五届理事会选举');
  });

  it('confirms the candidates after the nominations; the list is then fixed', async () => {
    await moveTo('2024-06-05 18:00:00');
    expect((await member(m[5]!.token, 'POST', 'NominateCandidate', { ElectionId: electionId })).Message).toBe('不在提名时间内');
    expect((await member(m[5]!.token, 'GET', `SearchElectionNominees?electionid=${electionId}&key=voter`)).Message).toBe('不在提名时间内');
    expect(await staff('POST', 'ConfirmElectionCandidates', { Id: electionId })).toMatchObject({ Code: 200 });
    expect(await staff('POST', 'ConfirmElectionCandidates', { Id: electionId })).toMatchObject({ Code: 400, Message: '候选人名单已确认' });
    const [first] = (await detail()).Candidates;
    expect(await staff('POST', 'SaveElectionCandidate', { Id: first!.Id, ElectionId: electionId, Name: '改名' })).toMatchObject({
      Code: 400,
      Message: '候选人名单已确认，不能再修改',
    });
    expect(await staff('POST', 'DelElectionCandidate', { Id: first!.Id })).toMatchObject({ Code: 400, Message: '候选人名单已确认，不能再修改' });
  });

  it('takes one ballot per voter of the roll within the window, refusing bad ballots without storing anything', async () => {
    const [a, b, c] = (await detail()).Candidates.map((x) => x.Id);
    const cast = (who: { token: string }, Choices: unknown) => member<BallotReceiptDto>(who.token, 'POST', 'CastBallot', { ElectionId: electionId, Choices });
    expect(await cast(m[0]!, [a])).toMatchObject({ Code: 400, Message: '不在投票时间内' });
    expect(await staff('GET', `GetElectionPublication?electionid=${electionId}`)).toMatchObject({ Code: 404 });
    expect((await member(m[0]!.token, 'GET', `GetElectionPublication?electionid=${electionId}`)).Message).toBe('选举尚未结束，结果未公布');
    await moveTo('2024-06-06 09:00:00');

    expect(await cast(outsider, [a])).toMatchObject({ Code: 400, Message: '您不在本次选举的选民名单中，不能投票' });
    expect(await cast(m[0]!, [a, b, c])).toMatchObject({ Code: 400, Message: '每票最多选2人' });
    expect(await cast(m[0]!, [a, 999_999])).toMatchObject({ Code: 400, Message: '所选候选人不在本次选票上' });
    expect(await cast(m[0]!, [a, a])).toMatchObject({ Code: 400, Message: '同一候选人不能重复选择' });
    expect(await cast(m[0]!, 'a')).toMatchObject({ Code: 400, Message: '参数错误' });
    expect(await count('election_ballots')).toBe(0);
    expect(await votedFlags()).toBe(0);
    expect(await staff('POST', 'CloseElection', { Id: electionId })).toMatchObject({ Code: 400, Message: '投票尚未截止，不能关闭选举' });

    const first = await cast(m[0]!, [a, c]);
    expect(first).toMatchObject({ Code: 200, Message: '投票成功，请保存回执码' });
    expect(first.Data.Receipt).toMatch(/^[0-9a-f]{32}$/);
    receipts.push(first.Data.Receipt);
    expect(await cast(m[0]!, [b])).toMatchObject({ Code: 400, Message: '您已投票，每位选民只能投一次' });
    // A blank ballot (弃权) is a ballot.
    const blank = await cast(m[1]!, []);
    expect(blank.Code, blank.Message).toBe(200);
    receipts.push(blank.Data.Receipt);
    for (const [who, choice] of [
      [m[3]!, [a, c]],
      [m[4]!, [c]],
    ] as const) {
      const answer = await cast(who, choice);
      expect(answer.Code, answer.Message).toBe(200);
      receipts.push(answer.Data.Receipt);
    }
    // A member whose standing lapsed after the freeze is still on the roll: the roll is what was frozen.
    const mine = (await member<MyElectionDto[]>(m[5]!.token, 'GET', 'GetMyElections')).Data;
    expect(mine).toMatchObject([{ OnRoll: true, CanVote: true, Voted: false, PhaseName: '投票中' }]);
    expect(mine[0]!.Candidates.map((x) => x.Name)).toEqual(['voter0工程有限公司', 'voter2工程有限公司', '王五']);
    expect((await member<MyElectionDto[]>(m[0]!.token, 'GET', 'GetMyElections')).Data[0]).toMatchObject({ Voted: true, CanVote: false });
    expect(await count('election_ballots')).toBe(4);
    expect(await votedFlags()).toBe(4);
  });

  it('counts exactly one of many submissions at once by one voter, across instances', async () => {
    const [a] = (await detail()).Candidates.map((x) => x.Id);
    const instances = await sharingInstances(t, { now: clock.now });
    try {
      const answers = await atOnce(instances.apps, 12, (app) =>
        app.app
          .inject({
            method: 'POST',
            url: '/api/XfWebApi/CastBallot',
            headers: { ...freshAddress(), token: m[2]!.token },
            payload: { ElectionId: electionId, Choices: [a] },
          })
          .then((res) => JSON.parse(res.body) as { Code: number; Message: string; Data: BallotReceiptDto | null }),
      );
      const accepted = answers.filter((x) => x.Code === 200);
      expect(accepted).toHaveLength(1);
      expect(answers.filter((x) => x.Code !== 200).map((x) => x.Message)).toEqual(Array(11).fill('您已投票，每位选民只能投一次'));
      receipts.push(accepted[0]!.Data!.Receipt);
    } finally {
      await instances.close();
    }
    expect(await count('election_ballots')).toBe(5);
    expect(await votedFlags()).toBe(5);
  });

  it('keeps who voted apart from what they voted: no shared column, no time, no order', async () => {
    const { db } = t.app.services.database;
    const columnsOf = async (table: string): Promise<string[]> =>
      engine === 'sqlite'
        ? (await sql<{ name: string }>`select name from pragma_table_info(${table})`.execute(db)).rows.map((r) => r.name)
        : (
            await sql<{
              column_name: string;
            }>`select column_name from information_schema.columns where table_name = ${table} and table_schema = current_schema()`.execute(db)
          ).rows.map((r) => r.column_name);
    const voters = await columnsOf('election_voters');
    const ballots = await columnsOf('election_ballots');
    expect(voters.filter((c) => ballots.includes(c))).toEqual(['election_id']);
    expect(ballots.sort()).toEqual(['choices', 'election_id', 'hash', 'id', 'prev_hash']);
    expect(voters.some((c) => /_at$|time|date/.test(c))).toBe(false);
    if (engine === 'sqlite') {
      // No rowid: the rows are kept in the order of their random ids, not of arrival.
      await expect(sql`select rowid from election_ballots`.execute(db)).rejects.toThrow(/rowid/);
    }
    // The stored rows: random ids, the choices, nothing of the voter.
    const rows = await db.selectFrom('election_ballots').selectAll().execute();
    const memberIds = new Set(m.map((x) => String(x.id)));
    for (const row of rows) {
      expect(row.id).toMatch(/^[0-9a-f]{32}$/);
      expect(memberIds.has(row.id)).toBe(false);
      expect(row).toMatchObject({ hash: '', prev_hash: '' });
    }
    expect(rows.map((r) => r.id).sort()).toEqual([...receipts].sort());
  });

  it('closes after the window: the count, the chain head and the number of ballots are stored and published', async () => {
    await moveTo('2024-06-06 17:00:00');
    expect((await member(m[5]!.token, 'POST', 'CastBallot', { ElectionId: electionId, Choices: [] })).Message).toBe('不在投票时间内');
    const [a, b, c] = (await detail()).Candidates;
    const closed = await staff<ElectionResultDto>('POST', 'CloseElection', { Id: electionId });
    expect(closed.Code, closed.Message).toBe(200);
    // Ballots: m0 [a, c], m1 blank, m3 [a, c], m4 [c], m2 [a]. 5 of 6, over the quorum of 3; more than half is 3.
    expect(closed.Data).toMatchObject({
      Title: '第五届理事会选举',
      RollSize: 6,
      BallotCount: 5,
      BlankCount: 1,
      Turnout: 83.3,
      QuorumBallots: 3,
      QuorumMet: true,
      VotesNeeded: 3,
      Candidates: [
        { CandidateId: a!.Id, Votes: 3, Percent: 60, Elected: true },
        { CandidateId: c!.Id, Votes: 3, Percent: 60, Elected: true },
        { CandidateId: b!.Id, Votes: 0, Percent: 0, Elected: false },
      ],
      Elected: ['voter0工程有限公司', '王五'],
      UnfilledSeats: 0,
      Note: '',
    });
    expect(closed.Data.ChainHead).toMatch(/^[0-9a-f]{64}$/);
    expect(await staff('POST', 'CloseElection', { Id: electionId })).toMatchObject({ Code: 400, Message: '选举已结束' });
    expect(await staff('POST', 'SaveElection', { Id: electionId, Title: '再改' })).toMatchObject({ Code: 400, Message: '选举已结束' });

    // Anyone reads the publication; the hashes are the chain, its last the head.
    const published = await publicCall<ElectionPublicationDto>(t, undefined, 'GET', `GetElectionPublication?electionid=${electionId}`);
    expect(published.Data.Result).toEqual(closed.Data);
    expect(published.Data.Hashes).toHaveLength(5);
    expect(published.Data.Hashes.at(-1)).toBe(closed.Data.ChainHead);
    const sorted = [...receipts].sort();
    let prev = GENESIS;
    const choicesById = new Map(
      (await t.app.services.database.db.selectFrom('election_ballots').select(['id', 'choices']).execute()).map((r) => [r.id, r.choices]),
    );
    for (const [i, id] of sorted.entries()) {
      prev = ballotHash(prev, id, choicesById.get(id)!);
      expect(published.Data.Hashes[i]).toBe(prev);
    }

    // A voter checks their receipt; a made-up one is not found; a malformed one is refused.
    const check = (receipt: string) => publicCall<ReceiptCheckDto>(t, undefined, 'GET', `CheckElectionReceipt?electionid=${electionId}&receipt=${receipt}`);
    const mine = await check(receipts[0]!.toUpperCase().replace(/(.{8})/g, '$1-'));
    expect(mine.Data).toMatchObject({ Found: true, Position: sorted.indexOf(receipts[0]!) + 1 });
    expect(published.Data.Hashes).toContain(mine.Data.Hash);
    expect((await check('0'.repeat(32))).Data).toEqual({ Found: false, Position: 0, Hash: '', PrevHash: '' });
    expect(await check('xyz')).toMatchObject({ Code: 400, Message: '回执码应为32位字母或数字' });

    // The close rewrote both tables in one transaction: on PostgreSQL every row carries its id.
    if (engine === 'postgres') {
      const { db } = t.app.services.database;
      for (const table of ['election_ballots', 'election_voters']) {
        const { rows } = await sql<{ x: string }>`select distinct xmin::text as x from ${sql.table(table)}`.execute(db);
        expect(rows, table).toHaveLength(1);
      }
    }
  });

  it('verifies the chain and the count, finds a changed row, and counts again to the same result', async () => {
    const { db } = t.app.services.database;
    const verify = async () => (await staff<ElectionVerificationDto>('GET', `VerifyElection?id=${electionId}`)).Data;
    const result = async () => (await staff<ElectionResultDto>('GET', `GetElectionResult?id=${electionId}`)).Data;
    const before = await result();
    expect(await verify()).toEqual({ Valid: true, BallotCount: 5, ChainHead: before.ChainHead, Problems: [] });

    const [, second] = [...receipts].sort();
    const row = await db.selectFrom('election_ballots').selectAll().where('id', '=', second!).executeTakeFirstOrThrow();
    const [b] = (await detail()).Candidates.filter((x) => x.Votes === 0);
    await db
      .updateTable('election_ballots')
      .set({ choices: String(b!.Id) })
      .where('id', '=', row.id)
      .execute();
    const tampered = await verify();
    expect(tampered.Valid).toBe(false);
    expect(tampered.Problems).toContain(`第2张选票（回执${row.id.slice(0, 8)}…）的内容与其哈希不符`);
    expect(tampered.Problems.some((p) => p.startsWith('重新计票'))).toBe(true);

    // Sealing the changed row again breaks the next link and the head.
    await db
      .updateTable('election_ballots')
      .set({ hash: ballotHash(row.prev_hash, row.id, String(b!.Id)) })
      .where('id', '=', row.id)
      .execute();
    expect((await verify()).Problems).toContain(`第3张选票（回执${[...receipts].sort()[2]!.slice(0, 8)}…）的前一哈希与链不符`);

    await db.updateTable('election_ballots').set({ choices: row.choices, hash: row.hash }).where('id', '=', row.id).execute();
    const removed = await db.selectFrom('election_ballots').selectAll().where('id', '=', receipts[0]!).executeTakeFirstOrThrow();
    await db.deleteFrom('election_ballots').where('id', '=', removed.id).execute();
    expect((await verify()).Problems).toContain('选票数4与公布的5不符');
    await db.insertInto('election_ballots').values(removed).execute();
    expect((await verify()).Valid).toBe(true);
    expect(await result()).toEqual(before);
  });

  it('lets a confirmed election not yet frozen move its windows, not its seats', async () => {
    const saved = await staff<number>('POST', 'SaveElection', {
      ...rules,
      Title: '补选',
      NominationStart: '2024-06-07 09:00:00',
      NominationEnd: '2024-06-08 09:00:00',
      VotingStart: '2024-06-09 09:00:00',
      VotingEnd: '2024-06-09 17:00:00',
    });
    expect(saved.Code, saved.Message).toBe(200);
    expect((await staff('POST', 'SaveElectionCandidate', { ElectionId: saved.Data, Name: '赵六' })).Code).toBe(200);
    await moveTo('2024-06-08 09:00:00');
    expect((await staff('POST', 'ConfirmElectionCandidates', { Id: saved.Data })).Code).toBe(200);
    expect(await staff('POST', 'SaveElection', { Id: saved.Data, Seats: 1, MaxChoices: 1 })).toMatchObject({
      Code: 400,
      Message: '候选人名单已确认，应选名额和每票最多可选人数不能再修改',
    });
    expect(await staff('POST', 'SaveElection', { Id: saved.Data, VotingStart: '2024-06-10 09:00:00', VotingEnd: '2024-06-10 17:00:00' })).toMatchObject({
      Code: 200,
    });
    // Every level this time: the six voters and the outsider; the lapsed member is not in good standing.
    expect((await staff<number>('POST', 'FreezeElectionRoll', { Id: saved.Data })).Data).toBe(7);
  });
});

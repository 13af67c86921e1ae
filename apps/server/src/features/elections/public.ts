import { z } from 'zod';
import {
  ballotReceiptDto,
  castBallotBody,
  electionMessages,
  myElectionDto,
  nominateBody,
  NOMINEE_SEARCH_LIMIT,
  nomineeDto,
  nomineeSearchQuery,
} from '@portal/shared';
import type { App } from '../../http/app-types.js';
import { ok } from '../../http/envelope.js';
import { currentMember, requireMember, requireMemberInGoodStanding } from '../members/guard.js';
import { castBallot, nominate } from './ballots.js';
import { memberDocs, electionMissing } from './docs.js';
import { myElections } from './member.js';
import { searchNominees } from './nominees.js';

/** Elections in the member area under /api/XfWebApi/: what the member takes part in, nominating, voting. */
export async function electionsPublic(app: App): Promise<void> {
  const { database, now } = app.services;
  const { db } = database;

  app.get(
    '/GetMyElections',
    {
      onRequest: requireMember,
      schema: {
        ...memberDocs,
        summary: '本会员参与的进行中的选举：在其选民名单上的，及正在提名且本会员符合条件的；含候选人（确认后）、是否可提名、可投票、已投票',
        'x-data': z.array(myElectionDto),
      },
    },
    async (request) => ok(await myElections(db, (await currentMember(request)).memberId, now())),
  );

  app.get(
    '/SearchElectionNominees',
    {
      onRequest: requireMemberInGoodStanding,
      schema: {
        ...memberDocs,
        summary: `按单位名称（至少2个字）查找可被提名的会员（提名期内，可提名的会员；不含本人），最多${NOMINEE_SEARCH_LIMIT}个，只答复会员编号与单位名称；不能提名时答复与 NominateCandidate 相同的原因`,
        querystring: nomineeSearchQuery,
        'x-data': z.array(nomineeDto),
        'x-codes': electionMissing,
      },
    },
    async (request) => ok(await searchNominees(db, (await currentMember(request)).memberId, request.query, now())),
  );

  app.post(
    '/NominateCandidate',
    {
      onRequest: requireMemberInGoodStanding,
      schema: {
        ...memberDocs,
        summary: '提名候选人（提名期内，会籍有效且符合选举范围的会员，每次选举限一次）：提名本人（NomineeId 为 0）或另一位符合条件的会员',
        body: nominateBody,
        'x-codes': electionMissing,
      },
    },
    async (request) => {
      await nominate(database, (await currentMember(request)).memberId, request.body, now());
      return ok(null, electionMessages.nominated);
    },
  );

  app.post(
    '/CastBallot',
    {
      onRequest: requireMember,
      schema: {
        ...memberDocs,
        summary: '投票（投票期内，选民名单上的会员，限一次）：所选候选人不超过每票最多可选人数，不选即弃权；答复回执码，选举结束后可核对',
        body: castBallotBody,
        'x-data': ballotReceiptDto,
        'x-codes': electionMissing,
      },
    },
    async (request) => {
      const receipt = await castBallot(database, (await currentMember(request)).memberId, request.body, now());
      return ok({ Receipt: receipt }, electionMessages.voted);
    },
  );
}

import { z } from 'zod';
import { messages, systemMessages } from '../messages/index.js';
import { MembershipState } from './membership.js';
import { idParam, integer, integerOr, isCstTime, optionalParam, optionalText, pagingQuery, requiredText, saveIdField } from './common.js';
export type {
  ElectionDto,
  ElectionCandidateDto,
  ElectionDetailDto,
  ElectionVoterDto,
  ElectionResultDto,
  ElectionVerificationDto,
  MyElectionDto,
  NomineeDto,
  BallotReceiptDto,
  ElectionPublicationDto,
  ReceiptCheckDto,
} from '../dto/elections.js';

/**
 * 理事会换届选举 (council elections; docs/elections.md). Staff set the rules and the candidates,
 * freeze the eligibility roll, and close the election, which counts the ballots and publishes the
 * count with the head of the ballots' hash chain. Members of the roll nominate within the
 * nomination window and vote once, in secret, within the voting window; anyone checks a receipt
 * against the published list once the election is closed.
 *
 * Times are CST `yyyy-MM-dd HH:mm:ss`; a window includes its start and excludes its end.
 */

export const electionMessages = {
  notFound: '选举不存在或已删除',
  titleRequired: '请输入选举名称',
  seatsInvalid: '应选名额应为1-100的整数',
  maxChoicesInvalid: '每票最多可选人数应为1-100的整数',
  maxChoicesAboveSeats: '每票最多可选人数不能超过应选名额',
  timeRequired: '请填写提名和投票的起止时间',
  timeInvalid: '时间格式应为yyyy-MM-dd HH:mm:ss',
  nominationEndBeforeStart: '提名截止时间应晚于提名开始时间',
  votingEndBeforeStart: '投票截止时间应晚于投票开始时间',
  votingBeforeNominationEnd: '投票开始时间不能早于提名截止时间',
  quorumTypeInvalid: '法定人数方式只能是1（按票数）或2（按名册比例）',
  quorumCountInvalid: '法定票数应为0-999999的整数',
  quorumPercentInvalid: '法定比例应为0-100的整数（百分比）',
  thresholdInvalid: '当选票数比例应为0-99的整数（得票须超过投票总数的该百分比）',
  standingsRequired: '请选择可投票的会籍状态（有效、宽限期）',
  standingInvalid: '可投票的会籍状态只能是有效（1）或宽限期（2）',
  levelUnknown: '所选会员等级不存在',
  rulesLocked: '选民名单已冻结，选举规则不能再修改',
  seatsLocked: '候选人名单已确认，应选名额和每票最多可选人数不能再修改',
  deleteAfterFreeze: '选民名单已冻结，不能删除选举',
  closed: '选举已结束',
  candidateNotFound: '候选人不存在或已删除',
  candidateNameRequired: '请输入候选人姓名',
  candidateMemberUnknown: '所选会员不存在或未通过入会审核',
  candidateDuplicate: '该会员已是本次选举的候选人',
  photoInvalid: '照片需为上传的图片（.jpg/.jpeg/.png/.webp）',
  photoMissing: '照片不存在，请重新上传',
  candidatesLocked: '候选人名单已确认，不能再修改',
  nominationNotEnded: '提名尚未截止，不能确认候选人名单',
  noCandidates: '至少需要一名列入选票的候选人',
  alreadyConfirmed: '候选人名单已确认',
  alreadyFrozen: '选民名单已冻结',
  freezeAfterVotingStart: '投票已开始，不能再冻结选民名单',
  rollEmpty: '没有符合条件的会员，不能冻结空的选民名单',
  rollNotFrozen: '选民名单尚未冻结',
  closeBeforeVotingEnd: '投票尚未截止，不能关闭选举',
  closeNotReady: '候选人名单未确认或选民名单未冻结，不能关闭选举',
  notClosed: '选举尚未结束，结果未公布',
  nominationClosed: '不在提名时间内',
  nominatorNotEligible: '您不在本次选举的范围内，不能提名',
  nomineeNotEligible: '被提名会员不在本次选举的范围内或会籍不在有效期',
  alreadyNominated: '您已在本次选举中提名，每位会员限提名一次',
  nomineeKeywordShort: '请输入至少2个字的单位名称',
  nominated: '提名成功',
  votingClosed: '不在投票时间内',
  notOnRoll: '您不在本次选举的选民名单中，不能投票',
  notReady: '候选人名单尚未确认，不能投票',
  alreadyVoted: '您已投票，每位选民只能投一次',
  tooManyChoices: (max: number) => `每票最多选${max}人`,
  choiceNotOffered: '所选候选人不在本次选票上',
  choicesRepeated: '同一候选人不能重复选择',
  voted: '投票成功，请保存回执码',
  receiptInvalid: '回执码应为32位字母或数字',
} as const;

/** How the quorum is given: 1 a number of ballots, 2 a percentage of the roll. */
export const QuorumType = { Count: 1, Percent: 2 } as const;
export type QuorumType = (typeof QuorumType)[keyof typeof QuorumType];
export const quorumTypeNames: Record<QuorumType, string> = { 1: '按票数', 2: '按名册比例' };

/** The standings a roll may admit: those in good standing (有效, 宽限期). */
export const rollStandingChoices = [MembershipState.Active, MembershipState.Grace] as const;

/** Where an election is, read from its dates and what staff did (the clock decides the windows). */
export const ElectionPhase = { Preparing: 0, Nominating: 1, AwaitingVote: 2, Voting: 3, Counting: 4, Closed: 5 } as const;
export type ElectionPhase = (typeof ElectionPhase)[keyof typeof ElectionPhase];
export const electionPhaseNames: Record<ElectionPhase, string> = {
  0: '筹备中',
  1: '提名中',
  2: '待投票',
  3: '投票中',
  4: '待计票',
  5: '已结束',
};

export const ELECTION_MAX_SEATS = 100;
/** A receipt code is the ballot's random id: 32 hex digits. */
export const RECEIPT_PATTERN = /^[0-9a-f]{32}$/;

const time = z
  .string({ error: electionMessages.timeRequired })
  .trim()
  .min(1, { error: electionMessages.timeRequired })
  .refine(isCstTime, { error: electionMessages.timeInvalid });

/**
 * SaveElection: Id 0 creates, > 0 edits (a field left out keeps its value). The rules (seats,
 * choices, windows, quorum, threshold, roll) cannot change once the roll is frozen, the seats and
 * choices not once the candidates are confirmed; the title and description can until the
 * election is closed.
 */
export const saveElectionBody = z
  .object({
    Id: saveIdField,
    Title: requiredText(electionMessages.titleRequired, '选举名称', 200),
    Description: optionalText('选举说明', 2000),
    Seats: integer(electionMessages.seatsInvalid, { min: 1, max: ELECTION_MAX_SEATS }),
    MaxChoices: integer(electionMessages.maxChoicesInvalid, { min: 1, max: ELECTION_MAX_SEATS }),
    NominationStart: time,
    NominationEnd: time,
    VotingStart: time,
    VotingEnd: time,
    QuorumType: integer(electionMessages.quorumTypeInvalid, { min: 1, max: 2 }),
    /** QuorumType 1: ballots needed; 2: percent of the roll (0-100). */
    QuorumValue: integer(electionMessages.quorumCountInvalid, { min: 0, max: 999_999 }),
    /** Elected: votes × 100 > ThresholdPercent × ballots cast (blank included); 50 is 过半数. */
    ThresholdPercent: integerOr(50, electionMessages.thresholdInvalid, { min: 0, max: 99 }),
    /** Member levels (type list 2) on the roll; empty: every level. */
    RollLevels: z.array(idParam, { error: messages.badParameter }).max(100, { error: messages.badParameter }).default([]),
    /** Standings on the roll, of 1 有效 and 2 宽限期. */
    RollStandings: z
      .array(integer(electionMessages.standingInvalid, { min: 1, max: 2 }), { error: electionMessages.standingsRequired })
      .min(1, { error: electionMessages.standingsRequired })
      .max(2, { error: electionMessages.standingInvalid })
      .default([...rollStandingChoices]),
  })
  .refine((b) => b.MaxChoices <= b.Seats, { error: electionMessages.maxChoicesAboveSeats, path: ['MaxChoices'] })
  .refine((b) => b.NominationEnd > b.NominationStart, { error: electionMessages.nominationEndBeforeStart, path: ['NominationEnd'] })
  .refine((b) => b.VotingStart >= b.NominationEnd, { error: electionMessages.votingBeforeNominationEnd, path: ['VotingStart'] })
  .refine((b) => b.VotingEnd > b.VotingStart, { error: electionMessages.votingEndBeforeStart, path: ['VotingEnd'] })
  .refine((b) => b.QuorumType !== QuorumType.Percent || b.QuorumValue <= 100, { error: electionMessages.quorumPercentInvalid, path: ['QuorumValue'] });
export type SaveElectionBody = z.infer<typeof saveElectionBody>;

/** GetElectionList: part of the title. */
export const electionListQuery = pagingQuery.extend({
  title: z.string().trim().max(50, { error: messages.keywordTooLong }).optional(),
});
export type ElectionListQuery = z.infer<typeof electionListQuery>;

/** One election by its id (?id=). */
export const electionIdQuery = z.object({ id: idParam });
/** The actions on one election: confirm the candidates, freeze the roll, close, delete. */
export const electionIdBody = z.object({ Id: idParam });

/** A candidate's photo: a picture uploaded through UploadImage (checked against the stored uploads). */
const photoPath = /^\/uploads\/\d{6}\/[A-Za-z0-9_-]+\.(?:jpe?g|png|webp)$/i;

/** SaveElectionCandidate: Id 0 adds a candidate (on the ballot unless Included is 0), > 0 edits one. */
export const saveCandidateBody = z.object({
  Id: saveIdField,
  ElectionId: idParam,
  /** The member the candidate is; 0 for a person without a member account. */
  MemberId: integerOr(0, messages.badParameter, { min: 0 }),
  Name: requiredText(electionMessages.candidateNameRequired, '候选人姓名', 100),
  Bio: optionalText('候选人简介', 2000),
  Photo: z
    .string()
    .trim()
    .default('')
    .refine((p) => p === '' || photoPath.test(p), { error: electionMessages.photoInvalid }),
  /** 1 on the ballot; 0 a nomination not (yet) accepted. */
  Included: integerOr(1, systemMessages.statusInvalid, { min: 0, max: 1 }),
  SortNumber: integerOr(0, messages.badParameter, { min: 0, max: 999_999 }),
});
export type SaveCandidateBody = z.infer<typeof saveCandidateBody>;

/** DelElectionCandidate. */
export const candidateIdBody = z.object({ Id: idParam });

/** GetElectionRoll and ExportElectionRoll: the frozen roll, by whether they voted and part of the name or account. */
export const electionRollQuery = pagingQuery.extend({
  electionid: idParam,
  voted: optionalParam(integer(messages.badParameter, { min: 0, max: 1 })),
  key: z.string().trim().max(50, { error: messages.keywordTooLong }).optional(),
});
export type ElectionRollQuery = z.infer<typeof electionRollQuery>;

/** NominateCandidate: the member nominates themselves (NomineeId 0) or another member. */
export const nominateBody = z.object({
  ElectionId: idParam,
  NomineeId: integerOr(0, messages.badParameter, { min: 0 }),
});
export type NominateBody = z.infer<typeof nominateBody>;

/** SearchElectionNominees: part of a company name, at least 2 characters (the list is no directory to page through). */
export const nomineeSearchQuery = z.object({
  electionid: idParam,
  key: z
    .string({ error: electionMessages.nomineeKeywordShort })
    .trim()
    .min(2, { error: electionMessages.nomineeKeywordShort })
    .max(50, { error: messages.keywordTooLong }),
});
export type NomineeSearchQuery = z.infer<typeof nomineeSearchQuery>;

/** At most this many nominees answer one search: a narrower keyword finds the rest. */
export const NOMINEE_SEARCH_LIMIT = 20;

/** CastBallot: the chosen candidates; none is a blank ballot (弃权), counted in the turnout. */
export const castBallotBody = z.object({
  ElectionId: idParam,
  Choices: z
    .array(idParam, { error: messages.badParameter })
    .max(ELECTION_MAX_SEATS, { error: electionMessages.tooManyChoices(ELECTION_MAX_SEATS) })
    .default([])
    .refine((ids) => new Set(ids).size === ids.length, { error: electionMessages.choicesRepeated }),
});
export type CastBallotBody = z.infer<typeof castBallotBody>;

/** GetElectionPublication: a closed election's published count and ballot hashes. */
export const electionPublicationQuery = z.object({ electionid: idParam });

/** CheckElectionReceipt: spaces, dashes and capitals a voter copied along are ignored. */
export const receiptCheckQuery = z.object({
  electionid: idParam,
  receipt: z
    .string({ error: electionMessages.receiptInvalid })
    .transform((r) => r.replace(/[\s-]/g, '').toLowerCase())
    .refine((r) => RECEIPT_PATTERN.test(r), { error: electionMessages.receiptInvalid }),
});

import { z } from 'zod';

/** What staff and members both see of an election. */
const electionBasics = {
  Id: z.int(),
  Title: z.string(),
  Description: z.string(),
  Seats: z.int(),
  MaxChoices: z.int(),
  NominationStart: z.string(),
  NominationEnd: z.string(),
  VotingStart: z.string(),
  VotingEnd: z.string(),
  /** ElectionPhase: 0 筹备中, 1 提名中, 2 待投票, 3 投票中, 4 待计票, 5 已结束. */
  Phase: z.int(),
  PhaseName: z.string(),
};

/** An election's rules and where it stands (GetElectionList, GetElection). */
const electionShape = {
  ...electionBasics,
  /** QuorumType: 1 按票数, 2 按名册比例. */
  QuorumType: z.int(),
  QuorumValue: z.int(),
  /** Elected: votes × 100 > ThresholdPercent × ballots cast. */
  ThresholdPercent: z.int(),
  RollLevels: z.array(z.int()),
  RollStandings: z.array(z.int()),
  /** '' until frozen. */
  RollFrozenTime: z.string(),
  RollSize: z.int(),
  /** '' until confirmed. */
  CandidatesConfirmedTime: z.string(),
  /** '' until closed. */
  ClosedTime: z.string(),
  /** Ballots cast so far (the count at close once closed). */
  BallotCount: z.int(),
  CreateTime: z.string(),
  UpdateTime: z.string(),
};
export const electionDto = z.object(electionShape).meta({ id: 'ElectionDto' });
export type ElectionDto = z.infer<typeof electionDto>;

/** A candidate as staff see it: with the nominations and, after close, the count. */
export const electionCandidateDto = z
  .object({
    Id: z.int(),
    ElectionId: z.int(),
    /** 0: not a member account. */
    MemberId: z.int(),
    Name: z.string(),
    Bio: z.string(),
    Photo: z.string(),
    /** 1 on the ballot, 0 nominated and not accepted. */
    Included: z.int(),
    SortNumber: z.int(),
    /** Members who nominated this candidate. */
    Nominations: z.int(),
    Votes: z.int(),
    Elected: z.int(),
  })
  .meta({ id: 'ElectionCandidateDto' });
export type ElectionCandidateDto = z.infer<typeof electionCandidateDto>;

export const electionDetailDto = z.object({ ...electionShape, Candidates: z.array(electionCandidateDto) }).meta({ id: 'ElectionDetailDto' });
export type ElectionDetailDto = z.infer<typeof electionDetailDto>;

/** One member of the frozen roll: who they are and whether they voted, never how. */
export const electionVoterDto = z
  .object({
    MemberId: z.int(),
    Account: z.string(),
    MemberName: z.string(),
    LevelId: z.int(),
    LevelName: z.string(),
    /** MembershipState at the freeze. */
    MembershipState: z.int(),
    MembershipStateName: z.string(),
    /** 1 voted, 0 not. */
    Voted: z.int(),
  })
  .meta({ id: 'ElectionVoterDto' });
export type ElectionVoterDto = z.infer<typeof electionVoterDto>;

/** A candidate's line of the count. */
const tallyLine = z.object({
  CandidateId: z.int(),
  Name: z.string(),
  Votes: z.int(),
  /** Votes as a percentage of the ballots cast, one decimal. */
  Percent: z.number(),
  Elected: z.boolean(),
});

/** The count of a closed election: what the 计票单 prints, and the chain it was counted from. */
export const electionResultDto = z
  .object({
    ElectionId: z.int(),
    Title: z.string(),
    Seats: z.int(),
    MaxChoices: z.int(),
    VotingStart: z.string(),
    VotingEnd: z.string(),
    ClosedTime: z.string(),
    RollSize: z.int(),
    BallotCount: z.int(),
    /** Ballots with no candidate chosen (弃权): counted in the turnout, for no candidate. */
    BlankCount: z.int(),
    /** BallotCount / RollSize as a percentage, one decimal. */
    Turnout: z.number(),
    /** The quorum in ballots, as the rules worked out on the roll. */
    QuorumBallots: z.int(),
    QuorumMet: z.boolean(),
    ThresholdPercent: z.int(),
    /** Votes a candidate needed: more than ThresholdPercent of BallotCount, i.e. at least this many. */
    VotesNeeded: z.int(),
    Candidates: z.array(tallyLine),
    /** Names of the elected, in order of votes. */
    Elected: z.array(z.string()),
    /** Seats left unfilled (too few over the threshold, a tie at the last seat, or no quorum). */
    UnfilledSeats: z.int(),
    /** Why seats are unfilled, in words for the 计票单; '' when all are filled. */
    Note: z.string(),
    /** The hash of the last ballot of the chain (sha256, hex): published at close. */
    ChainHead: z.string(),
  })
  .meta({ id: 'ElectionResultDto' });
export type ElectionResultDto = z.infer<typeof electionResultDto>;

/** VerifyElection: the chain and the count worked out again from the stored ballots. */
export const electionVerificationDto = z
  .object({
    /** Everything agrees with what was published at close. */
    Valid: z.boolean(),
    BallotCount: z.int(),
    ChainHead: z.string(),
    /** What disagrees, in words; empty when Valid. */
    Problems: z.array(z.string()),
  })
  .meta({ id: 'ElectionVerificationDto' });
export type ElectionVerificationDto = z.infer<typeof electionVerificationDto>;

/** A candidate on a member's ballot. */
const ballotCandidate = z.object({ CandidateId: z.int(), Name: z.string(), Bio: z.string(), Photo: z.string() });

/** GetMyElections: an election the member may nominate in or is on the roll of. */
export const myElectionDto = z
  .object({
    ...electionBasics,
    OnRoll: z.boolean(),
    CanNominate: z.boolean(),
    /** The member has nominated in this election. */
    Nominated: z.boolean(),
    CanVote: z.boolean(),
    Voted: z.boolean(),
    /** The confirmed candidates, in ballot order; empty until confirmed. */
    Candidates: z.array(ballotCandidate),
  })
  .meta({ id: 'MyElectionDto' });
export type MyElectionDto = z.infer<typeof myElectionDto>;

/** SearchElectionNominees: a member who may be nominated, by company name only (no contact data). */
export const nomineeDto = z.object({ MemberId: z.int(), CompanyName: z.string() }).meta({ id: 'NomineeDto' });
export type NomineeDto = z.infer<typeof nomineeDto>;

/** CastBallot: the receipt code, shown once and never stored with the voter. */
export const ballotReceiptDto = z.object({ Receipt: z.string() }).meta({ id: 'BallotReceiptDto' });
export type BallotReceiptDto = z.infer<typeof ballotReceiptDto>;

/** GetElectionPublication: the count and every ballot's hash, in chain order. */
export const electionPublicationDto = z
  .object({
    Result: electionResultDto,
    /** Ballot hashes in chain order (ascending ballot id); the last is ChainHead. */
    Hashes: z.array(z.string()),
  })
  .meta({ id: 'ElectionPublicationDto' });
export type ElectionPublicationDto = z.infer<typeof electionPublicationDto>;

/** CheckElectionReceipt: whether the receipt's ballot is in the published chain, and where. */
export const receiptCheckDto = z
  .object({
    Found: z.boolean(),
    /** 1-based place in the published list; 0 when not found. */
    Position: z.int(),
    /** The ballot's hash in the published list; '' when not found. */
    Hash: z.string(),
    /** The hash before it (64 zeros for the first), to recompute Hash = sha256(PrevHash + receipt + choices). */
    PrevHash: z.string(),
  })
  .meta({ id: 'ReceiptCheckDto' });
export type ReceiptCheckDto = z.infer<typeof receiptCheckDto>;

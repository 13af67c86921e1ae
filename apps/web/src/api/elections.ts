import type {
  BallotReceiptDto,
  ElectionDetailDto,
  ElectionDto,
  ElectionListQuery,
  ElectionPublicationDto,
  ElectionResultDto,
  ElectionRollQuery,
  ElectionVerificationDto,
  ElectionVoterDto,
  ListDto,
  MyElectionDto,
  NomineeDto,
  ReceiptCheckDto,
  SaveCandidateBody,
  SaveElectionBody,
} from '@portal/shared';
import { call, exportList, get, post, type CallOptions } from './client';
import type { ListFilters, ListQuery } from './list-query';

/**
 * 换届选举: the back office's calls (/api/XfSysBussiness/), the member's (GetMyElections,
 * SearchElectionNominees, NominateCandidate, CastBallot) and everyone's after the close (the publication, a receipt's check).
 */
const admin: CallOptions = { side: 'admin' };
const business = 'XfSysBussiness/';
const web = 'XfWebApi/';

export type ElectionQuery = ListQuery<ElectionListQuery>;
export type RollQuery = ListQuery<ElectionRollQuery, 'electionid'>;
export type RollFilters = ListFilters<ElectionRollQuery, 'electionid'>;

/** A step's answer with the server's own words (提名成功, 投票成功，请保存回执码). */
const withMessage = <T>(url: string, data: unknown, options?: CallOptions) =>
  call<T>({ method: 'POST', url, data }, options).then((r) => ({ data: r.Data, message: r.Message }));

export const electionsAdminApi = {
  list: (query: ElectionQuery) => get<ListDto<ElectionDto>>(`${business}GetElectionList`, query, admin),
  detail: (id: number) => get<ElectionDetailDto>(`${business}GetElection`, { id }, admin),
  /** Id 0 creates; Data is the election's id. */
  save: (body: SaveElectionBody) => post<number>(`${business}SaveElection`, body, admin),
  remove: (Id: number) => post<null>(`${business}DelElection`, { Id }, admin),
  /** Id 0 adds; a field left out keeps its value (accepting a nomination is `{ Id, ElectionId, Included: 1 }`). */
  saveCandidate: (body: Partial<SaveCandidateBody> & Pick<SaveCandidateBody, 'Id' | 'ElectionId'>) =>
    post<number>(`${business}SaveElectionCandidate`, body, admin),
  removeCandidate: (Id: number) => post<null>(`${business}DelElectionCandidate`, { Id }, admin),
  confirmCandidates: (Id: number) => post<null>(`${business}ConfirmElectionCandidates`, { Id }, admin),
  /** Data is the roll's size. */
  freezeRoll: (Id: number) => post<number>(`${business}FreezeElectionRoll`, { Id }, admin),
  roll: (query: RollQuery) => get<ListDto<ElectionVoterDto>>(`${business}GetElectionRoll`, query, admin),
  exportRoll: (filters: RollFilters, filename: string) => exportList(`${business}ExportElectionRoll`, filename, filters),
  close: (Id: number) => post<ElectionResultDto>(`${business}CloseElection`, { Id }, admin),
  result: (id: number) => get<ElectionResultDto>(`${business}GetElectionResult`, { id }, admin),
  verify: (id: number) => get<ElectionVerificationDto>(`${business}VerifyElection`, { id }, admin),
};

export const electionsApi = {
  mine: () => get<MyElectionDto[]>(`${web}GetMyElections`),
  /** The members this election lets the caller nominate, by part of the company name; a refusal is the screen's to say. */
  searchNominees: (electionid: number, key: string) => get<NomineeDto[]>(`${web}SearchElectionNominees`, { electionid, key }, { silent: true }),
  /** NomineeId 0: the member nominates themselves. */
  nominate: (ElectionId: number, NomineeId = 0) => withMessage<null>(`${web}NominateCandidate`, { ElectionId, NomineeId }),
  /** No choice is a blank ballot (弃权); answers the receipt code and the server's words. */
  castBallot: (ElectionId: number, Choices: number[]) => withMessage<BallotReceiptDto>(`${web}CastBallot`, { ElectionId, Choices }),
  /** A refusal (not closed, not found) is the page's to say, not a toast. */
  publication: (electionid: number) => get<ElectionPublicationDto>(`${web}GetElectionPublication`, { electionid }, { silent: true }),
  checkReceipt: (electionid: number, receipt: string) => get<ReceiptCheckDto>(`${web}CheckElectionReceipt`, { electionid, receipt }, { silent: true }),
};

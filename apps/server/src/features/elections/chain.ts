import { createHash, randomBytes } from 'node:crypto';

/**
 * The ballots' hash chain (docs/decisions.md, "Elections: the secret ballot"). At close the
 * ballots are put in ascending order of their random ids, an order that says nothing of when
 * they were cast, and each is sealed with
 *
 *   hash = sha256(prev_hash ‖ ballot id ‖ choices)        (hex text, joined as UTF-8)
 *
 * where the first ballot's prev_hash is GENESIS and choices is the candidate ids ascending,
 * comma-separated ('' for a blank ballot). The last hash, the chain head, is published with the
 * number of ballots, so a changed, added or removed ballot changes a published figure.
 */

export const GENESIS = '0'.repeat(64);

/** A ballot's random id, which is also its voter's receipt code: 128 bits, 32 hex digits. */
export const newBallotId = (): string => randomBytes(16).toString('hex');

/** The stored form of a ballot's choices: candidate ids ascending, comma-separated. */
export const choicesText = (candidateIds: readonly number[]): string => [...candidateIds].sort((a, b) => a - b).join(',');

/** The candidate ids of a stored choices text. */
export const choicesOf = (text: string): number[] => (text === '' ? [] : text.split(',').map(Number));

export const ballotHash = (prev: string, id: string, choices: string): string => createHash('sha256').update(prev).update(id).update(choices).digest('hex');

export interface Ballot {
  id: string;
  choices: string;
}

export interface SealedBallot extends Ballot {
  prevHash: string;
  hash: string;
}

/** Chain order: ascending id, compared as text (code units), the same on every engine. */
export const inChainOrder = <T extends Ballot>(ballots: readonly T[]): T[] => [...ballots].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));

/** Seals the ballots in chain order; the last hash is the head (GENESIS when there are none). */
export function sealChain(ballots: readonly Ballot[]): { sealed: SealedBallot[]; head: string } {
  let prev = GENESIS;
  const sealed = inChainOrder(ballots).map((b) => {
    const hash = ballotHash(prev, b.id, b.choices);
    const row = { ...b, prevHash: prev, hash };
    prev = hash;
    return row;
  });
  return { sealed, head: prev };
}

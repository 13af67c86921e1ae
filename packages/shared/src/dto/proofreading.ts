import { z } from 'zod';
import { wrongWordSeverities } from '../schemas/proofreading.js';

/** An entry of the 易错词 dictionary. */
export const wrongWordDto = z
  .object({
    Id: z.int(),
    Wrong: z.string(),
    Right: z.string(),
    Severity: z.enum(wrongWordSeverities),
    CreatedAt: z.string(),
    UpdatedAt: z.string(),
  })
  .meta({ id: 'WrongWordDto' });
export type WrongWordDto = z.infer<typeof wrongWordDto>;

/** A row of an import the report names: where, which column, and what happened to it. */
export const importNoteDto = z.object({ Row: z.int(), Column: z.string(), Message: z.string() }).meta({ id: 'ImportNoteDto' });
export type ImportNoteDto = z.infer<typeof importNoteDto>;

/** What ImportWrongWords did: rows added, updated, already as stored, left out; a note for each row updated or left out. */
export const wrongWordsImportedDto = z
  .object({
    Added: z.int(),
    Updated: z.int(),
    Unchanged: z.int(),
    Skipped: z.int(),
    Notes: z.array(importNoteDto),
  })
  .meta({ id: 'WrongWordsImportedDto' });
export type WrongWordsImportedDto = z.infer<typeof wrongWordsImportedDto>;

/**
 * One finding of 校对: a wrong form of the dictionary or a sensitive word, as it stands in the
 * text (width and letter case as written, so the editor finds it), with how often it occurs.
 */
export const proofFindingDto = z
  .object({
    Kind: z.enum(['wrong', 'sensitive']),
    Word: z.string(),
    /** The right form; null for a sensitive word, which has none. */
    Suggestion: z.string().nullable(),
    /** A sensitive word counts as serious. */
    Severity: z.enum(wrongWordSeverities),
    Count: z.int(),
  })
  .meta({ id: 'ProofFindingDto' });
export type ProofFindingDto = z.infer<typeof proofFindingDto>;

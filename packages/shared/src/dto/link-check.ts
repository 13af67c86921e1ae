import { z } from 'zod';
import { linkCheckStates, linkHandledStates, linkKinds, linkProblems } from '../schemas/link-check.js';

/** A run of 链接检查: its state and counts, growing while it runs. */
export const linkCheckRunDto = z
  .object({
    Id: z.int(),
    State: z.enum(linkCheckStates),
    /** manual (开始检查) or scheduled (LINK_CHECK_DAYS). */
    Origin: z.enum(['manual', 'scheduled']),
    /** Who started it; '' for a scheduled run. */
    AdminAccount: z.string(),
    StartedAt: z.string(),
    /** '' while running. */
    FinishedAt: z.string(),
    /** Published articles read. */
    Pages: z.int(),
    /** Links checked (each link of each article). */
    Links: z.int(),
    /** Links found broken. */
    Broken: z.int(),
    /** Why a run stopped short; '' otherwise. */
    Error: z.string(),
  })
  .meta({ id: 'LinkCheckRunDto' });
export type LinkCheckRunDto = z.infer<typeof linkCheckRunDto>;

/** GetLinkCheck: the latest run (null before the first), and the one whose findings GetLinkFindings lists. */
export const linkCheckDto = z
  .object({
    Latest: linkCheckRunDto.nullable(),
    /** The latest run that has ended (its findings are listed); null before one has. */
    Listed: linkCheckRunDto.nullable(),
    /** Findings of the listed run not yet handled. */
    Open: z.int(),
  })
  .meta({ id: 'LinkCheckDto' });
export type LinkCheckDto = z.infer<typeof linkCheckDto>;

/** A broken link or attachment, where it is and who is to fix it. */
export const linkFindingDto = z
  .object({
    Id: z.int(),
    Kind: z.enum(linkKinds),
    Url: z.string(),
    /** The HTTP status answered; 0 when none was (timeout, no connection, a missing file). */
    Status: z.int(),
    Problem: z.enum(linkProblems),
    /** More about it: where a redirect led, the connection's error. */
    Detail: z.string(),
    NewsId: z.int(),
    NewsTitle: z.string(),
    MenuId: z.int(),
    MenuName: z.string(),
    /** The account and name of who saved the article last ('' when not known); a member's contribution names the member. */
    EditorAccount: z.string(),
    EditorName: z.string(),
    Handled: z.enum(linkHandledStates),
    Reason: z.string(),
    HandledBy: z.string(),
    HandledAt: z.string(),
  })
  .meta({ id: 'LinkFindingDto' });
export type LinkFindingDto = z.infer<typeof linkFindingDto>;

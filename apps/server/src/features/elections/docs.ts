import { electionMessages } from '@portal/shared';

/** OpenAPI grouping of the election calls (their security follows from their guards: http/route-docs.ts). */
export const adminDocs = { tags: ['elections (back office)'] };
export const memberDocs = { tags: ['elections'] };
/** The code every call naming an election may answer. */
export const electionMissing = { 404: electionMessages.notFound };

import { queryOptions } from '@tanstack/react-query';
import { electionsApi } from '../../api/elections';

/** The public election pages' reads (see ../queries.ts). */
export const electionQueries = {
  /** A closed election's published count and ballot hashes; a refusal (not closed, not found) is the page's answer. */
  electionPublication: (electionId: number) =>
    queryOptions({ queryKey: ['electionPublication', electionId], queryFn: () => electionsApi.publication(electionId), retry: false }),
};

import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { PostedCertLookup } from '@portal/shared';

/**
 * Where a lookup the server answered (the /certsearch form posted without JavaScript) travels
 * with the page: in its query cache, which the browser takes over when it hydrates, so both
 * draw the same results.
 */
export const POSTED_LOOKUP_KEY = ['postedCertLookup'] as const;

/** The lookup the server answered for this page, read once: a later visit to the lookup starts empty. */
export function usePostedLookup(): PostedCertLookup | undefined {
  const queryClient = useQueryClient();
  const [posted] = useState(() => queryClient.getQueryData<PostedCertLookup>(POSTED_LOOKUP_KEY));
  useEffect(() => {
    queryClient.removeQueries({ queryKey: POSTED_LOOKUP_KEY, exact: true });
  }, [queryClient]);
  return posted;
}

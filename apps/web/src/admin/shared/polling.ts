import type { QueryFunctionContext } from '@tanstack/react-query';

/**
 * Whether a query's fetch asks again for what is already on screen (its refetchInterval, or a
 * refresh after an action that was itself sent): such fetches go as background calls
 * (api/client.ts `background`), which do not keep the admin's session from idling out. A first
 * load, of a page opened or a search changed, is the person's doing and counts as activity.
 */
export const isRefetch = ({ client, queryKey }: QueryFunctionContext): boolean => (client.getQueryState(queryKey)?.dataUpdatedAt ?? 0) > 0;

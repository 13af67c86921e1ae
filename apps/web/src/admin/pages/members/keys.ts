import { adminQueryKeys } from '../../session/queries';

/** Query keys of the member pages, under the back-office session's prefix (dropped at sign-out). */
export const membersKey = [...adminQueryKeys.all, 'members'];
export const memberKey = (id: number) => [...membersKey, 'model', id];
export const historyKey = (id: number) => [...membersKey, 'history', id];
export const proposalsKey = [...adminQueryKeys.all, 'proposals'];

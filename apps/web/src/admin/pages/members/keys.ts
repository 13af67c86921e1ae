import { adminQueryKeys } from '../../session/queries';

/** Query keys of the member pages, under the back-office session's prefix (dropped at sign-out). */
export const membersKey = [...adminQueryKeys.all, 'members'];
export const memberKey = (id: number) => [...membersKey, 'model', id];
export const historyKey = (id: number) => [...membersKey, 'history', id];
export const proposalsKey = [...adminQueryKeys.all, 'proposals'];
/** A member's 会籍, renewal reminders and dues in the member dialog; dropped with the list's refresh. */
export const membershipKey = (id: number) => [...membersKey, 'membership', id];

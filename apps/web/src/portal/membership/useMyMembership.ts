import { useQuery } from '@tanstack/react-query';
import { membersApi } from '../../api/members';
import { hasMemberSession, useMemberSession } from '../member/session';

/** The member's own 会籍: the header's notice, 我的会籍, and the member area's checks of a lapse share it. */
export const myMembershipKey = ['myMembership'];

/**
 * Asked only with a member session, after hydration (the server renders for visitors), so a
 * visitor's page never waits for it. Signing out refetches every query before this one is
 * disabled: without a session then it asks nothing (a call would meet Code 401, whose toast and
 * redirect belong to an expired session). Kept five minutes: a payment recorded meanwhile shows
 * on the next page load or the first focus after that; a refusal for a lapse refetches it at once.
 */
const myMembership = () => (hasMemberSession() ? membersApi.membership() : Promise.resolve(null));

export function useMyMembership() {
  const { loggedIn, info, memberCallsOpen } = useMemberSession();
  const query = useQuery({ queryKey: myMembershipKey, queryFn: myMembership, enabled: memberCallsOpen, staleTime: 5 * 60_000, retry: false });
  // Signed in: pending until the user info says whether it may be asked, then until it answers.
  const pending = loggedIn && (info === undefined || (memberCallsOpen && query.isPending));
  return { membership: memberCallsOpen ? (query.data ?? undefined) : undefined, pending, error: query.isError };
}

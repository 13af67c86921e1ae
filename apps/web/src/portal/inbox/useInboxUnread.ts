import { useQuery } from '@tanstack/react-query';
import { inboxApi } from '../../api/inbox';
import { hasMemberSession, useMemberSession } from '../member/session';

/** Query keys of 站内信: the list's pages and the header's unread count, refreshed together after a read. */
export const inboxKey = ['inbox'];
export const inboxUnreadKey = [...inboxKey, 'unread'];

/** Every two minutes, and when the window regains focus (the site turns that off elsewhere): a bell, not a chat. */
const POLL_MS = 120_000;

/**
 * The member's unread 站内信 (0 for a visitor, who is never asked). As useActivityUnread:
 * signing out refetches every query before this one is disabled, and without a session it asks
 * nothing (a call would meet Code 401, whose toast and redirect belong to an expired session).
 */
const unreadCount = () => (hasMemberSession() ? inboxApi.unreadCount() : Promise.resolve(0));

export function useInboxUnread(): number {
  const { memberCallsOpen } = useMemberSession();
  const unread = useQuery({
    queryKey: inboxUnreadKey,
    queryFn: unreadCount,
    enabled: memberCallsOpen,
    refetchInterval: POLL_MS,
    refetchOnWindowFocus: true,
    retry: false,
  });
  return memberCallsOpen ? (unread.data ?? 0) : 0;
}

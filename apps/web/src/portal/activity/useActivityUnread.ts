import { useQuery } from '@tanstack/react-query';
import { activitiesApi } from '../../api/activities';
import { hasMemberSession, useMemberSession } from '../member/session';

/** Query keys of 活动通知: the list, one activity, and the header's unread count. */
export const myActivitiesKey = ['myActivities'];
export const unreadKey = [...myActivitiesKey, 'unread'];

/**
 * The member's unread activity notices (0 for a visitor), refreshed every minute and on focus.
 * Signing out refetches every query before this one is disabled: without a session then, it asks
 * nothing (a call would meet Code 401, whose toast and redirect belong to an expired session).
 */
const unreadCount = () => (hasMemberSession() ? activitiesApi.unreadCount() : Promise.resolve(0));

export function useActivityUnread(): number {
  const { memberCallsOpen } = useMemberSession();
  const unread = useQuery({ queryKey: unreadKey, queryFn: unreadCount, enabled: memberCallsOpen, refetchInterval: 60_000, retry: false });
  return memberCallsOpen ? (unread.data ?? 0) : 0;
}

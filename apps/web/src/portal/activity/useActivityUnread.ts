import { useQuery } from '@tanstack/react-query';
import { activitiesApi } from '../../api/activities';
import { useMemberSession } from '../member/session';

/** Query keys of 活动通知: the list, one activity, and the header's unread count. */
export const myActivitiesKey = ['myActivities'];
export const unreadKey = [...myActivitiesKey, 'unread'];

/** The member's unread activity notices (0 for a visitor), refreshed every minute and on focus. */
export function useActivityUnread(): number {
  const { loggedIn } = useMemberSession();
  const unread = useQuery({ queryKey: unreadKey, queryFn: activitiesApi.unreadCount, enabled: loggedIn, refetchInterval: 60_000, retry: false });
  return loggedIn ? (unread.data ?? 0) : 0;
}

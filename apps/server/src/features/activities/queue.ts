import { sql } from 'kysely';

/**
 * The waitlist's order in SQL (waitlist.ts), for the lists that show a member's place in it:
 * the member's own, the back office's audience.
 */

/** Notice `n` is on the waitlist, not offered a place yet. */
export const waitingNotice = sql<boolean>`n.waitlisted_at != '' and n.offer_until = ''`;

/**
 * Notice `n`'s place in the queue (1 first; 0 when not waiting): the waiting notices of its
 * activity that joined before it, or at the same time with a smaller id, and itself. The queue
 * is ordered by the time of joining, then id (the index on activity_id, waitlisted_at).
 */
export const queuePlace = sql<
  number | string
>`case when ${waitingNotice} then (select count(*) from activity_notices w where w.activity_id = n.activity_id and w.waitlisted_at != '' and w.offer_until = '' and (w.waitlisted_at < n.waitlisted_at or (w.waitlisted_at = n.waitlisted_at and w.id <= n.id))) else 0 end`;

import { activitiesKey } from '../status';

/** Query keys of 活动签到, under 活动列表's: a check-in there marks the list's counts stale too. */
export const checkInKeys = {
  all: [...activitiesKey, 'checkin'],
  activities: [...activitiesKey, 'checkin', 'list'],
  activity: (id: number) => [...activitiesKey, 'checkin', id],
  roster: (id: number) => [...activitiesKey, 'checkin', id, 'roster'],
  venueCode: (id: number) => [...activitiesKey, 'checkin', id, 'venue-code'],
};

import { activityMessages } from '@portal/shared';

/** OpenAPI grouping of the activity calls (their security follows from their guards: http/route-docs.ts). */
export const adminDocs = { tags: ['activities (back office)'] };
export const memberDocs = { tags: ['activities'] };

/** What the audit log names as the target of an activity call. */
export const TARGET = '活动';

/** The 404 of a call naming an activity, for the API document. */
export const activityMissing = { 404: activityMessages.notFound };

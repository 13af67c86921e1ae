import { z } from 'zod';
import { booleanValue, idParam, pagingQuery } from './common.js';

/** GetActivityCertificateList: one activity's 培训证明/参会证明, paged. */
export const activityCertListQuery = pagingQuery.extend({ activityid: idParam });

/** RevokeActivityCertificate: Revoke true revokes (the verification page says 已撤销, the status list bit is set), false restores. */
export const revokeAttendanceCertBody = z.object({ Id: idParam, Revoke: booleanValue });
export type RevokeAttendanceCertBody = z.infer<typeof revokeAttendanceCertBody>;

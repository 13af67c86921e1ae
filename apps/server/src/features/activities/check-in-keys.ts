import { randomBytes, randomInt } from 'node:crypto';
import type { Kysely } from 'kysely';
import { CHECK_IN_CODE_ALPHABET, CHECK_IN_CODE_LENGTH } from '@portal/shared';
import type { DB } from '../../db/schema.js';

/**
 * A sign-up's check-in keys: the token its QR carries (256 random bits, so it cannot be
 * guessed or enumerated) and the 6-character code typed in its place when a QR will not scan.
 * The code only has to be unique within its activity: staff type it on that activity's page.
 * Both are given at the first sign-up and kept, so a QR printed or mailed earlier still works
 * after the member cancels and signs up again.
 */

const newToken = () => randomBytes(32).toString('base64url');

function newCode(): string {
  let code = '';
  for (let i = 0; i < CHECK_IN_CODE_LENGTH; i += 1) code += CHECK_IN_CODE_ALPHABET[randomInt(CHECK_IN_CODE_ALPHABET.length)];
  return code;
}

/**
 * Gives the member's notice its keys unless it has them, in the caller's transaction, which
 * must hold the activity's lock (waitlist.ts lockActivity, or sign-up's place update): no other
 * sign-up of the activity can then take the code chosen here before it is written.
 */
export async function giveCheckInKeys(trx: Kysely<DB>, activityId: number, memberId: number): Promise<void> {
  const notice = await trx
    .selectFrom('activity_notices')
    .select(['id', 'check_in_token'])
    .where('activity_id', '=', activityId)
    .where('member_id', '=', memberId)
    .executeTakeFirst();
  if (!notice || notice.check_in_token) return;
  let code = newCode();
  // 31^6 codes: a draw already taken is rare even at thousands of sign-ups.
  while (await trx.selectFrom('activity_notices').select('id').where('activity_id', '=', activityId).where('check_in_code', '=', code).executeTakeFirst())
    code = newCode();
  await trx
    .updateTable('activity_notices')
    .set({ check_in_token: newToken(), check_in_code: code })
    .where('id', '=', notice.id)
    .where('check_in_token', 'is', null)
    .execute();
}

/** The key of an activity's venue QR for self check-in (activities.self_check_in_key). */
export const newSelfCheckInKey = () => randomBytes(24).toString('base64url');

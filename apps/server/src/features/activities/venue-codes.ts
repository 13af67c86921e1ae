import { createHmac, timingSafeEqual } from 'node:crypto';
import { VENUE_CODE_WINDOW_SECONDS } from '@portal/shared';

/**
 * 动态签到码: the venue's QR for self check-in, when it rotates. Time is cut into windows of
 * VENUE_CODE_WINDOW_SECONDS; the code of a window is `<window in base 36>.<HMAC-SHA256 of it
 * under the activity's venue key, 128 bits>`. Nothing is stored per window: any instance
 * derives and checks the same codes, and only the server holds the key (the screen asks for
 * the current code). A code is accepted in its own window and the next, so a member scanning
 * as the screen changes still gets in; an older one is refused as expired, so a photo of the
 * screen sent away works for a minute at most.
 *
 * The window is written in the code so that an old code is told apart from a forged one in
 * one HMAC, without trying every window of the check-in period.
 */

const WINDOW_MS = VENUE_CODE_WINDOW_SECONDS * 1000;

const windowAt = (now: number) => Math.floor(now / WINDOW_MS);

const mac = (key: string, window: number) => createHmac('sha256', key).update(`venue-check-in:${window}`).digest().subarray(0, 16);

const codeOf = (key: string, window: number) => `${window.toString(36)}.${mac(key, window).toString('base64url')}`;

/** The code the venue's QR carries now, and how long until the next one. */
export function currentVenueCode(key: string, now: number): { code: string; changesInMs: number } {
  const window = windowAt(now);
  return { code: codeOf(key, window), changesInMs: (window + 1) * WINDOW_MS - now };
}

/** What a scanned code is: this window's or the last (`valid`), an older one of ours (`expired`), or none of ours. */
export type VenueCodeCheck = 'valid' | 'expired' | 'invalid';

export function checkVenueCode(given: string, key: string, now: number): VenueCodeCheck {
  const match = /^([0-9a-z]{1,10})\.([A-Za-z0-9_-]{22})$/.exec(given);
  if (!match || key === '') return 'invalid';
  const window = parseInt(match[1]!, 36);
  if (!timingSafeEqual(Buffer.from(match[2]!, 'base64url'), mac(key, window))) return 'invalid';
  const current = windowAt(now);
  // A window to come is not one the server has handed out.
  if (window > current) return 'invalid';
  return window >= current - 1 ? 'valid' : 'expired';
}

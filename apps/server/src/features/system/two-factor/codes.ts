import { createHash, randomInt } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';

/**
 * The second factor's codes: RFC 6238 as every authenticator app reads an otpauth:// URI
 * (SHA-1, 6 digits, 30-second steps), and the one-time recovery codes given at enrolment.
 */
const rfc6238 = { algorithm: 'SHA1', digits: 6, period: 30 } as const;

/** 160 random bits, the HMAC-SHA-1 key size RFC 4226 recommends; base32 as the apps take it. */
export const newTotpSecret = (): string => new Secret({ size: 20 }).base32;

/** The otpauth:// URI the QR code carries: the app lists it as "issuer (account)". */
export const totpUri = (secret: string, issuer: string, account: string): string =>
  new TOTP({ ...rfc6238, issuer, label: account, secret: Secret.fromBase32(secret) }).toString();

/**
 * The 30-second step a code belongs to, accepting one step either side of `now` for clocks that
 * drift; null when it matches none. The caller refuses a step already used (service.ts).
 */
export function totpStep(secret: string, code: string, now: number): number | null {
  const delta = TOTP.validate({ ...rfc6238, secret: Secret.fromBase32(secret), token: code, timestamp: now, window: 1 });
  return delta === null ? null : TOTP.counter({ period: rfc6238.period, timestamp: now }) + delta;
}

export const RECOVERY_CODE_COUNT = 10;
/** Lower-case letters and digits that cannot be mistaken for one another (no 0/o, 1/l/i). */
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** Ten codes like `k7m2p-x9qrt`: 50 random bits each, so a plain sha256 stores them safely. */
export function newRecoveryCodes(): string[] {
  const part = () => Array.from({ length: 5 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]).join('');
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => `${part()}-${part()}`);
}

/** The stored form of a recovery code as typed: case, spaces and hyphens do not matter. */
export const recoveryCodeHash = (code: string): string => createHash('sha256').update(code.toLowerCase().replace(/[\s-]/g, '')).digest('hex');

import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/**
 * Admin passwords: scrypt with a per-password random salt (docs/security.md, "Password policy"). The parameters are
 * stored with each hash (`scrypt$N$r$p$salt$hash`) so they can be raised later without
 * invalidating existing passwords.
 */
export const PERSON_PASSWORD_COST = 2 ** 15;
let params = { N: PERSON_PASSWORD_COST, r: 8, p: 1 };
const KEY_LENGTH = 64;
// N·r·128 bytes = 32 MiB for the parameters above; Node's default cap is exactly 32 MiB.
const MAX_MEMORY = 64 * 1024 * 1024;

function derive(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, { ...options, maxmem: MAX_MEMORY }, (error, key) => (error ? reject(error) : resolve(key))),
  );
}

/**
 * A password the server generated (new-password.ts generatePassword: 16 characters of 55, about
 * 92 bits) is not guessed however fast its hash: the work factor is for passwords people choose.
 * An import hashes one per member, thousands at once: at 2^10 each takes milliseconds where 2^15
 * takes a fifth of a second (an import of 5000 members: 20 s rather than a quarter of an hour).
 */
const generatedParams = { N: 2 ** 10, r: 8, p: 1 } as const;

async function hashWith(password: string, options: { N: number; r: number; p: number }): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, options);
  return ['scrypt', options.N, options.r, options.p, salt.toString('base64'), key.toString('base64')].join('$');
}

export const hashPassword = (password: string): Promise<string> => hashWith(password, params);

/**
 * Sets scrypt's cost for passwords people choose (PERSON_PASSWORD_COST unless set). Only the
 * tests lower it, to the generated passwords' 2^10 (apps/server/test/setup.ts, e2e/server.ts): at
 * 2^15 a hash or a check is about 0.12 s of CPU on a two-core test machine, and the API tests hash
 * and check passwords thousands of times, most of some files' time. What the cost guards (a
 * guessed password's price) is a property of the number, not something a test can observe; that
 * production hashes at 2^15 is passwords.test.ts's to check.
 */
export function setPasswordCost(N: number): void {
  if (!Number.isInteger(Math.log2(N)) || N < generatedParams.N) throw new Error(`scrypt cost ${N}: a power of two of at least ${generatedParams.N}`);
  params = { ...params, N };
  decoy = undefined;
}

/** The hash of a password generatePassword made (an imported member's initial password), replaced at its first use. */
export const hashGeneratedPassword = (password: string): Promise<string> => hashWith(password, generatedParams);

/**
 * Constant-time check of a password against a stored hash; false for a malformed hash. A hash
 * cheaper than today's (a generated password's) costs a full derivation besides, so how long a
 * sign-in takes tells nothing of the account: not that it exists, nor that its initial password
 * is still unchanged.
 */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64');
  const options = { N: Number(n), r: Number(r), p: Number(p) };
  const key = await derive(password, Buffer.from(salt, 'base64'), options);
  if (options.N < params.N) await derive(password, Buffer.from(salt, 'base64'), params);
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/**
 * A hash no password matches, computed once: checking an unknown account against it costs
 * the same time as a real check, so response times do not reveal which accounts exist.
 */
let decoy: Promise<string> | undefined;
export function decoyHash(): Promise<string> {
  decoy ??= hashPassword(randomBytes(24).toString('base64'));
  return decoy;
}

import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from './schema.js';
import { siteSecret } from './site-secret.js';

/** A record id and when its token stops working (seconds since the epoch). */
export interface TokenClaim {
  id: number;
  expires: number;
}

/**
 * Tokens that open one record until a time, to whoever holds them: `<id>.<expiry>.<signature>`,
 * the expiry in seconds since the epoch, the signature an HMAC-SHA256 of the purpose, the id and
 * the expiry under the site's key for that purpose (site_secrets, so every instance checks what
 * any instance made). Nothing is stored per token; without the key nobody makes one for another
 * record or a later time. Article preview links and certificate downloads use them.
 *
 * A purpose whose records can call their tokens back signs a generation with them (a number the
 * record keeps, given to make and read, never written in the token): raising it voids every
 * token made before. Generation 0 signs as a token without one, so tokens made before a record
 * had a generation keep working until it is first raised.
 */
export function expiringTokens(purpose: string) {
  const key = siteSecret(purpose);
  const signature = (k: Buffer, { id, expires }: TokenClaim, generation: number) =>
    createHmac('sha256', k)
      .update(`${purpose}:${id}:${expires}${generation === 0 ? '' : `:${generation}`}`)
      .digest('base64url');
  return {
    async make(db: Kysely<DB>, claim: TokenClaim, now: number, generation = 0): Promise<string> {
      return `${claim.id}.${claim.expires}.${signature(await key(db, now), claim, generation)}`;
    },
    /** What a token the site made (in `generation`) says, expired or not; undefined for anything else. */
    async read(db: Kysely<DB>, token: string, now: number, generation = 0): Promise<TokenClaim | undefined> {
      const match = /^([1-9]\d{0,9})\.([1-9]\d{0,11})\.([\w-]{43})$/.exec(token);
      if (!match) return undefined;
      const claim = { id: Number(match[1]), expires: Number(match[2]) };
      const expected = Buffer.from(signature(await key(db, now), claim, generation));
      const given = Buffer.from(match[3]!);
      return given.length === expected.length && timingSafeEqual(given, expected) ? claim : undefined;
    },
  };
}

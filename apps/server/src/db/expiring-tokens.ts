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
 */
export function expiringTokens(purpose: string) {
  const key = siteSecret(purpose);
  const signature = (k: Buffer, { id, expires }: TokenClaim) => createHmac('sha256', k).update(`${purpose}:${id}:${expires}`).digest('base64url');
  return {
    async make(db: Kysely<DB>, claim: TokenClaim, now: number): Promise<string> {
      return `${claim.id}.${claim.expires}.${signature(await key(db, now), claim)}`;
    },
    /** What a token the site made says, expired or not; undefined for anything else. */
    async read(db: Kysely<DB>, token: string, now: number): Promise<TokenClaim | undefined> {
      const match = /^([1-9]\d{0,9})\.([1-9]\d{0,11})\.([\w-]{43})$/.exec(token);
      if (!match) return undefined;
      const claim = { id: Number(match[1]), expires: Number(match[2]) };
      const expected = Buffer.from(signature(await key(db, now), claim));
      const given = Buffer.from(match[3]!);
      return given.length === expected.length && timingSafeEqual(given, expected) ? claim : undefined;
    },
  };
}

import net from 'node:net';
import type { FastifyInstance } from 'fastify';

/**
 * The client's address, in one spelling, and the group per-address limits count it in.
 *
 * Fastify's `request.ip` is the socket's address or the one trusted proxies vouch for
 * (TRUST_PROXY), spelled as it arrived: on a dual-stack socket an IPv4 client reads
 * `::ffff:203.0.113.7`, and one IPv6 address has many spellings. Logs, the audit trail and the
 * allow-list need one spelling: IPv4 as IPv4, IPv6 lowercase and compressed (RFC 5952).
 *
 * An IPv6 visitor is handed a whole /64 by their provider and can pick a new address in it for
 * every request, so a limit per address would be no limit: limits, lockouts and quotas count
 * the /64 (`2001:db8:1:2::/64`) instead, and an IPv4 address alone.
 */

declare module 'fastify' {
  interface FastifyRequest {
    /** The client's address in one spelling: what logs, the audit trail and the allow-list see. */
    readonly clientAddress: string;
    /** What per-address limits count: the IPv4 address, or the IPv6 address's /64. */
    readonly addressGroup: string;
  }
}

const MAPPED = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i;

/**
 * `address` in one spelling; anything that is not an address is returned as it was. A request
 * whose connection has closed has none (Node's socket forgets its peer): '' then. Page views are
 * counted after the page is sent (features/statistics), when a client may have gone already.
 */
export function canonicalAddress(address: string | undefined): string {
  if (address === undefined) return '';
  const bare = address.replace(/%.*$/, '');
  const mapped = MAPPED.exec(bare);
  if (mapped && net.isIPv4(mapped[1]!)) return mapped[1]!;
  if (!net.isIPv6(bare)) return address;
  // The WHATWG URL parser writes an IPv6 host in RFC 5952's form, and an IPv4-mapped one in hex.
  const host = new URL(`http://[${bare}]/`).hostname.slice(1, -1);
  const hexMapped = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(host);
  if (hexMapped) {
    const [high, low] = [parseInt(hexMapped[1]!, 16), parseInt(hexMapped[2]!, 16)];
    return [high >> 8, high & 255, low >> 8, low & 255].join('.');
  }
  return host;
}

/** The group `address` is counted in: an IPv4 address alone, an IPv6 address's /64. */
export function addressGroup(address: string | undefined): string {
  const canonical = canonicalAddress(address);
  if (!net.isIPv6(canonical)) return canonical;
  const hextets = expand(canonical).slice(0, 4);
  return `${canonicalAddress(`${hextets.join(':')}::`)}/64`;
}

/** The eight hextets of a canonical IPv6 address. */
function expand(address: string): string[] {
  const [head = '', tail] = address.split('::');
  const left = head ? head.split(':') : [];
  const right = tail === undefined ? [] : tail ? tail.split(':') : [];
  return [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right];
}

/** Gives every request its clientAddress and addressGroup, worked out when first read. */
export function decorateClientAddress(app: FastifyInstance): void {
  app.decorateRequest('clientAddress', {
    getter() {
      return canonicalAddress(this.ip);
    },
  });
  app.decorateRequest('addressGroup', {
    getter() {
      return addressGroup(this.ip);
    },
  });
}

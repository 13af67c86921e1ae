import dns from 'node:dns/promises';
import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import type { LinkProblem } from '@portal/shared';
import { canonicalAddress } from '../../http/client-address.js';

/**
 * 链接检查's requests to other sites (docs/inspection.md, "链接检查"): one address asked with HEAD
 * (GET when HEAD is refused), redirects followed by hand so that each hop is checked, a timeout
 * per request, and no body read: the status line and headers say whether the link works, so an
 * enormous page costs nothing. Only http and https are asked, and never a private, loopback or
 * link-local address unless LINK_CHECK_PRIVATE_ADDRESSES allows it (tests do): the address is
 * resolved once, checked and then connected to as resolved, so a name cannot resolve to a public
 * address for the check and a private one for the connection.
 */

export interface FetchOptions {
  timeoutMs: number;
  privateAddresses: boolean;
}

/** What asking an address came to: nothing wrong (problem undefined), or a problem and the status answered (0 none). */
export interface LinkVerdict {
  problem?: LinkProblem;
  status: number;
  detail?: string;
}

/** Redirects followed before giving up (browsers follow about 20; a link needing more than 5 is a problem of its own). */
export const MAX_REDIRECTS = 5;
/** How the checker names itself, to other sites and to this one (pages/page-status.ts). */
export const LINK_CHECK_AGENT = 'PortalLinkCheck/1.0';
// No address in it: the product does not know one of its own that is true for every installation.
const USER_AGENT = `Mozilla/5.0 (compatible; ${LINK_CHECK_AGENT})`;

const privateRanges = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 3],
] as const)
  privateRanges.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [
  ['::', 127],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  privateRanges.addSubnet(net, prefix, 'ipv6');

/**
 * Whether an address is not on the public internet. An IPv4 address mapped in IPv6 is judged as
 * IPv4 in either spelling (canonicalAddress): the URL parser writes [::ffff:127.0.0.1] as
 * [::ffff:7f00:1], which a dotted-only reading took for a public IPv6 address.
 */
export function isPrivateAddress(address: string): boolean {
  const canonical = canonicalAddress(address);
  return privateRanges.check(canonical, isIP(canonical) === 6 ? 'ipv6' : 'ipv4');
}

class Refused extends Error {
  constructor(readonly verdict: LinkVerdict) {
    super(verdict.problem);
  }
}

/** The host's address, checked; connecting uses this very address (no second lookup). */
async function pinnedLookup(hostname: string, options: FetchOptions): Promise<LookupFunction> {
  const bare = hostname.replace(/^\[|\]$/g, '');
  const addresses = isIP(bare) ? [{ address: bare, family: isIP(bare) }] : await dns.lookup(bare, { all: true });
  const chosen = addresses.find((a) => options.privateAddresses || !isPrivateAddress(a.address));
  if (!chosen) throw new Refused({ problem: 'private-address', status: 0, detail: addresses[0]?.address ?? '' });
  return (_host, opts, callback) => {
    if (opts.all) (callback as (e: null, a: { address: string; family: number }[]) => void)(null, [chosen]);
    else callback(null, chosen.address, chosen.family);
  };
}

/** One request, the name's lookup included: the status and Location of its answer; the body is never read. */
async function ask(url: URL, method: 'HEAD' | 'GET', options: FetchOptions): Promise<{ status: number; location?: string }> {
  const timedOut = new Refused({ problem: 'timeout', status: 0, detail: `${options.timeoutMs / 1000} 秒内无响应` });
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(timedOut), options.timeoutMs);
  try {
    const lookup = await Promise.race([
      pinnedLookup(url.hostname, options),
      new Promise<never>((_resolve, reject) => controller.signal.addEventListener('abort', () => reject(timedOut))),
    ]);
    const client = url.protocol === 'https:' ? https : http;
    return await new Promise((resolve, reject) => {
      const headers = { 'User-Agent': USER_AGENT, Accept: '*/*' };
      const request = client.request(url, { method, lookup, headers, signal: controller.signal }, (response: IncomingMessage) => {
        resolve({ status: response.statusCode ?? 0, location: response.headers.location });
        // What the status says is all we need: the connection goes, with whatever body was coming.
        response.destroy();
        request.destroy();
      });
      request.on('error', (error) => reject(controller.signal.aborted ? timedOut : error));
      request.end();
    });
  } finally {
    clearTimeout(timer);
  }
}

/** Whether a redirect stays on the site: the same host, or its www. form (http → https alike). */
const sameSite = (a: URL, b: URL) => a.hostname.replace(/^www\./, '') === b.hostname.replace(/^www\./, '');

/** The verdict of an answered status: 404 (and 410), another 4xx (but 429, a busy site), 5xx; otherwise fine. */
function statusVerdict(status: number): LinkVerdict {
  if (status === 404 || status === 410) return { problem: '404', status };
  if (status >= 400 && status < 500 && status !== 429) return { problem: '4xx', status };
  if (status >= 500) return { problem: '5xx', status };
  return { status };
}

/** HEAD, and GET when the server will not answer HEAD (405, 501). */
async function askOnce(url: URL, options: FetchOptions) {
  const head = await ask(url, 'HEAD', options);
  return head.status === 405 || head.status === 501 ? ask(url, 'GET', options) : head;
}

/** Checks an http(s) address, following up to MAX_REDIRECTS redirects on the same site. */
export async function checkExternal(address: string, options: FetchOptions): Promise<LinkVerdict> {
  let url = new URL(address);
  const seen = new Set<string>();
  try {
    for (let hop = 0; ; hop++) {
      seen.add(url.href);
      const { status, location } = await askOnce(url, options);
      if (status < 300 || status >= 400 || !location) return statusVerdict(status);
      const next = new URL(location, url);
      if (next.protocol !== 'http:' && next.protocol !== 'https:') return { problem: 'redirect-offsite', status, detail: next.href.slice(0, 500) };
      if (!sameSite(url, next)) return { problem: 'redirect-offsite', status, detail: next.href.slice(0, 500) };
      if (seen.has(next.href)) return { problem: 'redirect-loop', status, detail: next.href.slice(0, 500) };
      if (hop + 1 > MAX_REDIRECTS) return { problem: 'too-many-redirects', status, detail: `超过${MAX_REDIRECTS}次跳转` };
      url = next;
    }
  } catch (error) {
    if (error instanceof Refused) return error.verdict;
    const code = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
    return { problem: code === 'ETIMEDOUT' ? 'timeout' : 'unreachable', status: 0, detail: String(code).slice(0, 100) };
  }
}

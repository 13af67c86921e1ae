import ip2region from 'ip2region';

/**
 * The province a visitor's address belongs to, from the offline database the ip2region package
 * ships (updated with the package; nothing is asked of any outside service). Loaded at the first
 * lookup, off the request path (hits are placed when they are written, hits.ts): about 11 MB read
 * once, then a lookup takes a few microseconds.
 */

type Lookup = { search(address: string): { country: string; province: string } | null };

// The package is CommonJS with its class as `default`.
const IP2Region = ((ip2region as unknown as { default?: typeof ip2region }).default ?? ip2region) as unknown as new () => Lookup;

let lookup: Lookup | undefined;

/** Where the address is not in China's provinces: 境外 abroad, 未知 for private, loopback and unknown addresses. */
export const ABROAD = '境外';
export const UNKNOWN_REGION = '未知';

/** The province (as the database names it: 广东省, 北京, 内蒙古…), 境外 or 未知. */
export function provinceOf(address: string): string {
  lookup ??= new IP2Region();
  let found: ReturnType<Lookup['search']>;
  try {
    found = lookup.search(address.replace(/^::ffff:/, ''));
  } catch {
    return UNKNOWN_REGION;
  }
  if (!found?.country) return UNKNOWN_REGION;
  if (found.country !== '中国') return ABROAD;
  return found.province || UNKNOWN_REGION;
}

import net from 'node:net';

/**
 * ADMIN_ALLOWED_ADDRESSES (read here for config.ts, checked by admin-allow-list.ts): when set, the
 * back office (the /System pages and every admin call) answers only clients within the listed
 * addresses and ranges; the public site and the member area are unaffected. Kept in the configuration, not a back-office screen: a screen could lock
 * every administrator out, and someone holding a stolen admin session could widen it.
 */

/** The parsed list: the entries as configured, and the ranges to check. */
export interface AdminAllowList {
  entries: string[];
  ranges: net.BlockList;
}

/** Reads `10.0.0.0/8, 2001:db8::/32, 127.0.0.1`; undefined when unset. Throws, naming the entry, on anything else. */
export function parseAdminAllowList(raw: string | undefined): AdminAllowList | undefined {
  const entries = (raw ?? '')
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean);
  if (entries.length === 0) return undefined;
  const ranges = new net.BlockList();
  for (const entry of entries) {
    const [address = '', prefix, extra] = entry.split('/');
    const family = net.isIPv4(address) ? 'ipv4' : net.isIPv6(address) ? 'ipv6' : null;
    const bits = prefix === undefined ? null : Number(prefix);
    const max = family === 'ipv4' ? 32 : 128;
    if (!family || extra !== undefined || (bits !== null && !(Number.isInteger(bits) && bits >= 0 && bits <= max && /^\d+$/.test(prefix!))))
      throw new Error(`ADMIN_ALLOWED_ADDRESSES: "${entry}" is not an address or a range such as 10.0.0.0/8 or 2001:db8::/32`);
    if (bits === null) ranges.addAddress(address, family);
    else ranges.addSubnet(address, bits, family);
  }
  return { entries, ranges };
}

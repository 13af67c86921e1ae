/** Times travel as `yyyy-MM-dd HH:mm:ss` in China Standard Time (UTC+8), docs/api.md. */
const CST_OFFSET_MS = 8 * 60 * 60 * 1000;

const pad = (n: number) => String(n).padStart(2, '0');

/** Formats an instant (Date, seconds or milliseconds) as CST `yyyy-MM-dd HH:mm:ss`. */
export function formatCst(input: Date | number = new Date()): string {
  const ms = input instanceof Date ? input.getTime() : input < 1e11 ? input * 1000 : input;
  const d = new Date(ms + CST_OFFSET_MS);
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;
}

/** The CST calendar date `yyyy-MM-dd` of an instant. */
export function cstDate(input: Date | number = new Date()): string {
  return formatCst(input).slice(0, 10);
}

/** The instant (milliseconds) of a CST `yyyy-MM-dd HH:mm:ss`. */
export function parseCst(cst: string): number {
  return Date.parse(`${cst.replace(' ', 'T')}+08:00`);
}

/** A stored China Standard Time as a W3C datetime (what lastmod takes). */
export const w3cTime = (cst: string) => `${cst.replace(' ', 'T')}+08:00`;

/** The attributes of sanitised article HTML that hold an address (content/sanitize.ts). */
const ADDRESS_ATTRIBUTE = /(\s(?:href|src|poster|cite)=")([^"]*)"/g;

const decodeAttribute = (s: string) =>
  s
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
const encodeAttribute = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;');

/**
 * Article HTML with every address absolute. A page resolves `/uploads/…` and `info?…` against
 * the site, but a feed is read elsewhere (a feed reader, a mail client) where such addresses
 * point nowhere. `resolveRoot` turns a root-relative address into an absolute one (uploads may
 * live on the asset host); the others are resolved against the site's root, the folder of
 * every public page. Fragments (#note1) and addresses with a scheme stay as they are.
 */
export function withAbsoluteLinks(html: string, base: string, resolveRoot: (path: string) => string): string {
  return html.replace(ADDRESS_ATTRIBUTE, (whole, start: string, raw: string) => {
    const address = decodeAttribute(raw).trim();
    if (!address || address.startsWith('#') || /^[a-z][a-z\d+.-]*:/i.test(address)) return whole;
    let absolute: string;
    if (address.startsWith('//')) absolute = `${new URL(base).protocol}${address}`;
    else if (address.startsWith('/')) absolute = resolveRoot(address);
    else {
      try {
        absolute = new URL(address, `${base}/`).href;
      } catch {
        return whole;
      }
    }
    return `${start}${encodeAttribute(absolute)}"`;
  });
}

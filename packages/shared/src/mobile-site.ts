/**
 * Where a phone is sent for a page of this site when a mobile site is configured
 * (MOBILE_SITE_URL, GetSiteInfo MobileSiteUrl): the mobile site's address with the page's path
 * and query (and, in the browser, its fragment) carried over, so a shared article link opens
 * that article there: `/info?MenuId=3&NewsId=7` → `https://m.example.org/info?MenuId=3&NewsId=7`.
 * A mobile site under a folder keeps it (`https://example.org/m/` → `https://example.org/m/info?…`);
 * its own query and fragment, if it has any, give way to the page's.
 */
export function mobileAddress(mobileSiteUrl: string, pathAndQuery: string): string {
  let site: URL;
  try {
    site = new URL(mobileSiteUrl);
  } catch {
    // Not an absolute address (the server's configuration refuses one): left as it was.
    return mobileSiteUrl;
  }
  const folder = site.pathname.replace(/\/+$/, '');
  const page = pathAndQuery.startsWith('/') ? pathAndQuery : `/${pathAndQuery}`;
  return `${site.origin}${folder}${page}`;
}

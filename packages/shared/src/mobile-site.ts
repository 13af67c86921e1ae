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

/**
 * Where the filing numbers every footer shows link (the public site's, and the server-drawn
 * verification pages'), beside the mobile site the addresses elsewhere of GetSiteInfo: the ICP
 * number to the MIIT filing system, the 公安联网备案号 to its record on the public security
 * filing site, found by its digits. Here, away from the zod schemas, so the public pages load none.
 */
export const ICP_FILING_SITE = 'https://beian.miit.gov.cn';
export const policeFilingRecord = (filing: string) => `https://beian.mps.gov.cn/#/query/webSearch?code=${filing.replace(/\D/g, '')}`;

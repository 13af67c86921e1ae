import { useQuery } from '@tanstack/react-query';
import { SITE_INFO_ELEMENT_ID, type SiteInfoDto } from '@portal/shared';
import { portalQueries } from '../queries';

/**
 * The identity the server put into the page (pages/head.ts): the same as GetSiteInfo answers,
 * so the first render has it and nothing shifts when it would have arrived. Absent on the
 * server (where the page's renderer asks GetSiteInfo in-process) and in a page served without it.
 */
function siteInfoInPage(): SiteInfoDto | undefined {
  if (typeof document === 'undefined') return undefined;
  const text = document.getElementById(SITE_INFO_ELEMENT_ID)?.textContent;
  return text ? (JSON.parse(text) as SiteInfoDto) : undefined;
}

/** The association's identity (name, contacts, filing number) for header and footer; loaded once. */
export function useSiteInfo() {
  return useQuery({ ...portalQueries.siteInfo(), initialData: siteInfoInPage });
}

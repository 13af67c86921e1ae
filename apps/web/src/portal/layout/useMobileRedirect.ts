import { useEffect } from 'react';
import { mobileAddress } from '@portal/shared';
import { useSiteInfo } from './useSiteInfo';

/** Phones and tablets by their user agent (spec §9: desktop is detected from the user agent). */
const nonDesktop = /Android|webOS|iPhone|iPad|iPod|BlackBerry|IEMobile|Opera Mini|Mobile/i;

/**
 * Non-desktop devices go to the mobile site (spec §1) when one is configured
 * (GetSiteInfo MobileSiteUrl), to the same page there (mobileAddress: path, query and fragment
 * carried over, as the server's redirect does); without one the responsive layout serves them.
 */
export function useMobileRedirect() {
  const target = useSiteInfo().data?.MobileSiteUrl;
  useEffect(() => {
    if (target && nonDesktop.test(navigator.userAgent))
      window.location.replace(mobileAddress(target, window.location.pathname + window.location.search + window.location.hash));
  }, [target]);
}

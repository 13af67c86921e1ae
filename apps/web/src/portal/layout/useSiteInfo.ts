import { useQuery } from '@tanstack/react-query';
import { contentApi } from '../../api/content';

/** The association's identity (name, contacts, filing number) for header and footer; loaded once. */
export function useSiteInfo() {
  return useQuery({ queryKey: ['siteInfo'], queryFn: contentApi.siteInfo, staleTime: Infinity, gcTime: Infinity });
}

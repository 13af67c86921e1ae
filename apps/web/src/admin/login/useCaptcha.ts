import { useQuery } from '@tanstack/react-query';
import { systemApi } from '../../api/system';

/**
 * The login captcha: a fresh image and ticket on every read (a ticket serves one attempt and
 * expires after 5 minutes), never cached across visits.
 */
export function useCaptcha() {
  const captcha = useQuery({ queryKey: ['adminCaptcha'], queryFn: systemApi.captcha, staleTime: 0, gcTime: 0, retry: false });
  return { image: captcha.data?.Data, ticket: captcha.data?.Url ?? '', loading: captcha.isFetching, refresh: () => void captcha.refetch() };
}

import { useQuery } from '@tanstack/react-query';
import { Code } from '@portal/shared';
import { contentApi } from '../../api/content';

/** Adds the third-party analytics script once (its address comes from the server). */
function loadAnalytics(src: string) {
  if (document.querySelector(`script[src="${CSS.escape(src)}"]`)) return;
  const script = document.createElement('script');
  script.src = src;
  script.async = true;
  document.head.appendChild(script);
}

/**
 * The total as this page load first read it, shared by every later caller, so refetches (e.g.
 * after a login invalidates the cache) neither ask again nor load the analytics script twice.
 */
let visit: Promise<number> | undefined;
function countThisVisit(): Promise<number> {
  visit ??= contentApi.countVisit().then((answer) => {
    if (answer.Code === Code.Analytics && answer.Message) loadAnalytics(answer.Message);
    return answer.Data;
  });
  return visit;
}

/**
 * The visit counter (spec §1, §7 CountWebCount): the site's 访问量, which the server counted this
 * page into when it gave it (访问统计). Code 101 carries an analytics script address in
 * Message, which is loaded.
 */
export function useVisitCounter() {
  return useQuery({ queryKey: ['visitCount'], queryFn: countThisVisit, staleTime: Infinity, gcTime: Infinity, retry: false, meta: { browserOnly: true } });
}

/**
 * How many articles a keyword found when it was last searched in this process, for the
 * statistics' 无结果的搜索词. The search call notes it (features/news/public.ts); a hit of the
 * search page reads it when written, a few seconds later, by which time the page has asked.
 * A search answered from the response cache was noted when the answer was made. Bounded: the
 * oldest keywords are forgotten first; one not known is -1.
 */
const KEPT = 5000;
const results = new Map<string, number>();

export function noteSearchResults(keyword: string, total: number): void {
  results.delete(keyword);
  results.set(keyword, total);
  if (results.size > KEPT) results.delete(results.keys().next().value!);
}

export const searchResultsOf = (keyword: string): number => results.get(keyword) ?? -1;

/** A match with what ranks it: title matches first, then newer, then the higher id. */
export interface RankedMatch {
  id: number;
  in_title: number;
  news_create_time: string;
}

const before = (a: RankedMatch, b: RankedMatch): boolean =>
  a.in_title !== b.in_title
    ? a.in_title > b.in_title
    : a.news_create_time !== b.news_create_time
      ? a.news_create_time > b.news_create_time
      : a.id > b.id;

function mergeTwo(a: readonly RankedMatch[], b: readonly RankedMatch[]): RankedMatch[] {
  const out = new Array<RankedMatch>(a.length + b.length);
  let i = 0;
  let j = 0;
  let k = 0;
  while (i < a.length && j < b.length) out[k++] = before(a[i]!, b[j]!) ? a[i++]! : b[j++]!;
  while (i < a.length) out[k++] = a[i++]!;
  while (j < b.length) out[k++] = b[j++]!;
  return out;
}

/**
 * One ranked list from runs that are each ranked already (the database sorts each batch):
 * merged pairwise in rounds, so every match is moved log2(runs) times, far cheaper than
 * sorting them all again.
 */
export function mergeRanked(runs: RankedMatch[][]): RankedMatch[] {
  let round = runs.filter((run) => run.length > 0);
  while (round.length > 1) {
    const next: RankedMatch[][] = [];
    for (let i = 0; i < round.length; i += 2) next.push(i + 1 < round.length ? mergeTwo(round[i]!, round[i + 1]!) : round[i]!);
    round = next;
  }
  return round[0] ?? [];
}

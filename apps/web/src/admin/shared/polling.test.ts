import { QueryClient, type QueryFunctionContext } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { isRefetch } from './polling';

describe('isRefetch', () => {
  it('tells a first load (the person opening a page or changing the search) from asking again for what is shown', async () => {
    const client = new QueryClient();
    const seen: [string, boolean][] = [];
    const load = (page: number) =>
      client.fetchQuery({
        queryKey: ['roster', page],
        queryFn: (context: QueryFunctionContext) => {
          seen.push([`page ${page}`, isRefetch(context)]);
          return Promise.resolve(page);
        },
        staleTime: 0,
      });
    await load(1);
    await load(1);
    await load(2);
    await client.refetchQueries({ queryKey: ['roster', 2] });
    expect(seen).toEqual([
      ['page 1', false],
      ['page 1', true],
      ['page 2', false],
      ['page 2', true],
    ]);
  });
});

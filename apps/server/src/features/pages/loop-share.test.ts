import { describe, expect, it } from 'vitest';
import { eventually } from '../../../test/eventually.js';
import { watchLoopShare } from './loop-share.js';

/**
 * Keeps the event loop working for `ms` in slices of 20 ms, with a turn of the loop between them
 * (so the watch's timer fires, but the loop never waits for anything), calling `each` per slice.
 */
async function keepBusy(ms: number, each: () => void = () => undefined): Promise<void> {
  const end = performance.now() + ms;
  while (performance.now() < end) {
    const slice = performance.now() + 20;
    while (performance.now() < slice) {
      // working
    }
    each();
    await new Promise((resolve) => setImmediate(resolve));
  }
}

describe('the event loop watched for visitors waiting behind drawings', () => {
  it('is crowded while the loop works through its windows and the cache answers visitors, and not once it rests', async () => {
    const changes: boolean[] = [];
    let served = 0;
    const stop = watchLoopShare({ servedFromCache: () => served, onChange: (crowded) => changes.push(crowded), windowMs: 50 });
    try {
      // At least two slices per window, ten answers each: well over the ten a window needs.
      const until = Date.now() + 30_000;
      while (changes.length === 0 && Date.now() < until) await keepBusy(100, () => (served += 10));
      expect(changes).toEqual([true]);
      await eventually(() => changes.length > 1);
      expect(changes).toEqual([true, false]);
    } finally {
      stop();
    }
  });

  it('is not crowded by a loop busy with no visitor answered: nobody waits behind the drawings', async () => {
    const changes: boolean[] = [];
    const stop = watchLoopShare({ servedFromCache: () => 0, onChange: (crowded) => changes.push(crowded), windowMs: 50 });
    try {
      await keepBusy(500);
      expect(changes).toEqual([]);
    } finally {
      stop();
    }
  });
});

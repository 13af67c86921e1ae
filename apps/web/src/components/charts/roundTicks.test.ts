import { describe, expect, it } from 'vitest';
import { roundTicks } from './AreaByDay';

describe('roundTicks', () => {
  it('steps by 1, 2 or 5 times a power of ten and reaches past the largest count', () => {
    expect(roundTicks(1310)).toEqual([0, 500, 1000, 1500, 2000]);
    expect(roundTicks(1190)).toEqual([0, 500, 1000, 1500, 2000]);
    expect(roundTicks(790)).toEqual([0, 200, 400, 600, 800]);
    expect(roundTicks(7)).toEqual([0, 2, 4, 6, 8]);
  });

  it('draws 0 to 4 for no visits at all', () => {
    expect(roundTicks(0)).toEqual([0, 1, 2, 3, 4]);
  });
});

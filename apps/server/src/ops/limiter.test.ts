import { describe, expect, it } from 'vitest';
import { Limiter } from './limiter.js';

/** A task the test finishes by hand, recording when it started. */
function manualTask(started: number[], id: number) {
  let finish!: (value: number) => void;
  const result = new Promise<number>((resolve) => (finish = resolve));
  return {
    run: () => {
      started.push(id);
      return result;
    },
    finish: () => finish(id),
  };
}

/** Lets every settled promise's continuations run. */
const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('the limiter', () => {
  it('runs at most its number of tasks at once, the others in the order they came as turns free up', async () => {
    const limiter = new Limiter(2);
    const started: number[] = [];
    const tasks = [1, 2, 3, 4, 5].map((id) => manualTask(started, id));
    const results = tasks.map((task) => limiter.run(task.run));
    await settle();
    expect(started).toEqual([1, 2]);
    expect([limiter.active, limiter.queued]).toEqual([2, 3]);

    tasks[1]!.finish();
    await settle();
    expect(started).toEqual([1, 2, 3]);
    expect([limiter.active, limiter.queued]).toEqual([2, 2]);

    tasks[0]!.finish();
    tasks[2]!.finish();
    await settle();
    expect(started).toEqual([1, 2, 3, 4, 5]);
    expect([limiter.active, limiter.queued]).toEqual([2, 0]);

    tasks[3]!.finish();
    tasks[4]!.finish();
    expect(await Promise.all(results)).toEqual([1, 2, 3, 4, 5]);
    expect([limiter.active, limiter.queued]).toEqual([0, 0]);
  });

  it('frees the turn of a task that fails, and passes its failure on', async () => {
    const limiter = new Limiter(1);
    await expect(limiter.run(() => Promise.reject(new Error('decode failed')))).rejects.toThrow('decode failed');
    expect(limiter.active).toBe(0);
    expect(await limiter.run(async () => 'next')).toBe('next');
  });
});

import { describe, expect, it } from 'vitest';
import { Turns } from './turns.js';

/** A task that runs until the test lets it end. */
function held() {
  let end!: (fail?: boolean) => void;
  const done = new Promise<void>((resolve, reject) => (end = (fail) => (fail ? reject(new Error('failed')) : resolve())));
  return { done, end };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('Turns', () => {
  it('runs at most its limit at once, the others in the order they came', async () => {
    const turns = new Turns(2);
    const started: number[] = [];
    const tasks = [0, 1, 2, 3, 4].map(() => held());
    const runs = tasks.map((task, i) =>
      turns.run(async () => {
        started.push(i);
        await task.done;
        return i;
      }),
    );
    await settle();
    expect(started).toEqual([0, 1]);
    expect([turns.active, turns.queued]).toEqual([2, 3]);
    tasks[1]!.end();
    await settle();
    expect(started).toEqual([0, 1, 2]);
    // A failed task gives its turn on too.
    tasks[0]!.end(true);
    await expect(runs[0]).rejects.toThrow('failed');
    await settle();
    expect(started).toEqual([0, 1, 2, 3]);
    for (const task of tasks) task.end();
    expect(await Promise.all(runs.slice(1))).toEqual([1, 2, 3, 4]);
    expect(started).toEqual([0, 1, 2, 3, 4]);
    expect([turns.active, turns.queued]).toEqual([0, 0]);
  });

  it('starts at once when a turn is free, also after a busy spell', async () => {
    const turns = new Turns(1);
    expect(await turns.run(async () => 'first')).toBe('first');
    const task = held();
    const long = turns.run(() => task.done);
    const queued = turns.run(async () => 'queued');
    task.end();
    await long;
    expect(await queued).toBe('queued');
    let ran = false;
    await turns.run(async () => {
      ran = true;
    });
    expect(ran).toBe(true);
  });

  it('follows a changed limit: a lower one starts no more until fewer run, a higher one starts those waiting at once', async () => {
    const turns = new Turns(3);
    const started: number[] = [];
    const tasks = [0, 1, 2, 3, 4, 5].map(() => held());
    const runs = tasks.map((task, i) =>
      turns.run(async () => {
        started.push(i);
        await task.done;
      }),
    );
    await settle();
    expect(started).toEqual([0, 1, 2]);
    turns.limit = 1;
    // The three running go on; two must end before the next starts.
    tasks[0]!.end();
    await settle();
    expect(started).toEqual([0, 1, 2]);
    tasks[1]!.end();
    await settle();
    expect(started).toEqual([0, 1, 2]);
    tasks[2]!.end();
    await settle();
    expect(started).toEqual([0, 1, 2, 3]);
    expect([turns.active, turns.queued]).toEqual([1, 2]);
    turns.limit = 3;
    expect([turns.active, turns.queued]).toEqual([3, 0]);
    await settle();
    expect(started).toEqual([0, 1, 2, 3, 4, 5]);
    for (const task of tasks) task.end();
    await Promise.all(runs);
    expect([turns.active, turns.queued]).toEqual([0, 0]);
  });
});

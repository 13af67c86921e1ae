import { describe, expect, it } from 'vitest';
import { Turns } from './turns.js';

/** A piece of work that ends when told to, recording that it started. */
function piece(started: string[], name: string) {
  let finish!: (fail?: boolean) => void;
  const done = new Promise<string>((resolve, reject) => (finish = (fail) => (fail ? reject(new Error(name)) : resolve(name))));
  return { work: () => (started.push(name), done), finish };
}
const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('Turns', () => {
  it('runs at most its slots at once and starts the others in the order they came, as slots free', async () => {
    const turns = new Turns(2);
    const started: string[] = [];
    const [a, b, c, d] = ['a', 'b', 'c', 'd'].map((name) => piece(started, name));
    const results = [a, b, c, d].map((p) => turns.run(p!.work));
    await settle();
    expect(started).toEqual(['a', 'b']);
    expect(turns.state).toEqual({ running: 2, waiting: 2 });
    b!.finish();
    await settle();
    expect(started).toEqual(['a', 'b', 'c']);
    // A failure frees its slot too, and is its caller's alone.
    a!.finish(true);
    await expect(results[0]).rejects.toThrow('a');
    await settle();
    expect(started).toEqual(['a', 'b', 'c', 'd']);
    expect(turns.state).toEqual({ running: 2, waiting: 0 });
    c!.finish();
    d!.finish();
    expect(await Promise.all(results.slice(1))).toEqual(['b', 'c', 'd']);
    expect(turns.state).toEqual({ running: 0, waiting: 0 });
  });
});

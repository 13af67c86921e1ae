/**
 * Runs at most `limit` tasks at once; the others wait their turn, first come first served.
 */
export class Turns {
  private running = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(readonly limit: number) {}

  /** Tasks running now. */
  get active(): number {
    return this.running;
  }

  /** Tasks waiting for a turn. */
  get queued(): number {
    return this.waiting.length;
  }

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.running >= this.limit) await new Promise<void>((resolve) => this.waiting.push(resolve));
    else this.running += 1;
    try {
      return await task();
    } finally {
      // The turn passes straight to the next in line (running stays the same), or is given back.
      const next = this.waiting.shift();
      if (next) next();
      else this.running -= 1;
    }
  }
}

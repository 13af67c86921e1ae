/**
 * At most `slots` pieces of work at once; the others wait their turn, first come first served.
 *
 * SQLite counts a search's matches on the event loop, a batch of matches at a time with other
 * requests let in between. Many searches of different keys at once all advanced together, so
 * each finished only when all did: at 1,000,000 articles, 100 at once and none answered within
 * 5 s. Taking turns costs the last one nothing and lets the first ones answer at once.
 */
export class Turns {
  private running = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(private readonly slots: number) {}

  /** How many run now, and how many wait. */
  get state(): { running: number; waiting: number } {
    return { running: this.running, waiting: this.waiting.length };
  }

  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.running < this.slots) this.running += 1;
    // A finished piece hands its slot straight to the next in line (running stays the same).
    else await new Promise<void>((resolve) => this.waiting.push(resolve));
    try {
      return await work();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.running -= 1;
    }
  }
}

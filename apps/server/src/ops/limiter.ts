/**
 * Runs at most `max` tasks at once; the others wait their turn in the order they came. For work
 * whose memory grows with how much of it runs together (decoding pictures: features/uploads/
 * variants.ts), so a burst of requests queues instead of swelling the process.
 */
export class Limiter {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(readonly max: number) {}

  /** Tasks running now. */
  get active(): number {
    return this.running;
  }

  /** Tasks waiting for a turn. */
  get queued(): number {
    return this.waiting.length;
  }

  async run<T>(task: () => Promise<T>): Promise<T> {
    // A finishing task hands its turn straight to the next waiting one, so none can slip in between.
    if (this.running < this.max) this.running += 1;
    else await new Promise<void>((resolve) => this.waiting.push(resolve));
    try {
      return await task();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.running -= 1;
    }
  }
}

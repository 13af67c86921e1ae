/**
 * Runs at most `limit` tasks at once; the others wait their turn, first come first served. The
 * limit may change while tasks run: raised, waiting tasks start at once; lowered, running ones
 * finish and no more start until fewer than the new limit run.
 */
export class Turns {
  private running = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(private allowed: number) {}

  get limit(): number {
    return this.allowed;
  }

  set limit(allowed: number) {
    this.allowed = allowed;
    this.startWaiting();
  }

  /** Tasks running now. */
  get active(): number {
    return this.running;
  }

  /** Tasks waiting for a turn. */
  get queued(): number {
    return this.waiting.length;
  }

  async run<T>(task: () => Promise<T>): Promise<T> {
    // A waiting task is counted as running by whoever starts it (startWaiting).
    if (this.running >= this.allowed) await new Promise<void>((resolve) => this.waiting.push(resolve));
    else this.running += 1;
    try {
      return await task();
    } finally {
      this.running -= 1;
      this.startWaiting();
    }
  }

  private startWaiting(): void {
    while (this.running < this.allowed && this.waiting.length > 0) {
      this.running += 1;
      this.waiting.shift()!();
    }
  }
}

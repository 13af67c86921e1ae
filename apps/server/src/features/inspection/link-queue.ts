/**
 * 链接检查's politeness (docs/inspection.md): at most `limit` requests to other sites at once,
 * one at a time to any one host, and a pause after each before that host is asked again, so a
 * thousand articles linking one site never look like an attack on it. First come first served,
 * but a task waiting for its host does not hold up the others.
 */
export class PoliteQueue {
  private active = 0;
  private readonly busy = new Set<string>();
  private readonly readyAt = new Map<string, number>();
  private waiting: { host: string; start: () => Promise<void>; cancel: (e: Error) => void }[] = [];
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly limit: number,
    private readonly pauseMs: number,
  ) {}

  /** Runs `task` when its host and a place are free. */
  run<T>(host: string, task: () => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.waiting.push({ host, start: () => task().then(resolve, reject), cancel: reject });
      this.pump();
    });
  }

  /** Refuses whatever still waits (the run is stopping); running tasks end by their own timeouts. */
  close(reason: Error): void {
    clearTimeout(this.timer);
    for (const w of this.waiting) w.cancel(reason);
    this.waiting = [];
  }

  private pump(): void {
    const now = Date.now();
    let nextReady = Infinity;
    for (let i = 0; i < this.waiting.length && this.active < this.limit; i++) {
      const w = this.waiting[i]!;
      if (this.busy.has(w.host)) continue;
      const ready = this.readyAt.get(w.host) ?? 0;
      if (ready > now) {
        nextReady = Math.min(nextReady, ready);
        continue;
      }
      this.waiting.splice(i--, 1);
      this.active++;
      this.busy.add(w.host);
      void w.start().finally(() => {
        this.active--;
        this.busy.delete(w.host);
        this.readyAt.set(w.host, Date.now() + this.pauseMs);
        this.pump();
      });
    }
    // A host still pausing: look again when it may be asked.
    if (nextReady !== Infinity) {
      clearTimeout(this.timer);
      this.timer = setTimeout(() => this.pump(), nextReady - now).unref();
    }
  }
}

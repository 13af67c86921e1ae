import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';

/**
 * Something the server needs gone away (the database, the upload storage): requests that meet
 * it are refused, and the log should say so once, not once per request (a busy site would
 * write thousands of lines a second), and once more when it works again, with how long it was
 * away and how many requests were turned away meanwhile.
 */
export interface OutageWatch {
  /** The error line said when an outage begins. */
  began: string;
  /** The warning line said when it is over. */
  ended: string;
  /** Resolves when the thing works again; throws while it is still away. */
  probe(): Promise<void>;
  /** Whether a probe's failure means still away; any other failure ends the watch (another fault, not this outage). */
  stillAway(error: unknown): boolean;
  /** How often, during an outage, the probe runs. */
  probeEveryMs: number;
}

export class OutageLog {
  private outage?: { since: number; refused: number };
  /** Probes that found the thing still away, since the server started (for tests, which wait for some instead of sleeping). */
  private probesAway = 0;
  /** Ends the probing when the server closes: what it probes is going away. */
  private readonly closing = new AbortController();

  constructor(
    private readonly watch: OutageWatch,
    private readonly log: FastifyBaseLogger,
    private readonly now: () => number,
  ) {}

  get ongoing(): boolean {
    return this.outage !== undefined;
  }

  /** How many probes have found the thing still away. */
  get probesStillAway(): number {
    return this.probesAway;
  }

  /** A request met the outage: said with its cause when it is the first. */
  report(error: unknown): void {
    if (this.outage) {
      this.outage.refused += 1;
      return;
    }
    this.outage = { since: this.now(), refused: 1 };
    const { name, message, code } = error as { name?: string; message?: string; code?: string };
    this.log.error({ err: { type: name, message, code } }, this.watch.began);
    void this.probeUntilBack();
  }

  /** Stops probing (the server is closing); an outage still on is not said to be over. */
  stop(): void {
    this.closing.abort();
  }

  /** Probes until the thing answers; then the outage is over. */
  private async probeUntilBack(): Promise<void> {
    for (;;) {
      const slept = await sleep(this.watch.probeEveryMs, true, { ref: false, signal: this.closing.signal }).catch(() => false);
      if (!slept) return;
      try {
        await this.watch.probe();
        break;
      } catch (error) {
        if (!this.watch.stillAway(error)) break;
        this.probesAway += 1;
      }
    }
    const outage = this.outage;
    this.outage = undefined;
    if (outage) this.log.warn({ seconds: Math.round((this.now() - outage.since) / 1000), refused: outage.refused }, this.watch.ended);
  }
}

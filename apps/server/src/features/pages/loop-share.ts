import { performance } from 'node:perf_hooks';

/** How often the event loop's use is read. */
const LOOP_WINDOW_MS = 100;
/**
 * The part of a window the loop spent working at or above which visitors queue behind the drawings.
 * Visitors alone kept a loop 80–100 % busy in the crawl benchmark: at 90 % the watch went on and off
 * from window to window, and drawings came in bursts whenever it was off.
 */
const BUSY_AT = 0.75;
/** Answers from kept copies in a window that say visitors, not only pages being drawn, are waiting on the loop. */
const VISITORS_IN_WINDOW = 10;

export interface LoopShareOptions {
  /** Requests answered from the response cache so far (ResponseCache.servedCount). */
  servedFromCache: () => number;
  /** Told when the loop becomes crowded, and when it stops being so. */
  onChange: (crowded: boolean) => void;
  windowMs?: number;
}

/**
 * Watches whether the event loop is crowded: working through most of a window while
 * requests the response cache answers came in. Then drawings should give way (render-pool.ts
 * draws one at a time, a third of the time): each costs the loop milliseconds (its calls, keeping it, sending it)
 * where a kept page costs it a tenth of one, and a crawler asking for page after uncached page
 * would otherwise take the loop from everyone reading kept ones (decisions.md, "Pages are drawn
 * on worker threads"). A loop busy with drawings alone is not crowded: nobody is waiting behind
 * them, and the threads should draw as fast as they can. Returns the function that stops watching.
 */
export function watchLoopShare({ servedFromCache, onChange, windowMs = LOOP_WINDOW_MS }: LoopShareOptions): () => void {
  let last = performance.eventLoopUtilization();
  let served = servedFromCache();
  let crowded = false;
  const timer = setInterval(() => {
    const now = performance.eventLoopUtilization();
    const busy = performance.eventLoopUtilization(now, last).utilization;
    const count = servedFromCache();
    const isCrowded = busy >= BUSY_AT && count - served >= VISITORS_IN_WINDOW;
    last = now;
    served = count;
    if (isCrowded === crowded) return;
    crowded = isCrowded;
    onChange(crowded);
  }, windowMs);
  // Watching never keeps the process alive.
  timer.unref();
  return () => clearInterval(timer);
}

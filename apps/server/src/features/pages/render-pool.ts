import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import type { EncodedCopy } from '../../http/compression.js';
import type { CallAnswer, CallConfig, DrawnDocument, PageDrawing, PageShell } from './render.js';
import { Turns } from '../../ops/turns.js';

/**
 * Pages drawn on worker threads instead of the event loop.
 *
 * A drawing is synchronous CPU work (a renderToString pass of a few milliseconds to tens of
 * them; two or three passes when this was measured), and on the event loop every other request
 * waited for it: while a crawler read distinct uncached articles on 16 connections, a visitor's
 * cached /home went from p99 72 ms to 3.3 s. Here each drawing runs on a thread of the pool (render-worker.mjs, the web
 * app's server build loaded there), and its API calls come back to the main thread, answered
 * by `answer` (render.ts: the server's own routes, in-process), so the HTML still holds exactly
 * what the API answers and the database stays with the main thread. The thread also finishes the
 * page (puts it into its shell and compresses it: page-document.mjs), so the main thread only
 * sends the bytes it gets back.
 *
 * The first thread starts with the pool, so that loading the web app's server build on it overlaps
 * the rest of the server's start instead of holding up the first page; the others start at the
 * first drawing that finds every running one busy, and are kept. A thread that dies fails the drawings it held (their pages fall back to
 * the browser's drawing, as any failed drawing) and the next drawing starts another.
 */
export interface RenderPool {
  draw(url: string, drawing: PageDrawing, answer: (config: CallConfig) => Promise<CallAnswer>, shell: PageShell): Promise<DrawnDocument>;
  /** Whether a drawing asked for now would be taken (drawn or put in the line) rather than refused with PagesOverloadedError. */
  hasRoom(): boolean;
  /** Resolves true as soon as hasRoom would, oldest asker first, or false once `ms` have passed without room for this one. */
  roomWithin(ms: number): Promise<boolean>;
  /** Draws one page at a time while the event loop is crowded with visitors (loop-share.ts), as many as the threads take otherwise. */
  crowded(crowded: boolean): void;
  close(): Promise<void>;
}

/** Drawings a thread takes at once: it draws one while the main thread answers the other's calls. */
const DRAWINGS_PER_THREAD = 2;
/**
 * Drawings at once while the event loop is crowded: one. Each drawing in flight asks the loop
 * for its calls and its keeping, so the loop's time drawings take follows how many are drawn at
 * once, and how often: one at a time still came every 11 ms under a crawl, hence the rest after
 * each (SHARE_WHEN_CROWDED).
 */
const DRAWINGS_WHEN_CROWDED = 1;
/** The part of the time a drawing holds its turn while the loop is crowded: it rests twice as long as it took. */
const SHARE_WHEN_CROWDED = 1 / 3;
/**
 * Drawings that may wait for a thread, per thread, before pages answer 503: a drawing takes
 * tens of milliseconds, so a visitor at the end of the line waits a few hundred at most.
 */
export const WAITING_PER_THREAD = 8;

/**
 * More pages asked to be drawn than the pool's line holds: the page is answered 503 with
 * Retry-After (web-app.ts), never after an unbounded wait.
 */
export class PagesOverloadedError extends Error {
  constructor() {
    super('too many pages waiting to be drawn');
    this.name = 'PagesOverloadedError';
  }
}

/**
 * The pool closed (the server stopping) before the page was drawn: the page goes out for the
 * browser to draw, as any page the server could not draw, but nothing failed.
 */
export class RenderPoolClosedError extends Error {
  constructor() {
    super('render pool closed');
    this.name = 'RenderPoolClosedError';
  }
}

/**
 * The pool's threads in one server process: the cores this process may use, shared with the
 * other processes serving the port (WEB_CONCURRENCY), at least one.
 */
export const renderThreads = (webConcurrency: number): number => Math.max(1, Math.floor(os.availableParallelism() / webConcurrency));

/** A finished page as a thread sends it: a port carries a Buffer as a plain Uint8Array. */
interface ThreadDocument {
  body: Uint8Array;
  copy?: { encoding: EncodedCopy['encoding']; body: Uint8Array };
  draws?: number;
  undeclared?: readonly string[];
}

/** What a thread says: a call of one of its drawings, or a drawing done. */
type FromThread = { call: number; drawing: number; config: CallConfig } | { drawn: number; page: ThreadDocument } | { failed: number; message: string };

/** A pause that does not keep the process alive. */
const rest = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms).unref());

/** The bytes a thread sent, as a Buffer over the same memory. */
const asBuffer = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

const fromThread = ({ body, copy, draws, undeclared }: ThreadDocument): DrawnDocument => ({
  body: asBuffer(body),
  copy: copy && { encoding: copy.encoding, body: asBuffer(copy.body) },
  draws,
  undeclared,
});

interface Drawing {
  answer(config: CallConfig): Promise<CallAnswer>;
  resolve(page: DrawnDocument): void;
  reject(error: Error): void;
}

interface Thread {
  worker: Worker;
  drawings: Map<number, Drawing>;
}

export interface RenderPoolOptions {
  entry: string;
  threads: number;
  waitingAtMost: number;
  /** The clock a drawing is timed by, and the pause after it while crowded: a test's own, to hold the turn while it looks. */
  clock?: { now(): number; rest(ms: number): Promise<void> };
}

const realClock = { now: () => performance.now(), rest };

export function renderPool({ entry, threads: size, waitingAtMost, clock = realClock }: RenderPoolOptions): RenderPool {
  const turns = new Turns(size * DRAWINGS_PER_THREAD);
  const threads: Thread[] = [];
  let nextDrawing = 0;
  let closed = false;
  let crowded = false;

  const start = (): Thread => {
    const worker = new Worker(new URL('./render-worker.mjs', import.meta.url), { workerData: { entry } });
    const thread: Thread = { worker, drawings: new Map() };
    worker.on('message', (message: FromThread) => {
      if ('call' in message) {
        const drawing = thread.drawings.get(message.drawing);
        drawing?.answer(message.config).then(
          ({ json, status }) => worker.postMessage({ call: message.call, answer: { json, status } }),
          (error: Error) => worker.postMessage({ call: message.call, error: error.message }),
        );
        return;
      }
      const id = 'drawn' in message ? message.drawn : message.failed;
      const drawing = thread.drawings.get(id);
      if (!drawing) return;
      thread.drawings.delete(id);
      // An idle thread does not keep the process alive.
      if (thread.drawings.size === 0) worker.unref();
      if ('drawn' in message) drawing.resolve(fromThread(message.page));
      else drawing.reject(new Error(message.message));
    });
    const stopped = (error: Error) => {
      const at = threads.indexOf(thread);
      if (at === -1) return;
      threads.splice(at, 1);
      // Stopped by close: its drawings were cut short, not failed.
      for (const drawing of thread.drawings.values()) drawing.reject(closed ? new RenderPoolClosedError() : error);
      thread.drawings.clear();
    };
    worker.on('error', stopped);
    worker.on('exit', (code) => stopped(new Error(`render thread stopped (exit code ${code})`)));
    threads.push(thread);
    return thread;
  };

  /** The thread with the fewest drawings, or a new one while every running one draws and the pool has room. */
  const freest = (): Thread => {
    let least: Thread | undefined;
    for (const thread of threads) if (!least || thread.drawings.size < least.drawings.size) least = thread;
    return least && (least.drawings.size === 0 || threads.length >= size) ? least : start();
  };

  /** Sends the drawing to the freest thread: settled when that thread says it is drawn, or failed. */
  const drawOnThread = (url: string, drawing: PageDrawing, answer: Drawing['answer'], shell: PageShell) =>
    new Promise<DrawnDocument>((resolve, reject) => {
      const thread = freest();
      const id = nextDrawing++;
      thread.drawings.set(id, { answer, resolve, reject });
      thread.worker.ref();
      thread.worker.postMessage({ drawing: id, url, options: drawing, shell: shell.html, encoding: shell.encoding });
    });

  const hasRoom = () => turns.queued < waitingAtMost;

  /** Those waiting for room (roomWithin), oldest first: each drawing that ends makes room for one. */
  const awaitingRoom: Array<() => void> = [];
  const roomMade = () => awaitingRoom.shift()?.();
  const roomWithin = (ms: number) =>
    hasRoom()
      ? Promise.resolve(true)
      : new Promise<boolean>((resolve) => {
          const made = () => {
            clearTimeout(timer);
            resolve(true);
          };
          const timer = setTimeout(() => {
            awaitingRoom.splice(awaitingRoom.indexOf(made), 1);
            resolve(false);
          }, ms);
          awaitingRoom.push(made);
        });

  // Idle until its first drawing, it does not keep the process alive.
  start().worker.unref();

  return {
    hasRoom,
    roomWithin,
    crowded(isCrowded) {
      crowded = isCrowded;
      turns.limit = crowded ? DRAWINGS_WHEN_CROWDED : size * DRAWINGS_PER_THREAD;
    },
    draw(url, drawing, answer, shell) {
      if (closed) return Promise.reject(new RenderPoolClosedError());
      if (!hasRoom()) return Promise.reject(new PagesOverloadedError());
      // The page goes to its asker as soon as it is drawn; the turn may be held a while longer.
      return new Promise<DrawnDocument>((resolve, reject) => {
        void turns
          .run(async () => {
            if (closed) throw new RenderPoolClosedError();
            const began = clock.now();
            const page = drawOnThread(url, drawing, answer, shell);
            page.then(resolve, reject);
            await page.catch(() => undefined);
            // While the loop is crowded the turn rests after the drawing, so that drawings hold
            // it SHARE_WHEN_CROWDED of the time at most, however fast they come.
            if (crowded && !closed) await clock.rest((clock.now() - began) * (1 / SHARE_WHEN_CROWDED - 1));
          })
          .catch(reject)
          .finally(roomMade);
      });
    },
    async close() {
      closed = true;
      await Promise.all(threads.map((thread) => thread.worker.terminate()));
    },
  };
}

// A thread of the render pool (render-pool.ts): it draws pages with the web app's server build
// and asks the main thread, over its port, for every API call a page makes, so the answers come
// from the server's own routes (and the database stays with the main thread). Plain JavaScript:
// a worker loads its file without the TypeScript loader the server runs under (tsx, vitest).
import fs from 'node:fs';
import os from 'node:os';
import { pathToFileURL } from 'node:url';
import { TextDecoder } from 'node:util';
import { parentPort, workerData } from 'node:worker_threads';
import { pageDocument, withRenderedPage } from './page-document.mjs';

// Below the main thread in the CPU's order (Linux schedules each thread by its own niceness,
// and names this one in /proc/thread-self): with every core drawing pages for a crawler, API
// answers and cached pages still get the CPU first, and drawings take what is left. Elsewhere,
// or where the thread cannot be named, it keeps the process's priority.
const NICER_BY = 10;
try {
  const thread = Number(fs.readlinkSync('/proc/thread-self').split('/').pop());
  os.setPriority(thread, Math.min(19, os.getPriority(thread) + NICER_BY));
} catch {
  // Not Linux: the threads share the cores with the main thread as equals.
}

// Imported once, at the thread's start; a drawing asked before it is loaded waits for it. The
// pages most visits start at are loaded next (a drawing loads whatever its page needs anyway, so
// a failure here shows there, not here).
const entry = import(pathToFileURL(workerData.entry).href);
entry.then((loaded) => loaded.preload()).catch(() => {});

/** The calls of this thread's drawings waiting for their answers, by number. */
const calls = new Map();
let nextCall = 0;

const utf8 = new TextDecoder();

/**
 * The transport a page draws with (the web app's api/client.ts ServerTransport): the call goes to
 * the main thread, its answer comes back as the bytes of the JSON the route sent, decoded and
 * read here (off the event loop).
 */
const transport = (drawing) => (config) =>
  new Promise((resolve, reject) => {
    const call = nextCall++;
    const answered = ({ json, status }) => {
      try {
        resolve({ status, data: JSON.parse(utf8.decode(json)) });
      } catch (error) {
        reject(error);
      }
    };
    calls.set(call, { resolve: answered, reject });
    parentPort.postMessage({ call, drawing, config });
  });

parentPort.on('message', async (message) => {
  if ('call' in message) {
    const waiting = calls.get(message.call);
    calls.delete(message.call);
    if ('error' in message) waiting?.reject(new Error(message.error));
    else waiting?.resolve(message.answer);
    return;
  }
  const { drawing, url, options, shell, encoding } = message;
  try {
    const { render } = await entry;
    const page = await render(url, { ...options, transport: transport(drawing) });
    // Finished here too: put into the page's shell and compressed, which is CPU work the event
    // loop would otherwise do for every page drawn.
    const { body, copy } = pageDocument(withRenderedPage(shell, page), encoding);
    parentPort.postMessage({ drawn: drawing, page: { body, copy, draws: page.draws, undeclared: page.undeclared } });
  } catch (error) {
    parentPort.postMessage({ failed: drawing, message: error instanceof Error ? error.message : String(error) });
  }
});

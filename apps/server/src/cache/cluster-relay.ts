import cluster from 'node:cluster';

// The primary's part of telling cluster workers about content changes (cache/fanout.ts has the
// workers' part). A module of its own, with nothing but node:cluster, so the primary loads none
// of the server to relay (main.ts).

/** An IPC message between a cluster worker and the primary carrying one notice of the wire format. */
export interface ContentNotice {
  type: 'content-changed';
  notice: string;
}

export const isContentNotice = (message: unknown): message is ContentNotice =>
  typeof message === 'object' &&
  message !== null &&
  (message as ContentNotice).type === 'content-changed' &&
  typeof (message as ContentNotice).notice === 'string';

/**
 * In the primary: passes each worker's notice on to every other worker. Workers never lose
 * notices while they run (IPC is not a network); a replaced worker starts with an empty cache.
 */
export function relayContentChanges(): void {
  cluster.on('message', (sender, message: unknown) => {
    if (!isContentNotice(message)) return;
    for (const worker of Object.values(cluster.workers ?? {})) {
      // A worker that is stopping may have closed its channel; it needs no notice any more.
      if (worker && worker !== sender && worker.isConnected()) worker.send(message, undefined, () => undefined);
    }
  });
}

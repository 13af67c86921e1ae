import type { FastifyInstance, FastifyRequest } from 'fastify';

/** How long closing waits for the work of requests whose clients left; past it, closing goes on. */
const SETTLE_LIMIT_MS = 5_000;

/**
 * The requests whose hooks or handler may still be running, so closing the server can wait for
 * them before the database goes.
 *
 * Fastify's close() waits for open connections, not for work: when a client leaves mid-request
 * (a load balancer's timeout, a phone losing signal), its connection closes at once while the
 * hooks and handler run on, and they would meet a closed database (PostgreSQL: "driver has
 * already been destroyed"). A request counts from its first onRequest hook until its answer is
 * handed to be sent (onSend, which runs for a left client too) or, for an answer written
 * straight to the socket (reply.hijack), until that socket's response closes.
 */
export interface RequestsInFlight {
  /** Resolves when none is running (at most SETTLE_LIMIT_MS); false when some still were. */
  settled(): Promise<boolean>;
}

/** Register first, before any other onRequest hook, so a request counts from the start. */
export function trackRequestsInFlight(app: FastifyInstance): RequestsInFlight {
  const running = new Set<FastifyRequest>();
  let waiters: Array<() => void> = [];
  const done = (request: FastifyRequest) => {
    if (!running.delete(request) || running.size > 0) return;
    for (const wake of waiters) wake();
    waiters = [];
  };
  app.addHook('onRequest', async (request, reply) => {
    running.add(request);
    // An answer written outside Fastify's send (a response-cache hit) never reaches onSend.
    reply.raw.once('close', () => {
      if (reply.sent) done(request);
    });
  });
  app.addHook('onSend', async (request, _reply, payload) => {
    done(request);
    return payload;
  });
  return {
    settled: async () => {
      if (running.size === 0) return true;
      let timer: NodeJS.Timeout | undefined;
      const emptied = new Promise<boolean>((resolve) => waiters.push(() => resolve(true)));
      const late = new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), SETTLE_LIMIT_MS)));
      const clean = await Promise.race([emptied, late]);
      clearTimeout(timer);
      return clean;
    },
  };
}

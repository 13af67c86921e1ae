import { secondInstance, type TestApp } from './harness.js';

/**
 * Concurrent load for the limits' tests: many requests in flight at once, shared by the
 * instances that would serve them behind a load balancer.
 */

export interface Instances {
  apps: TestApp[];
  close(): Promise<void>;
}

/**
 * The test app and, on PostgreSQL, a second instance on its database. Two SQLite instances
 * cannot run at once in one test process: a writer waiting for the other's transaction blocks
 * the one thread both run on (in a cluster each worker is its own process and waits its turn;
 * db/write-lock.test.ts covers that), so on SQLite the one instance takes the whole load.
 */
export async function sharingInstances(t: TestApp, options: Parameters<typeof secondInstance>[1] = {}): Promise<Instances> {
  if (t.engine !== 'postgres') return { apps: [t], close: async () => undefined };
  const second = await secondInstance(t, options);
  return { apps: [t, second], close: () => second.close() };
}

/** Starts `count` calls before awaiting any, the i-th on apps[i % apps.length]; answers their answers in order. */
export function atOnce<T>(apps: TestApp[], count: number, call: (app: TestApp, i: number) => Promise<T>): Promise<T[]> {
  return Promise.all(Array.from({ length: count }, (_, i) => call(apps[i % apps.length]!, i)));
}

/** The part of autocannon's API the benchmark uses (the package ships no types). */
declare module 'autocannon' {
  interface Histogram {
    average: number;
    p50: number;
    p99: number;
    max: number;
  }
  interface Result {
    /** Per second; total: the requests answered. */
    requests: Histogram & { total: number };
    /** Milliseconds. */
    latency: Histogram;
    non2xx: number;
    errors: number;
    timeouts: number;
  }
  /** One request of the list autocannon cycles through; setupRequest may rewrite it each time. */
  export interface Request {
    path?: string;
    method?: string;
    headers?: Record<string, string>;
    setupRequest?: (request: Request) => Request;
  }
  interface Options {
    url: string;
    requests?: Request[];
    connections?: number;
    /** Sent with every request. */
    headers?: Record<string, string>;
    /** Seconds. */
    duration?: number;
    /** Requests to make in all; when given, duration is ignored. */
    amount?: number;
    /** Seconds before a request counts as timed out. */
    timeout?: number;
  }
  function autocannon(options: Options): Promise<Result>;
  export default autocannon;
}

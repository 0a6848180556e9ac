/** The part of autocannon's programmatic API the benchmarks use (the package ships no types). */
declare module 'autocannon' {
  import type { EventEmitter } from 'node:events';

  export interface Options {
    url: string;
    connections?: number;
    /** Seconds. */
    duration?: number;
    headers?: Record<string, string>;
    method?: string;
    pipelining?: number;
    timeout?: number;
  }

  export interface Histogram {
    average: number;
    mean: number;
    stddev: number;
    min: number;
    max: number;
    total: number;
    p50: number;
    p90: number;
    p99: number;
    [percentile: string]: number;
  }

  export interface Result {
    url: string;
    connections: number;
    /** Seconds the run took. */
    duration: number;
    /** Per-second samples of completed requests. */
    requests: Histogram;
    /** Whole milliseconds (hdr histogram), 2xx responses only. */
    latency: Histogram;
    throughput: Histogram;
    errors: number;
    timeouts: number;
    non2xx: number;
    '2xx': number;
  }

  export interface Instance extends EventEmitter, PromiseLike<Result> {
    stop(): void;
    on(
      event: 'response',
      listener: (client: unknown, statusCode: number, resBytes: number, responseTime: number) => void,
    ): this;
    on(event: string, listener: (...args: any[]) => void): this;
  }

  export default function autocannon(options: Options): Instance;
}

/** The part of autocannon's API the scenarios use (the package ships no types). */
declare module 'autocannon' {
  interface Histogram {
    average: number;
    p50: number;
    p99: number;
    max: number;
  }
  interface Result {
    requests: Histogram & { total: number };
    latency: Histogram;
    non2xx: number;
    errors: number;
    timeouts: number;
  }
  interface Options {
    url: string;
    headers?: Record<string, string>;
    connections?: number;
    /** Seconds. */
    duration?: number;
    /** Requests in all, instead of a duration. */
    amount?: number;
    /** Sent in turn on each connection instead of GET `url`. */
    requests?: { method?: string; path: string; headers?: Record<string, string> }[];
  }
  export default function autocannon(options: Options): Promise<Result>;
}

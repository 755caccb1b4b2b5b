/**
 * An open-loop load generator: requests leave on a fixed schedule (one every 1000/rate ms,
 * whatever the answers do) over a pool of keep-alive connections, and each latency is counted
 * from the request's scheduled time, so time spent queued behind a slow answer counts too.
 *
 * autocannon's `overallRate` is not that: each connection sends back to back until it has
 * made its share of the second, then waits for the next second, so "500 req/s" arrives as a
 * burst of every connection at full speed at the top of each second.
 *
 * The generator shares the machine's two cores with the platform it measures, so it is as
 * light as it can be: undici's dispatcher with a plain handler (no stream objects), as the
 * gateway forwards. node:http's client cost 0.67–0.71 ms of CPU per 30 kB answer (a group's
 * reviews on L), the dispatcher 0.27–0.37 (docs/performance.md, fourteenth session).
 *
 * Its own pauses count as the platform's latency: every answer that arrives during one waits.
 * With V8's default young generation, 500 answers a second promoted enough to need a full
 * collection (8–12 ms, plus 15–25 ms of marking) every 3.7 s, which made S's p99 of a group's
 * reviews 4.7–9.7 ms where the platform answered in 1.8; `npm run bench` therefore gives this
 * process a 32 MB semi-space (docs/performance.md, "Twenty-ninth session").
 */
import { appendFileSync } from 'node:fs';
import { Pool, type Dispatcher } from 'undici';
import { percentile } from '../types.ts';

export interface PacedRequest {
  method?: string;
  path: string;
  headers?: Record<string, string>;
  /** A JSON body (sent with its content type). */
  body?: unknown;
  /** Called with the answer's status and text (the text is read only when this is given). */
  onAnswer?(status: number, text: string): void;
}

export interface PacedOptions {
  url: string;
  /** Requests per second. */
  rate: number;
  /** Seconds. */
  duration: number;
  /** Most connections open at once (a client's pool). */
  connections: number;
  next(): PacedRequest;
}

export interface PacedResult {
  sent: number;
  /** Answers (any status), and answered per second of the run (until the last answer). */
  answered: number;
  rate: number;
  /** How long after the last request was due its answer came: the backlog left at the end. */
  drainMs: number;
  p50: number;
  p99: number;
  max: number;
  non2xx: number;
  errors: number;
}

export async function paced(options: PacedOptions): Promise<PacedResult> {
  const pool = new Pool(new URL(options.url).origin, { connections: options.connections });
  const total = Math.round(options.rate * options.duration);
  const interval = 1000 / options.rate;
  const latencies: number[] = [];
  let non2xx = 0;
  let errors = 0;

  // `BENCH_TRACE=<file>`: each answer's scheduled time (ms into the run), latency and path, to
  // tell a steady queue from a few stalls; the run's start as a Unix time in ms heads them, to
  // lay them beside the services' own logs (`BENCH_NODE_ARGS=--trace-gc`).
  const trace = process.env.BENCH_TRACE ? ([] as string[]) : null;
  const started = performance.now();
  const startedAt = Date.now();
  const send = (due: number) =>
    new Promise<void>((resolve) => {
      const request = options.next();
      const payload = request.body === undefined ? null : JSON.stringify(request.body);
      const headers = payload
        ? { ...request.headers, 'content-type': 'application/json' }
        : (request.headers ?? {});
      let status = 0;
      const chunks: Buffer[] | null = request.onAnswer ? [] : null;
      const handler: Dispatcher.DispatchHandler = {
        // undici tells its handler kinds apart by this method.
        onRequestStart: () => undefined,
        onResponseStart: (_controller, statusCode) => void (status = statusCode),
        onResponseData: (_controller, chunk) => void chunks?.push(chunk),
        onResponseEnd: () => {
          request.onAnswer?.(status, chunks ? Buffer.concat(chunks).toString() : '');
          latencies.push(performance.now() - due);
          trace?.push(
            `${Math.round(due - started)} ${(performance.now() - due).toFixed(1)} ${request.path}`,
          );
          if (status >= 300) non2xx += 1;
          resolve();
        },
        onResponseError: () => {
          errors += 1;
          resolve();
        },
      };
      try {
        pool.dispatch(
          {
            method: (request.method ?? 'GET') as Dispatcher.HttpMethod,
            path: request.path,
            headers,
            body: payload,
          },
          handler,
        );
      } catch {
        errors += 1;
        resolve();
      }
    });

  const pending: Promise<void>[] = [];
  let i = 0;
  while (i < total) {
    const now = performance.now();
    // Everything due by now leaves now; then sleep until the next one is due.
    while (i < total && started + i * interval <= now) {
      pending.push(send(started + i * interval));
      i += 1;
    }
    const wait = started + i * interval - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  }
  await Promise.all(pending);
  const ended = performance.now();
  const seconds = (ended - started) / 1000;
  if (trace) {
    const head = `# ${options.url} started ${startedAt}`;
    appendFileSync(process.env.BENCH_TRACE!, `${head}\n${trace.join('\n')}\n`);
  }
  await pool.destroy();
  latencies.sort((a, b) => a - b);
  return {
    sent: total,
    answered: latencies.length,
    rate: latencies.length / seconds,
    drainMs: ended - (started + (total - 1) * interval),
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    max: latencies.at(-1) ?? Number.NaN,
    non2xx,
    errors,
  };
}

import { traceHeaders } from '@trustcircle/service-kit';
import { Pool, type Dispatcher } from 'undici';

/** How a forward reaches a service: its connection pool and how long an answer may pause. */
export interface ForwardVia {
  dispatcher: Dispatcher;
  timeoutMs: number;
  /** A long-lived answer (Server-Sent Events): only its headers are timed. */
  stream?: boolean;
}

/**
 * Keep-alive connection pools per upstream (pitfalls: without them a proxy hop costs most of the
 * throughput), and a connect timeout so a vanished service fails fast as 503. undici's pool in
 * place of node:http's agent: 28 % less gateway CPU per proxied read under the scale bench
 * (docs/performance.md, "Against the bare reference", fifth session).
 */
export class Upstreams {
  private readonly pools = new Map<string, Pool>();
  /** By target URL: the composed page asks for two per view, no URL parsed for them. */
  private readonly vias = new Map<string, ForwardVia>();

  constructor(private readonly options: { connectTimeoutMs: number; timeoutMs: number }) {}

  forRequests(target: string): ForwardVia {
    let via = this.vias.get(target);
    if (!via) {
      via = {
        dispatcher: this.pool(new URL(target).origin, 512),
        timeoutMs: this.options.timeoutMs,
      };
      this.vias.set(target, via);
    }
    return via;
  }

  /**
   * Streams (Server-Sent Events) get their own pool: no timeout once the headers are in,
   * and a stream holding a connection for hours never takes one from the ordinary requests.
   */
  forStream(target: string): ForwardVia {
    return {
      dispatcher: this.pool(`stream:${new URL(target).origin}`, null),
      timeoutMs: this.options.timeoutMs,
      stream: true,
    };
  }

  /** A JSON call to a service, used for the gateway's own session endpoints. */
  async requestJson(
    target: string,
    options: { method: string; path: string; headers?: Record<string, string>; body?: unknown },
  ): Promise<{ status: number; body: unknown }> {
    const answer = await this.requestText(target, options);
    let body: unknown = answer.text;
    try {
      body = answer.text ? JSON.parse(answer.text) : null;
    } catch {
      // Not JSON: callers treat it as an upstream failure.
    }
    return { status: answer.status, body };
  }

  /** A call to a service answering its body as text. */
  async requestText(
    target: string,
    options: { method: string; path: string; headers?: Record<string, string>; body?: unknown },
  ): Promise<{ status: number; text: string }> {
    const answer = await this.requestBytes(target, options);
    return { status: answer.status, text: answer.body.toString('utf8') };
  }

  /**
   * A call to a service answering its body as it came: for answers passed on without parsing
   * (the composed page's halves), never decoded to a string and encoded again.
   */
  requestBytes(
    target: string,
    options: { method: string; path: string; headers?: Record<string, string>; body?: unknown },
  ): Promise<{ status: number; body: Buffer }> {
    const url = new URL(options.path, target);
    const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
    const { dispatcher, timeoutMs } = this.forRequests(target);
    // The dispatcher's own handler, not `request()`: no body stream per call (the composed
    // page makes two of these per view).
    return new Promise((resolve, reject) => {
      let status = 0;
      const chunks: Buffer[] = [];
      try {
        dispatcher.dispatch(
          {
            method: options.method as Dispatcher.HttpMethod,
            path: url.pathname + url.search,
            headers: {
              accept: 'application/json',
              ...(payload ? { 'content-type': 'application/json' } : {}),
              ...options.headers,
              ...traceHeaders(),
            },
            body: payload ?? null,
            headersTimeout: timeoutMs,
            bodyTimeout: timeoutMs,
          },
          {
            // undici tells its handler kinds apart by this method.
            onRequestStart: () => undefined,
            onResponseStart: (_controller, statusCode) => void (status = statusCode),
            onResponseData: (_controller, chunk) => void chunks.push(chunk),
            // One chunk (most answers: one socket read) is passed on as it is, not copied.
            onResponseEnd: () =>
              resolve({ status, body: chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks) }),
            onResponseError: (_controller, error) => reject(error),
          },
        );
      } catch (error) {
        reject(error instanceof Error ? error : new Error(String(error)));
      }
    });
  }

  close(): void {
    for (const pool of this.pools.values()) void pool.destroy();
  }

  private pool(key: string, connections: number | null): Pool {
    let pool = this.pools.get(key);
    if (!pool) {
      pool = new Pool(key.replace(/^stream:/, ''), {
        connections,
        connect: { timeout: this.options.connectTimeoutMs },
      });
      this.pools.set(key, pool);
    }
    return pool;
  }
}

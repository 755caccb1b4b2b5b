import http from 'node:http';
import { traceHeaders } from '@trustcircle/service-kit';

/**
 * Keep-alive agents per upstream (pitfalls: without them a proxy hop costs most of the
 * throughput), and a connect timeout so a vanished service fails fast as 503.
 */
export class Upstreams {
  private readonly agents = new Map<string, http.Agent>();

  constructor(readonly options: { connectTimeoutMs: number; timeoutMs: number }) {}

  agentFor(target: string): http.Agent {
    const origin = new URL(target).origin;
    let agent = this.agents.get(origin);
    if (!agent) {
      agent = new http.Agent({
        keepAlive: true,
        keepAliveMsecs: 30_000,
        maxSockets: 512,
        maxFreeSockets: 64,
        timeout: 60_000,
      });
      this.agents.set(origin, agent);
    }
    return agent;
  }

  /**
   * Streams (Server-Sent Events) get their own agent: no idle socket timeout, and a stream
   * holding a socket for hours never takes one from the ordinary requests' pool.
   */
  streamAgentFor(target: string): http.Agent {
    const key = `stream:${new URL(target).origin}`;
    let agent = this.agents.get(key);
    if (!agent) {
      agent = new http.Agent({ keepAlive: false, maxSockets: Infinity });
      this.agents.set(key, agent);
    }
    return agent;
  }

  /** Fails the request if its socket has not connected in time. */
  guardConnect(request: http.ClientRequest): void {
    request.once('socket', (socket) => {
      if (!socket.connecting) return;
      const timer = setTimeout(
        () => request.destroy(new Error('upstream connect timeout')),
        this.options.connectTimeoutMs,
      );
      socket.once('connect', () => clearTimeout(timer));
      request.once('close', () => clearTimeout(timer));
    });
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

  /** A call to a service answering its body as text (for answers passed on without parsing). */
  requestText(
    target: string,
    options: { method: string; path: string; headers?: Record<string, string>; body?: unknown },
  ): Promise<{ status: number; text: string }> {
    const url = new URL(options.path, target);
    const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
    return new Promise((resolve, reject) => {
      const request = http.request(
        url,
        {
          method: options.method,
          agent: this.agentFor(target),
          timeout: this.options.timeoutMs,
          headers: {
            accept: 'application/json',
            ...(payload
              ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }
              : {}),
            ...options.headers,
            ...traceHeaders(),
          },
        },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('error', reject);
          response.on('end', () => {
            resolve({
              status: response.statusCode ?? 502,
              text: Buffer.concat(chunks).toString('utf8'),
            });
          });
        },
      );
      request.on('timeout', () => request.destroy(new Error('upstream timeout')));
      request.on('error', reject);
      this.guardConnect(request);
      request.end(payload);
    });
  }

  close(): void {
    for (const agent of this.agents.values()) agent.destroy();
  }
}

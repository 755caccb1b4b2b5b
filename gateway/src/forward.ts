import http, { type IncomingHttpHeaders, type OutgoingHttpHeaders } from 'node:http';
import type { Request, Response } from 'express';

/** Headers of one connection, not of the message (RFC 9110 §7.6.1): never passed on. */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'proxy-authenticate',
  'proxy-authorization',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
]);

export interface ForwardTarget {
  hostname: string;
  port: number;
  /** `host:port`, the Host header the service sees. */
  host: string;
  /** The target's own path, put before every request's ('' for none). */
  basePath: string;
}

export function forwardTarget(url: string): ForwardTarget {
  const parsed = new URL(url);
  const port = Number(parsed.port || 80);
  return {
    hostname: parsed.hostname,
    port,
    host: `${parsed.hostname}:${port}`,
    basePath: parsed.pathname.replace(/\/+$/, ''),
  };
}

export interface ForwardOptions {
  agent: http.Agent;
  /** No answer within this long fails the request (none for a stream). */
  timeoutMs?: number;
  /** Request headers to add or replace (the session's token, the request id, the trace). */
  headers: Record<string, string>;
  /** Request headers never passed on (the client's credentials). */
  drop: readonly string[];
  /** Called with the outgoing request before its body is sent (connect timeout guard). */
  onRequest?(request: http.ClientRequest): void;
  /** May change the service's answer headers before they are sent on. */
  onResponse?(headers: IncomingHttpHeaders): void;
  /** No answer: the caller answers the client (nothing was sent yet) or it is cut. */
  onError(err: Error): void;
}

/**
 * One request passed to a service over a keep-alive agent, the body streamed both ways: a
 * plain `node:http` client in place of http-proxy, which parsed the target again, rebuilt the
 * path with the legacy URL parser and ran a dozen generic passes per request
 * (docs/performance.md, "Against the bare reference").
 */
export function forward(
  req: Request,
  res: Response,
  target: ForwardTarget,
  options: ForwardOptions,
): void {
  const headers: OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (value !== undefined && !HOP_BY_HOP.has(name)) headers[name] = value;
  }
  for (const name of options.drop) delete headers[name];
  headers.host = target.host;
  headers['x-forwarded-for'] = req.ip ?? req.socket.remoteAddress ?? '';
  headers['x-forwarded-proto'] = req.protocol;
  if (req.headers.host) headers['x-forwarded-host'] = req.headers.host;
  Object.assign(headers, options.headers);

  let failed = false;
  const fail = (err: Error) => {
    if (failed) return;
    failed = true;
    options.onError(err);
  };
  const upstream = http.request({
    hostname: target.hostname,
    port: target.port,
    method: req.method,
    path: target.basePath + req.url,
    headers,
    agent: options.agent,
  });
  options.onRequest?.(upstream);
  if (options.timeoutMs !== undefined) {
    upstream.setTimeout(options.timeoutMs, () =>
      upstream.destroy(new Error('upstream answer timeout')),
    );
  }
  upstream.on('error', fail);
  upstream.on('response', (answer) => {
    options.onResponse?.(answer.headers);
    for (const [name, value] of Object.entries(answer.headers)) {
      if (value !== undefined && !HOP_BY_HOP.has(name)) res.setHeader(name, value);
    }
    res.writeHead(answer.statusCode ?? 502);
    answer.pipe(res);
    // The service cut the answer short: so is the client's (its length would lie otherwise).
    answer.on('aborted', () => res.destroy());
    answer.on('error', () => res.destroy());
  });
  // The client went away first: the service's work is of no use any more.
  res.on('close', () => {
    if (!res.writableFinished) upstream.destroy();
  });
  // Most requests are bodyless reads: no stream plumbing for them (a few µs each).
  if (
    req.headers['content-length'] === undefined &&
    req.headers['transfer-encoding'] === undefined
  ) {
    upstream.end();
    return;
  }
  req.on('error', (err) => upstream.destroy(err));
  req.pipe(upstream);
}

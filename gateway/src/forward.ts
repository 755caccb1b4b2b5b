import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import { CHANGED_PARTS_HEADER } from '@trustcircle/service-kit';
import type { Dispatcher } from 'undici';
import type { ForwardVia } from './upstream';

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

/**
 * Answer headers a service addresses to the gateway alone: never passed on, but seen by the
 * answer's tap (the parts a write changed, for the kept answers).
 */
const FOR_THE_GATEWAY = new Set([CHANGED_PARTS_HEADER]);

/** Does the request come with a body (of any length, even none announced as `0`)? */
export const hasBody = (req: IncomingMessage): boolean =>
  req.headers['content-length'] !== undefined || req.headers['transfer-encoding'] !== undefined;

export interface ForwardTarget {
  /** `host:port`, the Host header the service sees. */
  host: string;
  /** The target's own path, put before every request's ('' for none). */
  basePath: string;
}

export function forwardTarget(url: string): ForwardTarget {
  const parsed = new URL(url);
  const port = Number(parsed.port || 80);
  return {
    host: `${parsed.hostname}:${port}`,
    basePath: parsed.pathname.replace(/\/+$/, ''),
  };
}

export interface AnswerTap {
  start(status: number, headers: IncomingHttpHeaders): void;
  data(chunk: Buffer): void;
  /** The whole answer has been passed on (not called when it was cut short). */
  end(): void;
}

/** The client's address and scheme, as the gateway believes them (`trust proxy`). */
export interface ClientAddress {
  ip: string;
  protocol: string;
}

export interface ForwardOptions extends ForwardVia {
  /** Passed on as X-Forwarded-For and X-Forwarded-Proto. */
  client: ClientAddress;
  /** Request headers to add or replace (the session's token, the request id, the trace). */
  headers: Record<string, string>;
  /** Request headers never passed on (the client's credentials). */
  drop: readonly string[];
  /** May change the service's answer headers before they are sent on. */
  onResponse?(headers: IncomingHttpHeaders): void;
  /**
   * Sees the answer as it is passed on, once it has ended whole (the kept answers), with the
   * headers addressed to the gateway alone.
   */
  tap?: AnswerTap;
  /** No answer: the caller answers the client (nothing was sent yet) or it is cut. */
  onError(err: Error): void;
}

/**
 * One request passed to a service over its keep-alive pool (upstream.ts), the body streamed both
 * ways: undici's dispatcher, with no stream objects between, in place of node:http's client
 * (before that, http-proxy, which parsed the target again and ran a dozen generic passes per
 * request; docs/performance.md, "Against the bare reference").
 */
export function forward(
  req: IncomingMessage,
  res: ServerResponse,
  target: ForwardTarget,
  options: ForwardOptions,
): void {
  const headers: IncomingHttpHeaders = {};
  for (const name in req.headers) {
    const value = req.headers[name];
    // Expect: Node's server has already answered `100-continue`; undici refuses the header.
    if (value !== undefined && !HOP_BY_HOP.has(name) && name !== 'expect') headers[name] = value;
  }
  for (const name of options.drop) delete headers[name];
  headers.host = target.host;
  headers['x-forwarded-for'] = options.client.ip;
  headers['x-forwarded-proto'] = options.client.protocol;
  if (req.headers.host) headers['x-forwarded-host'] = req.headers.host;
  Object.assign(headers, options.headers);

  let upstream: Dispatcher.DispatchController | undefined;
  let failed = false;
  const fail = (err: Error) => {
    if (failed) return;
    failed = true;
    options.onError(err);
  };
  // The client went away first: the service's work is of no use any more.
  res.on('close', () => {
    if (!res.writableFinished) upstream?.abort(new Error('client went away'));
  });
  const handler: Dispatcher.DispatchHandler = {
    onRequestStart(controller) {
      upstream = controller;
      if (res.destroyed) controller.abort(new Error('client went away'));
    },
    onResponseStart(_controller, statusCode, answerHeaders) {
      const passed = answerHeaders as IncomingHttpHeaders;
      options.onResponse?.(passed);
      for (const name in passed) {
        const value = passed[name];
        if (value === undefined) continue;
        if (HOP_BY_HOP.has(name)) delete passed[name];
        else if (!FOR_THE_GATEWAY.has(name)) res.setHeader(name, value);
      }
      options.tap?.start(statusCode, passed);
      res.writeHead(statusCode);
      // A stream's client learns at once that it is open, not with its first event.
      if (options.stream) res.flushHeaders();
    },
    onResponseData(controller, chunk) {
      options.tap?.data(chunk);
      if (res.write(chunk)) return;
      controller.pause();
      res.once('drain', () => controller.resume());
    },
    onResponseEnd() {
      options.tap?.end();
      res.end();
    },
    onResponseError(_controller, err) {
      // Cut short after the answer began: so is the client's (its length would lie otherwise).
      // A client that went away is no service's failure: nothing to answer or report.
      if (res.headersSent || res.destroyed) res.destroy();
      else fail(err);
    },
  };
  try {
    options.dispatcher.dispatch(
      {
        method: req.method as Dispatcher.HttpMethod,
        path: target.basePath + (req.url ?? '/'),
        headers,
        body: hasBody(req) ? req : null,
        headersTimeout: options.timeoutMs,
        // A stream's events may be minutes apart: only its headers are timed.
        bodyTimeout: options.stream ? 0 : options.timeoutMs,
      },
      handler,
    );
  } catch (error) {
    fail(error instanceof Error ? error : new Error(String(error)));
  }
}

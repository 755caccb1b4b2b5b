import type { ServerResponse } from 'node:http';
import express, { type Express, type RequestHandler, type Response } from 'express';
import type { Registry } from 'prom-client';
import { compressWhenAccepted } from './compress';
import { errorHandler, notFoundHandler } from './errors';
import { canonicalUrl, jsonBodyParser } from './input';
import type { Logger } from './logger';
import { rememberFrontHandlers } from './lane';
import { httpMetrics } from './metrics';
import { createPlainRequests, rememberPlainRequests } from './plain-requests';
import { requestLog } from './request-log';
import { serverSpans } from './tracing/server-span';
import { weakEtag } from './weak-etag';

export { REQUEST_ID_HEADER } from './request-log';
export { compressWhenAccepted } from './compress';

export interface HttpAppOptions {
  logger: Logger;
  registry: Registry;
  /** Parse JSON bodies for every route (services). The gateway parses per route instead. */
  jsonBody?: boolean;
  bodyLimit?: string;
  /**
   * Express's `trust proxy`: whose `X-Forwarded-For` to believe. Default: nobody, so a client
   * cannot choose its own address (services never key anything on it; the gateway sets this
   * from TRUST_PROXY).
   */
  trustProxy?: boolean | number | string;
  /**
   * Join the caller's trace (`traceparent`): services do, the gateway (the public edge) does not,
   * so that no client can choose a trace or force one to be sampled.
   */
  traceFromCaller?: boolean;
  /** Mount the app's own routes. */
  routes(app: Express): void;
}

declare module 'express-serve-static-core' {
  interface Request {
    /** The request id: the gateway's `x-request-id`, or a new one. */
    id: string;
    /** A logger carrying the request id (created on first use). */
    log: Logger;
  }
}

const expressSend = express.response.send;

/** Whether the answer is one no cache may keep (`Cache-Control: no-store`): it needs no validator. */
export const isNoStore = (res: Pick<ServerResponse, 'getHeader'>): boolean =>
  /no-store/.test(String(res.getHeader('Cache-Control') ?? ''));

/**
 * `res.send` with a weak ETag on a 2xx answer to a GET or HEAD that a cache may keep (not
 * `no-store`), so a revalidating client (the gateway marks visitors' reads `no-cache`) gets
 * Express's 304 without the body. Answers no cache keeps (every signed-in one) skip the hash:
 * tens of µs for a page of reviews.
 */
function validatedSend(this: Response, body?: unknown): Response {
  const { method } = this.req;
  if (
    (method === 'GET' || method === 'HEAD') &&
    this.statusCode >= 200 &&
    this.statusCode < 300 &&
    (typeof body === 'string' || Buffer.isBuffer(body)) &&
    !this.hasHeader('ETag') &&
    !isNoStore(this)
  ) {
    this.setHeader('ETag', weakEtag(body));
  }
  return expressSend.call(this, body);
}

/**
 * Answers about a signed-in caller are personal: no shared cache may keep them. A handler that
 * knows better (a public photo) sets its own Cache-Control over this default.
 */
export const noStoreWhenSignedIn: RequestHandler = (req, res, next) => {
  if (req.headers.authorization !== undefined) res.setHeader('Cache-Control', 'no-store');
  next();
};

/**
 * The one Express skeleton: request id + structured request log, metrics, request-target
 * checks, body parsing (with its document checks), the app's routes, then JSON 404 and
 * JSON errors.
 */
export function createHttpApp(options: HttpAppOptions): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', options.trustProxy ?? false);
  // Validators only where a cache may keep the answer (validatedSend below).
  app.set('etag', false);
  app.response.send = validatedSend;

  const metrics = httpMetrics(options.registry);
  const traceFromCaller = options.traceFromCaller ?? true;
  const front = [
    // First, so that every log line and SQL span of the request is in its trace.
    serverSpans({ fromCaller: traceFromCaller }),
    requestLog(app, options.logger),
    metrics.handler,
    compressWhenAccepted,
    canonicalUrl,
    noStoreWhenSignedIn,
  ];
  app.use(...front);
  rememberFrontHandlers(app, front);
  rememberPlainRequests(app, createPlainRequests(options.logger, metrics, { traceFromCaller }));
  // The operational endpoints are not the app's: `startService` answers them (health.ts).
  if (options.jsonBody !== false) app.use(jsonBodyParser(options.bodyLimit));
  options.routes(app);
  app.use(notFoundHandler);
  app.use(errorHandler);
  return app;
}

import { hash, randomUUID } from 'node:crypto';
import compression from 'compression';
import express, { type Express, type Request, type RequestHandler, type Response } from 'express';
import { OPS_PATHS } from '@trustcircle/http-server';
import type { Registry } from 'prom-client';
import { errorHandler, notFoundHandler } from './errors';
import { canonicalUrl, jsonBodyParser } from './input';
import type { Logger } from './logger';
import { rememberFrontHandlers } from './lane';
import { httpMetrics } from './metrics';
import { serverSpans } from './tracing/server-span';

export const REQUEST_ID_HEADER = 'x-request-id';
/** Smaller answers gain less than the compression costs (a header and a round of zlib). */
const COMPRESS_FROM_BYTES = 1024;
const QUIET_PATHS = new Set(OPS_PATHS);

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

const REQUEST_ID = /^[\w.:-]{1,128}$/;

const childLogger = Symbol('childLogger');

/**
 * Request id, `req.log` and one log line per answered request (errors and 4xx at info/error,
 * the rest at debug). The child logger is made only when a handler logs.
 *
 * `req.log` is a getter on the app's request prototype, defined once. Defined on each request
 * with its own getter (as it was), V8 could not share the first request's hidden class and
 * turned every later request into a dictionary-mode object; under load a quarter of all
 * allocation then survived young-generation GCs (5–10 ms scavenges every half second;
 * docs/performance.md). The test checks requests keep fast properties and one hidden class.
 */
export function requestLog(app: Express, logger: Logger): RequestHandler {
  Object.defineProperty(app.request, 'log', {
    configurable: true,
    get(this: Request & { [childLogger]?: Logger }) {
      return (this[childLogger] ??= logger.child({ reqId: this.id }));
    },
  });
  return (req, res, next) => {
    const incoming = req.headers[REQUEST_ID_HEADER];
    const id = typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    req.id = id;
    res.setHeader(REQUEST_ID_HEADER, id);
    if (QUIET_PATHS.has(req.path)) return next();
    const started = performance.now();
    res.once('finish', () => {
      const status = res.statusCode;
      const level = status >= 500 ? 'error' : status >= 400 ? 'info' : 'debug';
      if (!logger.isLevelEnabled(level)) return;
      logger[level](
        {
          reqId: id,
          req: { method: req.method, url: req.originalUrl },
          res: { statusCode: status },
          responseTime: Math.round(performance.now() - started),
        },
        'request completed',
      );
    });
    next();
  };
}

const compress = compression({ threshold: COMPRESS_FROM_BYTES });

/**
 * Large JSON answers gzip- or brotli-compressed for clients that accept it. A client that
 * accepts none (a service calling another, a load generator) costs nothing: compression only
 * wraps the response of requests that name an encoding. An answer already encoded (a
 * precompressed asset passed through) or marked no-transform (an event stream) is left alone.
 */
export const compressWhenAccepted: RequestHandler = (req, res, next) => {
  if (req.headers['accept-encoding'] === undefined) return next();
  compress(req, res, next);
};

const expressSend = express.response.send;

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
    !/no-store/.test(String(this.getHeader('Cache-Control') ?? ''))
  ) {
    const length = typeof body === 'string' ? Buffer.byteLength(body) : body.length;
    this.setHeader('ETag', `W/"${length.toString(16)}-${hash('sha1', body, 'base64url')}"`);
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

  const front = [
    // First, so that every log line and SQL span of the request is in its trace.
    serverSpans({ fromCaller: options.traceFromCaller ?? true }),
    requestLog(app, options.logger),
    httpMetrics(options.registry),
    compressWhenAccepted,
    canonicalUrl,
    noStoreWhenSignedIn,
  ];
  app.use(...front);
  rememberFrontHandlers(app, front);
  // The operational endpoints are not the app's: `startService` answers them (health.ts).
  if (options.jsonBody !== false) app.use(jsonBodyParser(options.bodyLimit));
  options.routes(app);
  app.use(notFoundHandler);
  app.use(errorHandler);
  return app;
}

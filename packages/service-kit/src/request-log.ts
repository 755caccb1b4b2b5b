import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Express, Request, RequestHandler } from 'express';
import { OPS_PATHS } from '@trustcircle/http-server';
import type { Logger } from './logger';

export const REQUEST_ID_HEADER = 'x-request-id';
const REQUEST_ID = /^[\w.:-]{1,128}$/;
const QUIET_PATHS = new Set(OPS_PATHS);
const childLogger = Symbol('childLogger');

/** The caller's request id when it is a sane one (the gateway's, to a service), else a new one. */
export function requestIdOf(req: IncomingMessage): string {
  const incoming = req.headers[REQUEST_ID_HEADER];
  return typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
}

/** The one log line of an answered request: errors and 4xx at info/error, the rest at debug. */
export function logAnswered(
  logger: Logger,
  answered: { id: string; method: string; url: string; status: number; startedAt: number },
): void {
  const { status } = answered;
  const level = status >= 500 ? 'error' : status >= 400 ? 'info' : 'debug';
  if (!logger.isLevelEnabled(level)) return;
  logger[level](
    {
      reqId: answered.id,
      req: { method: answered.method, url: answered.url },
      res: { statusCode: status },
      responseTime: Math.round(performance.now() - answered.startedAt),
    },
    'request completed',
  );
}

/**
 * Request id, `req.log` and one log line per answered request. The child logger is made only
 * when a handler logs.
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
    const id = requestIdOf(req);
    req.id = id;
    res.setHeader(REQUEST_ID_HEADER, id);
    if (QUIET_PATHS.has(req.path)) return next();
    const startedAt = performance.now();
    res.once('finish', () => {
      logAnswered(logger, {
        id,
        method: req.method,
        url: req.originalUrl,
        status: res.statusCode,
        startedAt,
      });
    });
    next();
  };
}

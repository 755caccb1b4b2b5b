import type { IncomingMessage, ServerResponse } from 'node:http';
import { context } from '@opentelemetry/api';
import type { Express, Request, Response } from 'express';
import { compressWhenAccepted } from './compress';
import { targetProblem } from './input';
import type { Logger } from './logger';
import type { HttpMetrics } from './metrics';
import { logAnswered, REQUEST_ID_HEADER, requestIdOf } from './request-log';
import { requestTrace } from './tracing/server-span';

/**
 * What createHttpApp's front handlers do for every request, for one an app answers without
 * Express at all (the gateway's proxied reads: Express's request and response objects, its
 * handler chain and their closures were over half of the gateway's CPU for such a read;
 * docs/performance.md, "Twenty-second session").
 */
export interface PlainRequests {
  /**
   * Whether `req` may be answered plainly: a target `canonicalUrl` would accept, and no span
   * to record (tracing off, or a trace the sampler did not keep: most of them in production).
   * Otherwise the app's Express handlers answer it (and its error, and record its span).
   */
  accepts(req: IncomingMessage): boolean;
  /**
   * Runs the plain answer in the request's trace (as `serverSpans` runs Express's handlers),
   * so that a call it makes carries the sampler's decision on (`traceHeaders`).
   */
  within<A extends unknown[], T>(req: IncomingMessage, answer: (...args: A) => T, ...args: A): T;
  /**
   * Starts its bookkeeping: its id (answered in X-Request-Id, as the front handlers do), its
   * answer compressed when the client accepts it (and the service did not), and the log line
   * and the request metrics under `route` once it finishes. Answers the id.
   */
  begin(req: IncomingMessage, res: ServerResponse, route: string): string;
}

export function createPlainRequests(
  logger: Logger,
  metrics: HttpMetrics,
  { traceFromCaller }: { traceFromCaller: boolean },
): PlainRequests {
  return {
    accepts: (req) =>
      targetProblem(req.url ?? '') === null &&
      requestTrace(req, traceFromCaller)?.span.isRecording() !== true,
    within(req, answer, ...args) {
      const found = requestTrace(req, traceFromCaller);
      return found ? context.with(found.context, answer, undefined, ...args) : answer(...args);
    },
    begin(req, res, route) {
      const id = requestIdOf(req);
      res.setHeader(REQUEST_ID_HEADER, id);
      // Compression's handler reads only Node's request and response, and passes on at once.
      void compressWhenAccepted(req as Request, res as Response, () => undefined);
      const startedAt = performance.now();
      res.once('finish', () => {
        const method = req.method ?? '';
        const status = res.statusCode;
        logAnswered(logger, { id, method, url: req.url ?? '', status, startedAt });
        metrics.answered(method, route, status, startedAt);
      });
      return id;
    },
  };
}

const plainRequests = new WeakMap<Express, PlainRequests>();

export function rememberPlainRequests(app: Express, plain: PlainRequests): void {
  plainRequests.set(app, plain);
}

/** The plain bookkeeping of an app made by createHttpApp. */
export function plainRequestsOf(app: Express): PlainRequests {
  const plain = plainRequests.get(app);
  if (!plain) throw new Error('plainRequestsOf needs an app made by createHttpApp');
  return plain;
}

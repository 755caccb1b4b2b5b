import { randomUUID } from 'node:crypto';
import express, { type Express } from 'express';
import { pinoHttp } from 'pino-http';
import type { Registry } from 'prom-client';
import { errorHandler, notFoundHandler } from './errors';
import { healthRoutes, type ReadinessCheck } from './health';
import type { Logger } from './logger';
import { httpMetrics } from './metrics';

export const REQUEST_ID_HEADER = 'x-request-id';
const QUIET_PATHS = new Set(['/healthz', '/readyz', '/metrics']);

export interface HttpAppOptions {
  logger: Logger;
  registry: Registry;
  readiness: ReadinessCheck[];
  /** Parse JSON bodies for every route (services). The gateway parses per route instead. */
  jsonBody?: boolean;
  bodyLimit?: string;
  trustProxy?: boolean | number | string;
  /** Mount the app's own routes. */
  routes(app: Express): void;
}

export function jsonBodyParser(limit = '1mb') {
  return express.json({ limit, strict: true });
}

/**
 * The one Express skeleton: request id + structured request log, metrics, health, body
 * parsing, the app's routes, then JSON 404 and JSON errors.
 */
export function createHttpApp(options: HttpAppOptions): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', options.trustProxy ?? 'loopback, linklocal, uniquelocal');
  app.set('etag', false);

  app.use(
    pinoHttp({
      logger: options.logger,
      genReqId: (req, res) => {
        const incoming = req.headers[REQUEST_ID_HEADER];
        const id =
          typeof incoming === 'string' && /^[\w.:-]{1,128}$/.test(incoming)
            ? incoming
            : randomUUID();
        res.setHeader(REQUEST_ID_HEADER, id);
        return id;
      },
      autoLogging: { ignore: (req) => QUIET_PATHS.has(req.url ?? '') },
      customLogLevel: (_req, res, err) =>
        err || res.statusCode >= 500 ? 'error' : res.statusCode >= 400 ? 'info' : 'debug',
    }),
  );
  app.use(httpMetrics(options.registry));
  app.use(healthRoutes(options.readiness, options.registry));
  if (options.jsonBody !== false) app.use(jsonBodyParser(options.bodyLimit));
  options.routes(app);
  app.use(notFoundHandler);
  app.use(errorHandler);
  return app;
}

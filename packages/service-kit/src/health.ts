import express, { Router, type Express } from 'express';
import type { Registry } from 'prom-client';
import { errorHandler, notFoundHandler } from './errors';
import { withTimeout } from './nats';

export interface ReadinessCheck {
  name: string;
  check(): Promise<void>;
}

/** Set by `stop()`: readiness fails first, so traffic moves away before the listener closes. */
export interface ShutdownState {
  shuttingDown: boolean;
}

/** Operational endpoints: probes and Prometheus, never for the public (design §11). */
export const OPS_PATHS: readonly string[] = ['/livez', '/healthz', '/readyz', '/metrics'];

export function isOpsPath(url: string | undefined): boolean {
  const path = (url ?? '/').split('?', 1)[0]!;
  return OPS_PATHS.includes(path.length > 1 ? path.replace(/\/$/, '') : path);
}

/**
 * `/livez` (and its older name `/healthz`): the process is alive. `/readyz`: its dependencies
 * answer and it is not shutting down. `/metrics`.
 */
export function healthRoutes(
  checks: ReadinessCheck[],
  registry: Registry,
  state: ShutdownState = { shuttingDown: false },
): Router {
  const router = Router();
  router.get(['/livez', '/healthz'], (_req, res) => {
    res.json({ status: 'ok' });
  });
  router.get('/readyz', async (_req, res) => {
    if (state.shuttingDown) {
      res.status(503).json({ status: 'shutting down' });
      return;
    }
    const results = await Promise.all(
      checks.map(async ({ name, check }) => {
        try {
          await withTimeout(check(), 1500, `${name} check timed out`);
          return [name, 'ok'] as const;
        } catch (error) {
          return [name, (error as Error).message || 'failed'] as const;
        }
      }),
    );
    const ready = results.every(([, result]) => result === 'ok');
    res.status(ready ? 200 : 503).json({
      status: ready ? 'ready' : 'unavailable',
      checks: Object.fromEntries(results),
    });
  });
  router.get('/metrics', async (_req, res) => {
    res.set('Content-Type', registry.contentType).send(await registry.metrics());
  });
  return router;
}

/** The operational endpoints alone, with JSON 404s: the ops listener, or mounted before the app. */
export function createOpsApp(
  checks: ReadinessCheck[],
  registry: Registry,
  state: ShutdownState,
): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  app.use((_req, res, next) => {
    res.setHeader('Cache-Control', 'no-store');
    next();
  });
  app.use(healthRoutes(checks, registry, state));
  app.use(notFoundHandler);
  app.use(errorHandler);
  return app;
}

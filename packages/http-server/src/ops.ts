import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express, { Router, type Express } from 'express';

export interface ReadinessCheck {
  name: string;
  check(): Promise<void>;
}

/** Set by `stop()`: readiness fails first, so traffic moves away before the listener closes. */
export interface ShutdownState {
  shuttingDown: boolean;
}

/** What `/metrics` answers from (a prom-client `Registry` fits); the static servers have none. */
export interface MetricsSource {
  readonly contentType: string;
  metrics(): Promise<string>;
}

/** Operational endpoints: probes and Prometheus, never for the public (design §11). */
export const OPS_PATHS: readonly string[] = ['/livez', '/healthz', '/readyz', '/metrics'];

export function isOpsPath(url: string | undefined): boolean {
  const path = (url ?? '/').split('?', 1)[0]!;
  return OPS_PATHS.includes(path.length > 1 ? path.replace(/\/$/, '') : path);
}

/** Settles like `promise`, or rejects with `message` after `ms`. */
export function withTimeout<T>(promise: Promise<T>, ms: number, message: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(message)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/**
 * `/livez` (and its older name `/healthz`): the process is alive. `/readyz`: its dependencies
 * answer and it is not shutting down. `/metrics`, when there is a registry (a frontend's static
 * server has none).
 */
export function healthRoutes(
  checks: ReadinessCheck[],
  registry: MetricsSource | null,
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
  if (registry) {
    router.get('/metrics', async (_req, res) => {
      res.set('Content-Type', registry.contentType).send(await registry.metrics());
    });
  }
  return router;
}

/** The operational endpoints alone, with JSON 404s: the ops listener, or mounted before the app. */
export function createOpsApp(
  checks: ReadinessCheck[],
  registry: MetricsSource | null,
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
  // The bodies of design §5, as the services' error handler writes them.
  app.use((_req, res) => {
    res.status(404).json({ message: 'Not found' });
  });
  app.use(((_err, _req, res, _next) => {
    res.status(500).json({ message: 'Something went wrong on our side. Please try again.' });
  }) satisfies express.ErrorRequestHandler);
  return app;
}

/**
 * The ops port of a process whose PORT is public (the gateway, the frontends' static servers)
 * when OPS_PORT is unset: PORT + 1000, or ephemeral when PORT is.
 */
export function defaultOpsPort(port: number): number {
  return port === 0 || port + 1000 > 65535 ? 0 : port + 1000;
}

/** Listens on `port` at `host`; answers the URL (the port actually bound when `port` is 0). */
export function listen(server: Server, port: number, host: string): Promise<string> {
  return new Promise<string>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      const actual = (server.address() as AddressInfo).port;
      resolve(`http://${host.includes(':') ? `[${host}]` : host}:${actual}`);
    });
  });
}

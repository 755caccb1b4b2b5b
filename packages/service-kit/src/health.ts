import { Router } from 'express';
import type { Registry } from 'prom-client';
import { withTimeout } from './nats';

export interface ReadinessCheck {
  name: string;
  check(): Promise<void>;
}

/** `/healthz`: the process is alive. `/readyz`: its dependencies answer. `/metrics`. */
export function healthRoutes(checks: ReadinessCheck[], registry: Registry): Router {
  const router = Router();
  router.get('/healthz', (_req, res) => {
    res.json({ status: 'ok' });
  });
  router.get('/readyz', async (_req, res) => {
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

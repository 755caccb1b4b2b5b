import type { RequestHandler } from 'express';
import type { Knex } from './db';
import { routeTemplate } from './route-template';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/** One registry per app, so several apps can live in one test process. */
export function createMetricsRegistry(service: string): Registry {
  const registry = new Registry();
  registry.setDefaultLabels({ service });
  collectDefaultMetrics({ register: registry });
  return registry;
}

/** Request counts and latency by route template (not raw path: bounded label values). */
export interface HttpMetrics {
  /**
   * One answered request, `startedAt` from `performance.now()`; null for a long-lived answer
   * (an event stream), which lasts minutes by design: as a latency it would only push the p99
   * alert, so it is counted but not timed.
   */
  answered(method: string, route: string, status: number, startedAt: number | null): void;
  /** The middleware: every request answered through Express, under its route template. */
  handler: RequestHandler;
}

export function httpMetrics(registry: Registry): HttpMetrics {
  const requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP request latency',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  const answered: HttpMetrics['answered'] = (method, route, status, startedAt) => {
    const labels = { method, route, status: String(status) };
    requests.inc(labels);
    if (startedAt !== null) duration.observe(labels, (performance.now() - startedAt) / 1000);
  };
  return {
    answered,
    handler(req, res, next) {
      const startedAt = performance.now();
      res.on('finish', () => {
        const route = routeTemplate(req, res) ?? 'unmatched';
        answered(
          req.method,
          route,
          res.statusCode,
          res.locals.longLived === true ? null : startedAt,
        );
      });
      next();
    },
  };
}

interface PoolStats {
  numUsed(): number;
  numFree(): number;
  numPendingAcquires(): number;
  max: number;
}

/**
 * The database pools' saturation, read at scrape time, by pool (`service`, and `relay`: the
 * outbox relay's own connection): connections in use and idle, requests waiting for one, and
 * the bound. Waiting requests mean the pool (DATABASE_POOL_MAX) is the limit.
 */
export function poolMetrics(registry: Registry, pools: Record<string, Knex>): void {
  const each = (read: (stats: PoolStats, name: string) => void) => {
    for (const [name, db] of Object.entries(pools)) {
      const stats = (db.client as { pool?: PoolStats }).pool;
      if (stats) read(stats, name);
    }
  };
  new Gauge({
    name: 'db_pool_connections',
    help: 'Database pool connections by pool and state (used, idle) and requests waiting for one',
    labelNames: ['pool', 'state'] as const,
    registers: [registry],
    collect() {
      each((stats, pool) => {
        this.set({ pool, state: 'used' }, stats.numUsed());
        this.set({ pool, state: 'idle' }, stats.numFree());
        this.set({ pool, state: 'waiting' }, stats.numPendingAcquires());
      });
    },
  });
  new Gauge({
    name: 'db_pool_max',
    help: 'Most connections each database pool opens',
    labelNames: ['pool'] as const,
    registers: [registry],
    collect() {
      each((stats, pool) => this.set({ pool }, stats.max));
    },
  });
}

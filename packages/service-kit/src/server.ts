import { createServer, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Express } from 'express';
import {
  ConnectionDrain,
  createOpsApp,
  defaultOpsPort,
  isOpsPath,
  listen,
  withTimeout,
  type ReadinessCheck,
  type ShutdownState,
} from '@trustcircle/http-server';
import type { Registry } from 'prom-client';
import type { z } from 'zod';
import { JwtVerifier } from './auth';
import { ConfigError, loadConfig, shutdownDrainMs, type BaseServiceConfig } from './config';
import { createDatabasePools } from './database-pools';
import { migrate, pingDb, type Knex, type Migration } from './db';
import type { ScopedTable } from './change-notices';
import { answerClientErrors, SERVICE_MAX_HEADER_BYTES } from './input';
import { readJwks } from './jwt-keys';
import { createLogger, type Logger } from './logger';
import { createMetricsRegistry, poolMetrics } from './metrics';
import { NatsLink } from './nats';
import { sleep } from './events/backoff';
import { flushTracing } from './tracing/context';

/** Something that runs beside the HTTP server (outbox relay, consumers, cleanup jobs). */
export interface BackgroundWorker {
  name: string;
  start(): void | Promise<void>;
  stop(): Promise<void>;
}

export interface ServiceContext<C extends BaseServiceConfig = BaseServiceConfig> {
  name: string;
  config: C;
  logger: Logger;
  db: Knex;
  /** The outbox relay's own connection (a service with events), or `db`. */
  relayDb: Knex;
  nats: NatsLink | null;
  registry: Registry;
  verifier: JwtVerifier | null;
  readiness: ReadinessCheck[];
}

export interface ServiceDefinition<C extends BaseServiceConfig> {
  /** Service name; also its database schema. */
  name: string;
  envSchema: z.ZodType<C>;
  migrations: Migration[];
  /** Defaults to true; the gateway has no use for NATS. */
  usesNats?: boolean;
  /** Defaults to true; the gateway signs tokens instead of verifying them. */
  verifiesTokens?: boolean;
  /** Port used when PORT is not set. */
  defaultPort: number;
  /** Settings each database connection starts with (db.ts `settings`). */
  databaseSettings?(config: C): Record<string, string>;
  /**
   * Node's bound on request line + headers (`maxHeaderSize`); beyond it a JSON 431 (or 414).
   * Defaults to SERVICE_MAX_HEADER_BYTES; the gateway, at the edge, sets a smaller one.
   */
  maxHeaderBytes?: number;
  /**
   * The public edge (the gateway): its PORT never answers the operational endpoints. They are
   * on OPS_PORT, by default PORT + 1000 (ephemeral when PORT is 0), on HOST. Other processes
   * are internal: without OPS_PORT they answer them on PORT.
   */
  publicEdge?: boolean;
  /**
   * Defaults to true: every committed write to the service's tables is announced on
   * CHANGE_CHANNEL (change-notices.ts), so the gateway's kept answers stay current. A service
   * no one keeps answers from (the gateway itself, identity, social: gateway/src/kept-answers.ts
   * lists whose it keeps) sets false, and its tables' announcements of earlier releases go.
   */
  announcesChanges?: boolean;
  /** Tables whose rows no kept read shows: their writes are not announced (`announceChanges`). */
  quietTables?: readonly string[];
  /**
   * Every table whose writes are announced by the part of the service they change (a
   * business's), as its migrations made them: each start puts back one that lost it.
   */
  scopedTables?: readonly ScopedTable[];
  /** The HTTP app, and the background workers that share its state. */
  createApp(ctx: ServiceContext<C>): ServiceParts | Promise<ServiceParts>;
}

export interface ServiceParts {
  app: Express;
  /** The server's request listener when it is not `app` alone (the gateway's lane in front). */
  listener?: RequestListener;
  workers?: BackgroundWorker[];
}

export interface RunningService<C extends BaseServiceConfig = BaseServiceConfig> {
  ctx: ServiceContext<C>;
  server: Server;
  port: number;
  url: string;
  /** Where /livez, /healthz, /readyz and /metrics answer: `url`, or the ops listener's. */
  opsUrl: string;
  stop(): Promise<void>;
}

/**
 * Reads config, connects, migrates, listens. Used by `main.ts` and by tests, which pass an
 * environment object and port 0.
 */
export async function startService<C extends BaseServiceConfig>(
  definition: ServiceDefinition<C>,
  env: Record<string, string | undefined> = process.env,
): Promise<RunningService<C>> {
  const began = performance.now();
  const config = loadConfig(definition.envSchema, {
    PORT: String(definition.defaultPort),
    ...env,
  });
  const logger = createLogger(definition.name, config.LOG_LEVEL);
  const { db, relayDb } = createDatabasePools({
    url: config.DATABASE_URL,
    schema: definition.name,
    poolMax: config.DATABASE_POOL_MAX,
    ownRelay: definition.usesNats !== false,
    logger,
    ...(definition.databaseSettings ? { settings: definition.databaseSettings(config) } : {}),
  });
  const pools: Record<string, Knex> =
    relayDb === db ? { service: db } : { service: db, relay: relayDb };
  const destroyPools = () => Promise.all(Object.values(pools).map((pool) => pool.destroy()));
  const registry = createMetricsRegistry(definition.name);
  poolMetrics(registry, pools);
  const readiness: ReadinessCheck[] = [{ name: 'postgres', check: () => pingDb(db) }];

  let nats: NatsLink | null = null;
  if (definition.usesNats !== false) {
    nats = new NatsLink({ url: config.NATS_URL, name: definition.name, logger });
    readiness.push({ name: 'nats', check: () => nats!.ping() });
  }
  const verifier =
    definition.verifiesTokens === false
      ? null
      : new JwtVerifier(readJwks({ inline: config.JWT_JWKS, file: config.JWT_JWKS_FILE }));

  const ctx: ServiceContext<C> = {
    name: definition.name,
    config,
    logger,
    db,
    relayDb,
    nats,
    registry,
    verifier,
    readiness,
  };

  try {
    await migrate(db, definition.name, definition.migrations, {
      announce: definition.announcesChanges !== false,
      quiet: definition.quietTables,
      scoped: definition.scopedTables,
    });
  } catch (error) {
    await destroyPools();
    throw error;
  }
  nats?.start();
  const { app: expressApp, listener, workers = [] } = await definition.createApp(ctx);
  const app = listener ?? expressApp;

  const shutdown: ShutdownState = { shuttingDown: false };
  const ops = createOpsApp(readiness, registry, shutdown);
  const opsPort = config.OPS_PORT ?? (definition.publicEdge ? defaultOpsPort(config.PORT) : null);
  const handler: RequestListener =
    opsPort === null ? (req, res) => (isOpsPath(req.url) ? ops : app)(req, res) : app;
  const drain = new ConnectionDrain();
  const server = createServer(
    { maxHeaderSize: definition.maxHeaderBytes ?? SERVICE_MAX_HEADER_BYTES },
    drain.wrap(handler),
  );
  answerClientErrors(server);
  const url = await listen(server, config.PORT, config.HOST);
  // Keep-alive longer than the gateway's agent so the proxy never reuses a closing socket.
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  const opsServer = opsPort === null ? null : createServer(ops);
  let opsUrl = url;
  if (opsServer && opsPort !== null) {
    try {
      opsUrl = await listen(opsServer, opsPort, config.HOST);
    } catch (error) {
      server.close();
      await Promise.allSettled([nats?.close(), destroyPools()]);
      throw error;
    }
  }
  for (const worker of workers) await worker.start();

  const actualPort = (server.address() as AddressInfo).port;
  // How long a restart takes, split into loading the code (uptime minus start) and starting.
  logger.info(
    {
      url,
      opsUrl,
      startMs: Math.round(performance.now() - began),
      uptimeMs: Math.round(process.uptime() * 1000),
    },
    `${definition.name} listening`,
  );

  let stopping: Promise<void> | null = null;
  const stop = () => {
    stopping ??= (async () => {
      // Readiness fails first; requests keep being served while endpoints and load balancers
      // catch up (SHUTDOWN_DRAIN_MS, k8s preStop: docs/deployment.md), then close when idle.
      shutdown.shuttingDown = true;
      const drainMs = shutdownDrainMs(config);
      logger.info({ drainMs }, 'shutting down');
      await sleep(drainMs);
      await drain.close(server, config.SHUTDOWN_GRACE_MS);
      if (opsServer) {
        opsServer.closeAllConnections();
        await new Promise<void>((resolve) => opsServer.close(() => resolve()));
      }
      // Every step is bounded: a stuck handler or connection must not keep the process alive
      // past the orchestrator's grace period (it would be killed mid-write instead).
      const bounded = (what: string, step: Promise<unknown>) =>
        withTimeout(step, config.SHUTDOWN_GRACE_MS + 1000, `${what} did not stop in time`).catch(
          (err: unknown) => logger.error({ err }, `${what} stop failed`),
        );
      for (const worker of [...workers].reverse()) {
        await bounded(`worker ${worker.name}`, worker.stop());
      }
      await bounded('nats', nats?.close() ?? Promise.resolve());
      await bounded('database pools', destroyPools());
      // The last spans (this shutdown's too) go out before the process exits.
      await bounded('trace export', flushTracing());
      logger.info('stopped');
    })();
    return stopping;
  };

  return { ctx, server, port: actualPort, url, opsUrl, stop };
}

/** Entry point for `main.ts`: start, drain on SIGTERM/SIGINT, one clear line on bad config. */
export function runMain<C extends BaseServiceConfig>(definition: ServiceDefinition<C>): void {
  startService(definition).then(
    (running) => {
      const shutdown = (signal: string) => {
        running.ctx.logger.info({ signal }, 'signal received');
        running.stop().then(
          () => process.exit(0),
          (err: unknown) => {
            running.ctx.logger.error({ err }, 'unclean shutdown');
            process.exit(1);
          },
        );
      };
      process.once('SIGTERM', () => shutdown('SIGTERM'));
      process.once('SIGINT', () => shutdown('SIGINT'));
    },
    (error: unknown) => {
      if (error instanceof ConfigError) {
        process.stderr.write(`${definition.name}: ${error.message}\n`);
      } else {
        process.stderr.write(
          `${definition.name}: failed to start: ${(error as Error).message ?? String(error)}\n`,
        );
      }
      process.exit(1);
    },
  );
}

import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Express } from 'express';
import type { Registry } from 'prom-client';
import type { z } from 'zod';
import { JwtVerifier } from './auth';
import { ConfigError, loadConfig, type BaseServiceConfig } from './config';
import { createDb, migrate, pingDb, type Knex, type Migration } from './db';
import { answerClientErrors, SERVICE_MAX_HEADER_BYTES } from './input';
import type { ReadinessCheck } from './health';
import { readJwks } from './jwt-keys';
import { createLogger, type Logger } from './logger';
import { createMetricsRegistry } from './metrics';
import { NatsLink, withTimeout } from './nats';

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
  /**
   * Node's bound on request line + headers (`maxHeaderSize`); beyond it a JSON 431 (or 414).
   * Defaults to SERVICE_MAX_HEADER_BYTES; the gateway, at the edge, sets a smaller one.
   */
  maxHeaderBytes?: number;
  /** The HTTP app, and the background workers that share its state. */
  createApp(ctx: ServiceContext<C>): ServiceParts | Promise<ServiceParts>;
}

export interface ServiceParts {
  app: Express;
  workers?: BackgroundWorker[];
}

export interface RunningService<C extends BaseServiceConfig = BaseServiceConfig> {
  ctx: ServiceContext<C>;
  server: Server;
  port: number;
  url: string;
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
  const config = loadConfig(definition.envSchema, {
    PORT: String(definition.defaultPort),
    ...env,
  });
  const logger = createLogger(definition.name, config.LOG_LEVEL);
  const db = createDb({
    url: config.DATABASE_URL,
    schema: definition.name,
    poolMax: config.DATABASE_POOL_MAX,
    logger,
  });
  const registry = createMetricsRegistry(definition.name);
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
    nats,
    registry,
    verifier,
    readiness,
  };

  try {
    await migrate(db, definition.name, definition.migrations);
  } catch (error) {
    await db.destroy();
    throw error;
  }
  nats?.start();
  const { app, workers = [] } = await definition.createApp(ctx);

  const port = config.PORT;
  const server = createServer(
    { maxHeaderSize: definition.maxHeaderBytes ?? SERVICE_MAX_HEADER_BYTES },
    app,
  );
  answerClientErrors(server);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, config.HOST, () => {
      server.off('error', reject);
      resolve();
    });
  });
  // Keep-alive longer than the gateway's agent so the proxy never reuses a closing socket.
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  for (const worker of workers) await worker.start();

  const actualPort = (server.address() as AddressInfo).port;
  const url = `http://${config.HOST.includes(':') ? `[${config.HOST}]` : config.HOST}:${actualPort}`;
  logger.info({ url }, `${definition.name} listening`);

  let stopping: Promise<void> | null = null;
  const stop = () => {
    stopping ??= (async () => {
      logger.info('shutting down');
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeIdleConnections();
      const grace = setTimeout(() => server.closeAllConnections(), config.SHUTDOWN_GRACE_MS);
      await closed;
      clearTimeout(grace);
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
      await bounded('database pool', db.destroy());
      logger.info('stopped');
    })();
    return stopping;
  };

  return { ctx, server, port: actualPort, url, stop };
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

import {
  generateSigningKey,
  SERVICE_EXTENSIONS,
  signToken,
  startService,
  type BaseServiceConfig,
  type RunningService,
  type ServiceDefinition,
} from '@trustcircle/service-kit';
import { createTestDatabase, type TestDatabase } from './database';
import { deleteEventStreams, uniqueEventsPrefix } from './events';
import { TEST_NATS_URL } from './env';
import { TestClient } from './http-client';

type AnyDefinition = ServiceDefinition<any>;

export interface StackOptions {
  gateway: AnyDefinition;
  services: AnyDefinition[];
  /** Extra environment per service name (`gateway` included). */
  env?: Record<string, Record<string, string>>;
  /** Postgres extensions per service (default: SERVICE_EXTENSIONS, e.g. catalog: pg_trgm). */
  extensions?: Record<string, string[]>;
}

export interface TestStack {
  db: TestDatabase;
  /** This run's `EVENTS_PREFIX`: its streams are `<PREFIX>_<PRODUCER>`, subjects `<prefix>.<type>`. */
  eventsPrefix: string;
  /** A user token exactly as the gateway mints it, for calls straight to a service. */
  /** A user token as the gateway mints it; `roles` e.g. `['moderator']`. */
  tokenFor(userId: number, roles?: Parameters<typeof signToken>[4]): string;
  gatewayUrl: string;
  running: Map<string, RunningService<BaseServiceConfig>>;
  urlOf(service: string): string;
  client(): TestClient;
  /** Mints a user token exactly as the gateway would. */
  signingKey: ReturnType<typeof generateSigningKey>['signingKey'];
  stopService(name: string): Promise<void>;
  /** Starts it again on the same port, as a restarted process would be. */
  startServiceAgain(name: string): Promise<void>;
  /** Another instance of a service on the same database (a second replica), env changes optional. */
  startReplica(
    name: string,
    env?: Record<string, string>,
  ): Promise<RunningService<BaseServiceConfig>>;
  stop(): Promise<void>;
}

/**
 * The whole backend in this process, on free ports, in a fresh database: what the
 * integration tests talk to through the gateway.
 */
export async function startStack(options: StackOptions): Promise<TestStack> {
  const db = await createTestDatabase();
  const { signingKey, jwks } = generateSigningKey();
  const running = new Map<string, RunningService<BaseServiceConfig>>();
  const envs = new Map<string, Record<string, string>>();
  const definitions = new Map<string, AnyDefinition>();
  const replicas: RunningService<BaseServiceConfig>[] = [];
  // Streams and subjects of this run only (pitfalls.md): deleted again in stop().
  const eventsPrefix = uniqueEventsPrefix();
  const common = {
    EVENTS_PREFIX: eventsPrefix,
    NODE_ENV: 'test',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    NATS_URL: TEST_NATS_URL,
    JWT_JWKS: JSON.stringify(jwks),
    SHUTDOWN_GRACE_MS: '1000',
    // Two jest workers each run a whole stack against one Postgres (max_connections 100): a
    // service holds its pool, its relay's connection and (reviews, the gateway) a LISTEN.
    DATABASE_POOL_MAX: process.env.TEST_DATABASE_POOL_MAX ?? '4',
  };

  try {
    for (const definition of options.services) {
      const env = {
        ...common,
        PORT: '0',
        DATABASE_URL: await db.provision(
          definition.name,
          options.extensions?.[definition.name] ?? SERVICE_EXTENSIONS[definition.name],
        ),
        ...options.env?.[definition.name],
      };
      envs.set(definition.name, env);
      definitions.set(definition.name, definition);
      running.set(definition.name, await startService(definition, env));
    }
    const gatewayEnv: Record<string, string> = {
      ...common,
      PORT: '0',
      DATABASE_URL: await db.provision('gateway'),
      JWT_PRIVATE_KEY: signingKey.privateKey.export({ format: 'pem', type: 'pkcs8' }).toString(),
      JWT_KID: signingKey.kid,
      SESSION_CACHE_TTL_MS: '2000',
      // Every test writes from 127.0.0.1: room for that; the limits' own tests set LIMITS_SCALE=1.
      LIMITS_SCALE: '1000',
      ...Object.fromEntries(
        [...running].map(([name, service]) => [`${name.toUpperCase()}_URL`, service.url]),
      ),
      ...options.env?.gateway,
    };
    envs.set('gateway', gatewayEnv);
    definitions.set('gateway', options.gateway);
    running.set('gateway', await startService(options.gateway, gatewayEnv));
  } catch (error) {
    for (const service of running.values()) await service.stop().catch(() => undefined);
    await db.drop().catch(() => undefined);
    await deleteEventStreams(TEST_NATS_URL, eventsPrefix).catch(() => undefined);
    throw error;
  }

  const urlOf = (name: string) => {
    const service = running.get(name);
    if (!service) throw new Error(`${name} is not running`);
    return service.url;
  };

  return {
    db,
    eventsPrefix,
    signingKey,
    tokenFor: (userId, roles) => signToken(signingKey, 'user', String(userId), 300, roles),
    running,
    gatewayUrl: urlOf('gateway'),
    urlOf,
    client: () => new TestClient(urlOf('gateway')),
    async stopService(name) {
      await running.get(name)?.stop();
    },
    async startServiceAgain(name) {
      const previous = running.get(name);
      const definition = definitions.get(name);
      if (!previous || !definition) throw new Error(`unknown service ${name}`);
      const env = { ...envs.get(name), PORT: String(previous.port) };
      running.set(name, await startService(definition, env));
    },
    async startReplica(name, env) {
      const definition = definitions.get(name);
      if (!definition) throw new Error(`unknown service ${name}`);
      const replica = await startService(definition, { ...envs.get(name), ...env, PORT: '0' });
      replicas.push(replica);
      return replica;
    },
    async stop() {
      for (const replica of replicas) await replica.stop().catch(() => undefined);
      const order = ['gateway', ...options.services.map((s) => s.name)];
      for (const name of order)
        await running
          .get(name)
          ?.stop()
          .catch(() => undefined);
      await db.drop();
      await deleteEventStreams(TEST_NATS_URL, eventsPrefix);
    },
  };
}

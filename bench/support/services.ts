/**
 * Services run as child processes from their builds (dist), on loopback, so the load generator
 * never shares their event loop: one throwaway database with a role per service, one signing
 * key (the gateway's private half, the services' JWKS), one `EVENTS_PREFIX`. `stop()` stops the
 * processes, deletes the run's streams and drops the database and roles.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { generateSigningKey } from '@trustcircle/service-kit';
import { SERVICE_NODE_OPTIONS } from '../../scripts/launcher/deployables.ts';
import { createBenchDatabase, type BenchDatabase } from './database.ts';
import { NATS_URL, ROOT, sleep, waitUntil } from './env.ts';
import { deleteRunStreams } from './streams.ts';

export type SigningKey = ReturnType<typeof generateSigningKey>['signingKey'];

export interface BenchRun {
  tag: string;
  /** This run's `EVENTS_PREFIX`: streams `<PREFIX>_<PRODUCER>`, subjects `<prefix>.<type>`. */
  prefix: string;
  database: BenchDatabase;
  signingKey: SigningKey;
  /** Starts `services/<name>/dist/src/main.js` and answers its URL once `/readyz` says so. */
  start(service: string, env?: Record<string, string>): Promise<string>;
  /** Starts the gateway in front of the named, already started services. */
  startGateway(upstreams: readonly string[], env?: Record<string, string>): Promise<string>;
  /** Starts a bench-only server (`bench/reference/*.ts`) on `port`, once its /readyz answers. */
  startScript(script: string, port: number, env?: Record<string, string>): Promise<string>;
  stop(): Promise<void>;
}

/** A unique tag per run: database `tc_bench_<tag>`, stream prefix `bench<tag>`. */
export function runNames(): { tag: string; database: string; prefix: string } {
  const tag = randomBytes(4).toString('hex');
  return { tag, database: `tc_bench_${tag}`, prefix: `bench${tag}` };
}

/**
 * `ports`: every service (and `gateway`) that will be started, on its loopback port.
 * `existing`: a database already made (with a role for each of them) and filled, e.g. with the
 * scale data (scale-data.ts); the run drops it with the rest.
 */
export async function createBenchRun(
  ports: Record<string, number>,
  existing?: BenchDatabase,
): Promise<BenchRun> {
  const { tag, database: fresh, prefix } = runNames();
  const database = existing ?? (await createBenchDatabase(fresh, Object.keys(ports)));
  const name = database.name;
  const { signingKey, jwks } = generateSigningKey();
  const common = {
    PATH: process.env.PATH ?? '',
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    HOST: '127.0.0.1',
    NATS_URL,
    EVENTS_PREFIX: prefix,
    JWT_JWKS: JSON.stringify(jwks),
  };
  // Node and V8 flags for every service, to look inside them under load (and then their
  // stdout too), e.g. `BENCH_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof"` or `--trace-gc`.
  const nodeArgs = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const children: ChildProcess[] = [];
  const urls = new Map<string, string>();

  async function startProcess(service: string, main: string, env: Record<string, string>) {
    const port = ports[service];
    if (port === undefined) throw new Error(`no port for ${service}`);
    // The gateway answers /readyz on its ops port only (OPS_PORT: PORT + 1000 unless set).
    const opsPort = service === 'gateway' ? Number(env.OPS_PORT ?? port + 1000) : port;
    const url = await spawnReady(main, port, opsPort, {
      // The heap ceilings every deployment gives them (the reference servers run without).
      NODE_OPTIONS: SERVICE_NODE_OPTIONS,
      DATABASE_URL: database.urlOf(service),
      ...env,
    });
    urls.set(service, url);
    return url;
  }

  async function spawnReady(
    main: string,
    port: number,
    readyPort: number,
    env: Record<string, string>,
  ): Promise<string> {
    const child = spawn(process.execPath, [...nodeArgs, join(ROOT, main)], {
      env: { ...common, PORT: String(port), ...env },
      stdio: ['ignore', nodeArgs.length ? 'inherit' : 'ignore', 'inherit'],
    });
    children.push(child);
    await waitReady(`http://127.0.0.1:${readyPort}`, child);
    return `http://127.0.0.1:${port}`;
  }

  return {
    tag,
    prefix,
    database,
    signingKey,
    start: (service, env = {}) =>
      startProcess(service, `services/${service}/dist/src/main.js`, env),
    startGateway: (upstreams, env = {}) =>
      startProcess('gateway', 'gateway/dist/src/main.js', {
        JWT_PRIVATE_KEY: signingKey.privateKey.export({ format: 'pem', type: 'pkcs8' }).toString(),
        JWT_KID: signingKey.kid,
        // One machine offers all the load: the limits stay on (their round trip is measured)
        // but scaled out of the way.
        LIMITS_SCALE: '100000',
        ...Object.fromEntries(
          upstreams.map((service) => {
            const url = urls.get(service);
            if (!url) throw new Error(`${service} is not running`);
            return [`${service.toUpperCase()}_URL`, url];
          }),
        ),
        ...env,
      }),
    startScript: (script, port, env = {}) => spawnReady(script, port, port, env),
    async stop() {
      // `BENCH_HOLD_SECONDS`: keep the stack and its data up for inspection (EXPLAIN, profiles).
      const hold = Number(process.env.BENCH_HOLD_SECONDS ?? 0);
      if (hold > 0) {
        console.log(`  holding ${name} for ${hold} s`);
        await sleep(hold * 1000);
      }
      for (const child of children) child.kill('SIGTERM');
      await Promise.all(
        children.map((child) =>
          child.exitCode !== null || child.signalCode !== null
            ? undefined
            : new Promise((resolve) => child.once('exit', resolve)),
        ),
      );
      await deleteRunStreams(prefix).catch(() => undefined);
      await database.drop();
    },
  };
}

export async function waitReady(url: string, child: ChildProcess): Promise<void> {
  await waitUntil(
    async () => {
      if (child.exitCode !== null) throw new Error(`${url} exited with ${child.exitCode}`);
      return fetch(`${url}/readyz`).then(
        (res) => res.ok,
        () => false,
      );
    },
    `${url} to be ready`,
    { timeoutMs: 30_000, intervalMs: 100 },
  );
}

/** The whole platform's ports in the benches that run it all (scale, mixed, reference). */
export const PLATFORM_PORTS = {
  identity: 14801,
  communities: 14802,
  catalog: 14803,
  reviews: 14804,
  social: 14805,
  gateway: 14880,
};

const production = { NODE_ENV: 'production' };

/**
 * Settings for a before/after, as `NAME=value,NAME=value`: `BENCH_GATEWAY_ENV` for the gateway
 * (`KEPT_ANSWERS=false,LANES=false`), `BENCH_SERVICE_ENV` for every service
 * (`DATABASE_POOL_MAX=6`); each wins over the bench's own.
 */
function benchEnv(variable: 'BENCH_GATEWAY_ENV' | 'BENCH_SERVICE_ENV'): Record<string, string> {
  const pairs = (process.env[variable] ?? '').split(',').filter(Boolean);
  return Object.fromEntries(
    pairs.map((pair) => {
      const at = pair.indexOf('=');
      if (at < 1) throw new Error(`${variable}: ${pair} is not NAME=value`);
      return [pair.slice(0, at), pair.slice(at + 1)];
    }),
  );
}

/**
 * Every service and the gateway of `bench` in production mode, identity aside (production wants
 * a real mail provider); `gatewayEnv` is added to the gateway's. Answers the gateway's URL. Each
 * service's pool is the deployed default (10); reviews had 20 here, which gave its requests
 * more of Postgres' CPU than production would, and events less (docs/performance.md,
 * twentieth session).
 */
export async function startPlatform(
  bench: BenchRun,
  gatewayEnv: Record<string, string> = {},
): Promise<string> {
  const services = benchEnv('BENCH_SERVICE_ENV');
  await Promise.all([
    bench.start('identity', services),
    bench.start('communities', { ...production, ...services }),
    bench.start('catalog', { ...production, ...services }),
    bench.start('reviews', { ...production, ...services }),
    bench.start('social', { ...production, ...services }),
  ]);
  return bench.startGateway(['identity', 'communities', 'catalog', 'reviews', 'social'], {
    ...production,
    ...gatewayEnv,
    ...benchEnv('BENCH_GATEWAY_ENV'),
  });
}

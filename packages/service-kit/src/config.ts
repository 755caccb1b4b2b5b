import { z } from 'zod';
import { PRODUCTION_DRAIN_MS } from '@trustcircle/http-server';

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/**
 * Parses the environment with a zod schema. A bad value stops start-up with one line naming
 * the variable, because a service that starts half-configured fails later and less clearly.
 */
export function loadConfig<S extends z.ZodType>(
  schema: S,
  env: Record<string, string | undefined> = process.env,
): z.output<S> {
  const result = schema.safeParse(env);
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) => {
    const variable = issue.path.map(String).join('.') || '(environment)';
    return `${variable}: ${issue.message}`;
  });
  throw new ConfigError(`Invalid configuration: ${problems.join('; ')}`);
}

const portNumber = z.coerce
  .number({ error: 'must be a port number' })
  .int('must be a port number')
  .min(0, 'must be a port number')
  .max(65535, 'must be a port number');
const port = (fallback: number) => portNumber.default(fallback);

const url = (fallback?: string) => {
  const base = z.string().refine((value) => URL.canParse(value), { message: 'must be a URL' });
  return fallback === undefined ? base : base.default(fallback);
};

export const configFields = { port, url };

/** What every service reads; each service extends it with its own variables. */
export const BaseServiceEnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  PORT: port(0),
  HOST: z.string().default('127.0.0.1'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DATABASE_URL: url(),
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(100).default(10),
  NATS_URL: z.string().min(1).default('nats://127.0.0.1:4222'),
  /** The gateway's public keys (a JWKS document), inline or as a file path. */
  JWT_JWKS: z.string().optional(),
  JWT_JWKS_FILE: z.string().optional(),
  /** After the drain: how long in-flight requests may finish before their sockets are cut. */
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).default(10_000),
  /**
   * On SIGTERM, how long to keep serving (with /readyz already 503) so load balancers and
   * endpoint lists stop sending here first. Unset: 5000 in production, 0 elsewhere, so tests
   * and `npm start` stop at once.
   */
  SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).optional(),
  /**
   * The internal port for /livez, /healthz, /readyz and /metrics (k8s probes, Prometheus). Set,
   * they are served there and not on PORT; the gateway never serves them on PORT (server.ts).
   */
  OPS_PORT: portNumber.optional(),
  /**
   * Prefix for event subjects and stream names (`<prefix>.identity.user.registered`, stream
   * `<PREFIX>_IDENTITY`). Empty in production; tests and benches set a unique one per run so
   * they never share streams with each other or with a running system.
   */
  EVENTS_PREFIX: z
    .string()
    .regex(/^([a-z0-9][a-z0-9_-]*)?$/, 'must be lower-case letters, digits, _ or -')
    .default(''),
  /** JetStream replicas for the streams this service provisions (3 on a NATS cluster). */
  EVENTS_STREAM_REPLICAS: z.coerce.number().int().min(1).max(5).default(1),
});
export type BaseServiceConfig = z.output<typeof BaseServiceEnvSchema>;

export function shutdownDrainMs(config: BaseServiceConfig): number {
  return config.SHUTDOWN_DRAIN_MS ?? (config.NODE_ENV === 'production' ? PRODUCTION_DRAIN_MS : 0);
}

/**
 * A development-only switch: `true` or `false` (the default). A schema lists its switches in
 * `refuseInProduction`, so a production deployment with one on fails to start instead of
 * quietly offering what only `npm start` and tests may (e.g. backdated reviews for the demo).
 */
export const devOnlySwitch = () =>
  z
    .enum(['true', 'false'], { error: 'must be true or false' })
    .default('false')
    .transform((value) => value === 'true');

/** An issue on every listed development-only switch that is on with NODE_ENV=production. */
export function refuseInProduction<K extends string>(keys: readonly K[]) {
  return (env: { NODE_ENV: string } & Record<K, boolean>, ctx: z.RefinementCtx): void => {
    if (env.NODE_ENV !== 'production') return;
    for (const key of keys) {
      if (env[key]) {
        ctx.addIssue({
          code: 'custom',
          path: [key],
          message: 'is for development and tests only: it cannot be on with NODE_ENV=production',
        });
      }
    }
  };
}

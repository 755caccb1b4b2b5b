/**
 * The launcher proper, loaded by scripts/start.ts once everything is built: finds or starts
 * Postgres and NATS, creates the database and one role per service, starts and supervises every
 * process, seeds demo data once, and prints the URL.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import {
  ensureDevKeyPair,
  provisionAll,
  serviceRoleName,
  urlWithCredentials,
  urlWithDatabase,
} from '@trustcircle/service-kit';
import { DEPLOYABLES, entryPoint, envName, type Deployable } from './deployables.ts';
import {
  portOpen,
  postgresAnswers,
  startPrivateNats,
  startPrivatePostgres,
  type ManagedInfra,
} from './infra.ts';
import { fail, say, seconds } from './output.ts';
import { Supervisor, type ProcessSpec } from './supervisor.ts';

const env = process.env;
const databaseUrl = env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/trustcircle';
const natsUrl = env.NATS_URL ?? 'nats://127.0.0.1:4222';
const host = env.HOST ?? '127.0.0.1';
const publicUrl = env.PUBLIC_URL ?? `http://localhost:${env.GATEWAY_PORT ?? 8080}`;
const rolePrefix = env.DATABASE_ROLE_PREFIX ?? 'tc_';

const managed: ManagedInfra[] = [];

async function ensurePostgres(dataDir: string): Promise<void> {
  const adminUrl = urlWithDatabase(databaseUrl, 'postgres');
  if (await postgresAnswers(adminUrl)) return;
  const parsed = new URL(databaseUrl);
  const port = Number(parsed.port || 5432);
  if (
    !['127.0.0.1', 'localhost'].includes(parsed.hostname) ||
    (await portOpen(parsed.hostname, port))
  ) {
    fail(
      `PostgreSQL at ${parsed.host} does not accept connections as ${parsed.username || 'postgres'}: check DATABASE_URL.`,
    );
  }
  const result = await startPrivatePostgres(dataDir, port, say);
  if (typeof result === 'string') fail(result);
  else managed.push(result);
  if (!(await postgresAnswers(adminUrl)))
    fail('The private PostgreSQL did not come up: see .data/postgres.log.');
}

async function ensureNats(dataDir: string): Promise<void> {
  const parsed = new URL(natsUrl.replace(/^nats:/, 'http:'));
  const port = Number(parsed.port || 4222);
  if (await portOpen(parsed.hostname, port)) return;
  if (!['127.0.0.1', 'localhost'].includes(parsed.hostname))
    fail(`NATS is not reachable at ${natsUrl}: check NATS_URL.`);
  const result = await startPrivateNats(dataDir, '127.0.0.1', port, say);
  if (typeof result === 'string') fail(result);
  else managed.push(result);
}

/** Role passwords are made once per machine and kept under .data (trust auth ignores them locally). */
function rolePasswords(dataDir: string, services: string[]): Record<string, string> {
  const file = path.join(dataDir, 'db-passwords.json');
  const known = existsSync(file)
    ? (JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>)
    : {};
  for (const service of services) known[service] ??= randomBytes(18).toString('base64url');
  writeFileSync(file, JSON.stringify(known, null, 2), { mode: 0o600 });
  return known;
}

export async function launch(root: string, deployables: Deployable[]): Promise<void> {
  const dataDir = path.resolve(root, env.TC_DATA_DIR ?? '.data');
  mkdirSync(dataDir, { recursive: true });
  await ensurePostgres(dataDir);
  await ensureNats(dataDir);

  const schemaOwners = deployables.filter((d) => d.kind !== 'frontend').map((d) => d.name);
  const passwords = rolePasswords(dataDir, schemaOwners);
  const database = new URL(databaseUrl).pathname.slice(1) || 'trustcircle';
  await provisionAll({
    DATABASE_ADMIN_URL: urlWithDatabase(databaseUrl, 'postgres'),
    DATABASE_NAME: database,
    DATABASE_ROLE_PREFIX: rolePrefix,
    TC_SERVICES: schemaOwners.join(','),
    ...Object.fromEntries(
      schemaOwners.map((s) => [`${s.toUpperCase()}_DB_PASSWORD`, passwords[s]]),
    ),
  });
  say(`database ${database} ready (schemas: ${schemaOwners.join(', ')})`);

  const keys = ensureDevKeyPair(path.join(dataDir, 'keys'));
  const portOf = (d: Deployable) => Number(env[`${envName(d.name)}_PORT`] ?? d.defaultPort);
  const urlOf = (d: Deployable) => `http://${host}:${portOf(d)}`;
  // The gateway's probes and metrics are on an internal port only (design §11).
  const gatewayOpsPort = (d: Deployable) => Number(env.GATEWAY_OPS_PORT ?? portOf(d) + 1000);
  const healthUrlOf = (d: Deployable) =>
    d.kind === 'gateway' ? `http://${host}:${gatewayOpsPort(d)}/healthz` : `${urlOf(d)}/healthz`;
  const common = {
    NODE_ENV: env.NODE_ENV ?? 'development',
    HOST: host,
    LOG_LEVEL: env.LOG_LEVEL ?? 'info',
    NATS_URL: natsUrl,
    JWT_JWKS_FILE: keys.jwksFile,
  };

  const specs: ProcessSpec[] = deployables.map((d) => {
    const serviceEnv: Record<string, string> = { ...common, PORT: String(portOf(d)) };
    if (d.kind !== 'frontend') {
      serviceEnv.DATABASE_URL = urlWithCredentials(
        urlWithDatabase(databaseUrl, database),
        serviceRoleName(d.name, rolePrefix),
        passwords[d.name],
      );
    }
    if (d.kind === 'gateway') {
      // The demo seed signs up 300 users and writes 3,000 reviews from this one address; the
      // limits stay per-IP. LIMITS_SCALE=1 gives the production values.
      serviceEnv.REGISTER_LIMIT_PER_IP = env.REGISTER_LIMIT_PER_IP ?? '1000';
      serviceEnv.LOGIN_LIMIT_PER_IP = env.LOGIN_LIMIT_PER_IP ?? '1000';
      serviceEnv.LIMITS_SCALE = env.LIMITS_SCALE ?? '1000';
      // Nothing stands in front of `npm start`: no X-Forwarded-For is believed.
      serviceEnv.TRUST_PROXY = env.TRUST_PROXY ?? '';
      serviceEnv.JWT_PRIVATE_KEY_FILE = keys.privateKeyFile;
      serviceEnv.JWT_KID = keys.kid;
      serviceEnv.OPS_PORT = String(gatewayOpsPort(d));
      for (const other of deployables) {
        if (other !== d) serviceEnv[`${envName(other.name)}_URL`] = urlOf(other);
      }
    }
    return {
      name: d.name,
      cwd: path.join(root, d.workspace),
      command: process.execPath,
      args: ['--disable-warning=DEP0060', entryPoint(root, d)],
      env: serviceEnv,
      healthUrl: healthUrlOf(d),
    };
  });

  const supervisor = new Supervisor(specs);
  let seeding: ChildProcess | null = null;
  let shuttingDown = false;
  const shutdown = async (code: number) => {
    if (shuttingDown) return;
    shuttingDown = true;
    say('stopping…');
    seeding?.kill('SIGTERM');
    await supervisor.stop();
    for (const infra of managed.reverse()) await infra.stop();
    process.exit(code);
  };
  process.on('SIGINT', () => void shutdown(0));
  process.on('SIGTERM', () => void shutdown(0));

  const started = Date.now();
  supervisor.start();
  const notUp = await supervisor.waitHealthy(Number(env.START_TIMEOUT_MS ?? 60_000));
  if (notUp.length) {
    process.stderr.write(`\n✖ ${notUp.join(', ')} did not start; see its lines above.\n`);
    await shutdown(1);
    return;
  }
  say(`${specs.length} processes healthy in ${seconds(Date.now() - started)}`);

  const seed = path.join(root, 'scripts', 'seed.ts');
  if (existsSync(seed) && env.SEED !== 'false') {
    // Asynchronous, so the supervisor keeps relaying logs and restarting while the seed runs.
    seeding = spawn(process.execPath, [seed], {
      cwd: root,
      stdio: 'inherit',
      env: { ...env, TC_BASE_URL: `http://${host}:${portOf(DEPLOYABLES.at(-1)!)}` },
    });
    const seeded = await new Promise<number | null>((resolve) => seeding!.on('exit', resolve));
    seeding = null;
    if (shuttingDown) return;
    if (seeded !== 0) say('demo data could not be seeded (see above); the platform keeps running');
  }

  process.stdout.write(`\nTrustCircle is running at ${publicUrl}\n\n`);
  say('Ctrl-C stops everything; a process that crashes is restarted');
}

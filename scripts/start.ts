/**
 * `npm start`: the whole platform on one machine (design §8). Finds or starts Postgres and
 * NATS, creates the database and one role per service, builds what is not built, starts every
 * process with prefixed logs, seeds demo data once, and prints the URL.
 */
import { spawnSync } from 'node:child_process';
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
import {
  buildOutput,
  DEPLOYABLES,
  entryPoint,
  envName,
  present,
  type Deployable,
} from './launcher/deployables.ts';
import {
  portOpen,
  postgresAnswers,
  startPrivateNats,
  startPrivatePostgres,
  type ManagedInfra,
} from './launcher/infra.ts';
import { Supervisor, type ProcessSpec } from './launcher/supervisor.ts';

const root = path.resolve(import.meta.dirname, '..');
const env = process.env;
const dataDir = path.resolve(root, env.TC_DATA_DIR ?? '.data');
const databaseUrl = env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/trustcircle';
const natsUrl = env.NATS_URL ?? 'nats://127.0.0.1:4222';
const host = env.HOST ?? '127.0.0.1';
const publicUrl = env.PUBLIC_URL ?? `http://localhost:${env.GATEWAY_PORT ?? 8080}`;
const rolePrefix = env.DATABASE_ROLE_PREFIX ?? 'tc_';

const say = (line: string) => process.stdout.write(`launcher | ${line}\n`);
const fail = (line: string): never => {
  process.stderr.write(`\n✖ ${line}\n\n`);
  process.exit(1);
};

const managed: ManagedInfra[] = [];

async function ensurePostgres(): Promise<void> {
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

async function ensureNats(): Promise<void> {
  const parsed = new URL(natsUrl.replace(/^nats:/, 'http:'));
  const port = Number(parsed.port || 4222);
  if (await portOpen(parsed.hostname, port)) return;
  if (!['127.0.0.1', 'localhost'].includes(parsed.hostname))
    fail(`NATS is not reachable at ${natsUrl}: check NATS_URL.`);
  const result = await startPrivateNats(dataDir, '127.0.0.1', port, say);
  if (typeof result === 'string') fail(result);
  else managed.push(result);
}

function ensureBuilt(deployables: Deployable[]): void {
  const missing = deployables.filter((d) => !existsSync(buildOutput(root, d)));
  if (missing.length === 0 && !process.argv.includes('--build')) return;
  say(
    `building ${missing.length ? missing.map((d) => d.name).join(', ') : 'everything'} (npm run build)…`,
  );
  const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) fail('The build failed; see the output above.');
  const stillMissing = deployables.filter((d) => !existsSync(buildOutput(root, d)));
  if (stillMissing.length) {
    fail(
      `No build output for ${stillMissing.map((d) => `${d.name} (${buildOutput(root, d)})`).join(', ')}.`,
    );
  }
}

/** Role passwords are made once per machine and kept under .data (trust auth ignores them locally). */
function rolePasswords(services: string[]): Record<string, string> {
  const file = path.join(dataDir, 'db-passwords.json');
  const known = existsSync(file)
    ? (JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>)
    : {};
  for (const service of services) known[service] ??= randomBytes(18).toString('base64url');
  writeFileSync(file, JSON.stringify(known, null, 2), { mode: 0o600 });
  return known;
}

async function main(): Promise<void> {
  mkdirSync(dataDir, { recursive: true });
  await ensurePostgres();
  await ensureNats();

  // TC_ONLY=identity,gateway runs a subset (e.g. while working on one service).
  const only = env.TC_ONLY?.split(',').map((name) => name.trim());
  const deployables = present(root).filter((d) => !only || only.includes(d.name));
  if (deployables.length === 0)
    fail(`TC_ONLY names nothing known (${DEPLOYABLES.map((d) => d.name).join(', ')}).`);
  ensureBuilt(deployables);

  const schemaOwners = deployables.filter((d) => d.kind !== 'frontend').map((d) => d.name);
  const passwords = rolePasswords(schemaOwners);
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
      healthUrl: `${urlOf(d)}/healthz`,
    };
  });

  let supervisor: Supervisor | null = null;
  let shuttingDown = false;
  const shutdown = async (code: number) => {
    if (shuttingDown) return;
    shuttingDown = true;
    say('stopping…');
    await supervisor?.stop();
    for (const infra of managed.reverse()) await infra.stop();
    process.exit(code);
  };
  process.on('SIGINT', () => void shutdown(0));
  process.on('SIGTERM', () => void shutdown(0));

  supervisor = new Supervisor(specs, (name, code, signal) => {
    process.stderr.write(
      `\n✖✖✖ ${name} crashed (exit ${code ?? signal}). Stopping TrustCircle; see ${name}'s lines above.\n\n`,
    );
    void shutdown(1);
  });
  supervisor.start();
  const notUp = await supervisor.waitHealthy(Number(env.START_TIMEOUT_MS ?? 60_000));
  if (notUp.length) {
    process.stderr.write(`\n✖ ${notUp.join(', ')} did not start.\n`);
    await shutdown(1);
    return;
  }

  const seed = path.join(root, 'scripts', 'seed.ts');
  if (existsSync(seed) && env.SEED !== 'false') {
    const seeded = spawnSync(process.execPath, [seed], {
      cwd: root,
      stdio: 'inherit',
      env: { ...env, TC_BASE_URL: `http://${host}:${portOf(DEPLOYABLES.at(-1)!)}` },
    });
    if (seeded.status !== 0)
      say('demo data could not be seeded (see above); the platform keeps running');
  }

  process.stdout.write(`\nTrustCircle is running at ${publicUrl}\n\n`);
}

main().catch((error: unknown) => fail(`npm start failed: ${(error as Error).message}`));

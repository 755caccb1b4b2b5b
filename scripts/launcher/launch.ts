/**
 * The launcher proper, loaded by scripts/start.ts once everything is built: finds or starts
 * Postgres and NATS, creates the database and one role per service, starts and supervises every
 * process, seeds demo data once, and prints the URL.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { urlWithDatabase } from '@trustcircle/service-kit';
import { DEPLOYABLES, envName, type Deployable } from './deployables.ts';
import {
  freePort,
  portOpen,
  postgresAnswers,
  startPrivateNats,
  startPrivatePostgres,
  type ManagedInfra,
} from './infra.ts';
import { mailSetup } from './mail-catcher.ts';
import { fail, say, seconds } from './output.ts';
import {
  databaseName,
  platformSpecs,
  provisionPlatform,
  type PlatformSettings,
} from './platform.ts';
import { Supervisor } from './supervisor.ts';

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

export async function launch(root: string, deployables: Deployable[]): Promise<void> {
  const dataDir = path.resolve(root, env.TC_DATA_DIR ?? '.data');
  mkdirSync(dataDir, { recursive: true });
  await ensurePostgres(dataDir);
  await ensureNats(dataDir);

  const mail = await mailSetup(root, env, host);
  const portOf = (d: Deployable) => Number(env[`${envName(d.name)}_PORT`] ?? d.defaultPort);
  // Only the supervisor probes a frontend's ops port, so any free one unless <NAME>_OPS_PORT is
  // set (PORT + 1000 would be 4001 and 4002: identity's and communities').
  const frontendOpsPorts = new Map<string, number>();
  for (const d of deployables.filter((candidate) => candidate.kind === 'frontend')) {
    const configured = env[`${envName(d.name)}_OPS_PORT`];
    frontendOpsPorts.set(d.name, configured ? Number(configured) : await freePort(host));
  }
  const nodeEnv = env.NODE_ENV ?? 'development';
  // The demo seed dates its reviews over a year (X-Review-Written-At): a development-only
  // switch of gateway and reviews, which NODE_ENV=production refuses to start with.
  const backdating: Record<string, string> =
    nodeEnv === 'production'
      ? {}
      : { ALLOW_BACKDATED_REVIEWS: env.ALLOW_BACKDATED_REVIEWS ?? 'true' };
  const settings: PlatformSettings = {
    root,
    dataDir,
    databaseUrl: urlWithDatabase(databaseUrl, databaseName(databaseUrl)),
    natsUrl,
    host,
    rolePrefix,
    nodeEnv,
    logLevel: env.LOG_LEVEL ?? 'info',
    portOf,
    gatewayOpsPortOf: (d) => Number(env.GATEWAY_OPS_PORT ?? portOf(d) + 1000),
    frontendOpsPortOf: (d) => frontendOpsPorts.get(d.name)!,
    gatewayEnv: {
      // The demo seed signs up 300 users and writes 3,000 reviews from this one address; the
      // limits stay per-IP. LIMITS_SCALE=1 gives the production values.
      REGISTER_LIMIT_PER_IP: env.REGISTER_LIMIT_PER_IP ?? '1000',
      LOGIN_LIMIT_PER_IP: env.LOGIN_LIMIT_PER_IP ?? '1000',
      LIMITS_SCALE: env.LIMITS_SCALE ?? '1000',
      // Nothing stands in front of `npm start`: no X-Forwarded-For is believed.
      TRUST_PROXY: env.TRUST_PROXY ?? '',
      ...backdating,
    },
    serviceEnv: {
      identity: { SMTP_URL: mail.smtpUrl, PUBLIC_URL: publicUrl },
      reviews: backdating,
    },
  };
  const { schemaOwners, passwords } = await provisionPlatform(settings, deployables);
  say(`database ${databaseName(databaseUrl)} ready (schemas: ${schemaOwners.join(', ')})`);
  const specs = [
    ...(mail.catcher ? [mail.catcher.spec] : []),
    ...platformSpecs(settings, deployables, passwords),
  ];

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

  process.stdout.write(`\nTrustCircle is running at ${publicUrl}\n`);
  if (mail.catcher) {
    process.stdout.write(`Mail it sends (resets, confirmations): ${mail.catcher.inboxUrl}\n`);
  }
  process.stdout.write('\n');
  say('Ctrl-C stops everything; a process that crashes is restarted');
}

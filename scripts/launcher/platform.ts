/**
 * The platform's processes as the supervisor runs them: the database provisioned with one role
 * per service, and each deployable's command and environment. `npm start` (launch.ts) and the
 * chaos run (scripts/chaos) both start the platform from here.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { defaultOpsPort } from '@trustcircle/http-server';
import {
  ensureDevKeyPair,
  provisionAll,
  serviceRoleName,
  urlWithCredentials,
  urlWithDatabase,
} from '@trustcircle/service-kit';
import { entryPoint, envName, SERVICE_NODE_OPTIONS, type Deployable } from './deployables.ts';
import type { ProcessSpec } from './supervisor.ts';

export interface PlatformSettings {
  root: string;
  /** Where keys and role passwords are kept (.data for `npm start`). */
  dataDir: string;
  /** The TrustCircle database, as an admin (its path names the database). */
  databaseUrl: string;
  natsUrl: string;
  host: string;
  rolePrefix: string;
  nodeEnv: string;
  logLevel: string;
  /** The port a deployable listens on. */
  portOf: (d: Deployable) => number;
  /** The gateway's internal port for probes and metrics (design §11). */
  gatewayOpsPortOf: (d: Deployable) => number;
  /** A frontend's internal port for its probes (default: its port + 1000, as in its image). */
  frontendOpsPortOf?: (d: Deployable) => number;
  /** Extra environment for the gateway (limits, proxy trust). */
  gatewayEnv?: Record<string, string>;
  /** Extra environment for every process (e.g. the NATS subject prefix). */
  commonEnv?: Record<string, string>;
  /** Extra environment per deployable name (identity's SMTP_URL and PUBLIC_URL). */
  serviceEnv?: Record<string, Record<string, string>>;
}

/** Role passwords are made once per data directory (trust auth ignores them locally). */
function rolePasswords(dataDir: string, services: string[]): Record<string, string> {
  const file = path.join(dataDir, 'db-passwords.json');
  const known = existsSync(file)
    ? (JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>)
    : {};
  for (const service of services) known[service] ??= randomBytes(18).toString('base64url');
  writeFileSync(file, JSON.stringify(known, null, 2), { mode: 0o600 });
  return known;
}

export const databaseName = (databaseUrl: string) =>
  new URL(databaseUrl).pathname.slice(1) || 'trustcircle';

/** Creates the database, schemas and roles (idempotent); returns the schema owners. */
export async function provisionPlatform(
  settings: PlatformSettings,
  deployables: Deployable[],
): Promise<{ schemaOwners: string[]; passwords: Record<string, string> }> {
  const schemaOwners = deployables.filter((d) => d.kind !== 'frontend').map((d) => d.name);
  const passwords = rolePasswords(settings.dataDir, schemaOwners);
  await provisionAll({
    DATABASE_ADMIN_URL: urlWithDatabase(settings.databaseUrl, 'postgres'),
    DATABASE_NAME: databaseName(settings.databaseUrl),
    DATABASE_ROLE_PREFIX: settings.rolePrefix,
    TC_SERVICES: schemaOwners.join(','),
    ...Object.fromEntries(
      schemaOwners.map((s) => [`${s.toUpperCase()}_DB_PASSWORD`, passwords[s]]),
    ),
  });
  return { schemaOwners, passwords };
}

/** One process spec per deployable, in the given order. */
export function platformSpecs(
  settings: PlatformSettings,
  deployables: Deployable[],
  passwords: Record<string, string>,
): ProcessSpec[] {
  const { host, portOf } = settings;
  const keys = ensureDevKeyPair(path.join(settings.dataDir, 'keys'));
  const urlOf = (d: Deployable) => `http://${host}:${portOf(d)}`;
  // The gateway and the frontends answer their probes on an internal port only (design §11).
  const opsPortOf = (d: Deployable): number | null =>
    d.kind === 'gateway'
      ? settings.gatewayOpsPortOf(d)
      : d.kind === 'frontend'
        ? (settings.frontendOpsPortOf ?? ((f) => defaultOpsPort(portOf(f))))(d)
        : null;
  const healthUrlOf = (d: Deployable) => {
    const opsPort = opsPortOf(d);
    return opsPort === null ? `${urlOf(d)}/healthz` : `http://${host}:${opsPort}/healthz`;
  };
  const common = {
    NODE_ENV: settings.nodeEnv,
    HOST: host,
    LOG_LEVEL: settings.logLevel,
    NATS_URL: settings.natsUrl,
    JWT_JWKS_FILE: keys.jwksFile,
    // A restarted process loads its code about a quarter faster from V8's cached bytecode
    // (the supervisor's "back within 5 s" on a busy machine).
    NODE_COMPILE_CACHE: path.join(settings.dataDir, 'compile-cache'),
    ...settings.commonEnv,
  };
  const database = databaseName(settings.databaseUrl);

  return deployables.map((d) => {
    const env: Record<string, string> = {
      ...common,
      PORT: String(portOf(d)),
      ...settings.serviceEnv?.[d.name],
    };
    const opsPort = opsPortOf(d);
    if (opsPort !== null) env.OPS_PORT = String(opsPort);
    if (d.kind !== 'frontend') {
      env.NODE_OPTIONS = SERVICE_NODE_OPTIONS;
      env.DATABASE_URL = urlWithCredentials(
        urlWithDatabase(settings.databaseUrl, database),
        serviceRoleName(d.name, settings.rolePrefix),
        passwords[d.name],
      );
    }
    if (d.kind === 'gateway') {
      Object.assign(env, settings.gatewayEnv);
      env.JWT_PRIVATE_KEY_FILE = keys.privateKeyFile;
      env.JWT_KID = keys.kid;
      for (const other of deployables) {
        if (other !== d) env[`${envName(other.name)}_URL`] = urlOf(other);
      }
    }
    return {
      name: d.name,
      cwd: path.join(settings.root, d.workspace),
      command: process.execPath,
      args: ['--disable-warning=DEP0060', entryPoint(settings.root, d)],
      env,
      healthUrl: healthUrlOf(d),
    };
  });
}

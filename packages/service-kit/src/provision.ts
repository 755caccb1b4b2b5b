import { Client } from 'pg';

/**
 * Database and role set-up, run with admin rights by the launcher, the migrate Job and the
 * tests: one role per service that can use only its own schema (design §2).
 */
const IDENTIFIER = /^[a-z_][a-z0-9_]{0,62}$/;

function ident(name: string): string {
  if (!IDENTIFIER.test(name)) throw new Error(`Unsafe SQL identifier: ${name}`);
  return `"${name}"`;
}

function literal(value: string): string {
  return `'${value.replace(/'/g, "''")}'`;
}

async function withClient<T>(url: string, fn: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

export function urlWithDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

export function urlWithCredentials(url: string, user: string, password?: string): string {
  const parsed = new URL(url);
  parsed.username = user;
  parsed.password = password ?? '';
  return parsed.toString();
}

export async function ensureDatabase(adminUrl: string, database: string): Promise<void> {
  await withClient(adminUrl, async (client) => {
    const found = await client.query('select 1 from pg_database where datname = $1', [database]);
    if (found.rowCount === 0) await client.query(`create database ${ident(database)}`);
    await client.query(`revoke connect on database ${ident(database)} from public`);
  });
}

export async function dropDatabase(adminUrl: string, database: string): Promise<void> {
  await withClient(adminUrl, (client) =>
    client.query(`drop database if exists ${ident(database)} with (force)`),
  );
}

export async function dropRoles(adminUrl: string, roles: string[]): Promise<void> {
  await withClient(adminUrl, async (client) => {
    for (const role of roles) await client.query(`drop role if exists ${ident(role)}`);
  });
}

export interface ServiceRole {
  role: string;
  password: string;
  schema: string;
  /** Extensions the service needs, created by the admin inside the service's schema. */
  extensions?: string[];
}

/** Idempotent: safe at every start. `databaseUrl` is an admin URL of the target database. */
export async function provisionServiceRole(databaseUrl: string, spec: ServiceRole): Promise<void> {
  const database = new URL(databaseUrl).pathname.slice(1);
  await withClient(databaseUrl, async (client) => {
    const exists = await client.query('select 1 from pg_roles where rolname = $1', [spec.role]);
    const verb = exists.rowCount === 0 ? 'create' : 'alter';
    await client.query(
      `${verb} role ${ident(spec.role)} with login nosuperuser nocreatedb nocreaterole password ${literal(spec.password)}`,
    );
    await client.query(`grant connect on database ${ident(database)} to ${ident(spec.role)}`);
    await client.query(
      `create schema if not exists ${ident(spec.schema)} authorization ${ident(spec.role)}`,
    );
    await client.query(`alter schema ${ident(spec.schema)} owner to ${ident(spec.role)}`);
    // Nobody but the admin uses `public`; PUBLIC would otherwise lend every role USAGE on it.
    await client.query('revoke all on schema public from public');
    await client.query(`alter role ${ident(spec.role)} set search_path = ${ident(spec.schema)}`);
    for (const extension of spec.extensions ?? []) {
      await client.query(
        `create extension if not exists ${ident(extension)} schema ${ident(spec.schema)}`,
      );
    }
  });
}

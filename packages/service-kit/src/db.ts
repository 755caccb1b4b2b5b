import { createHash } from 'node:crypto';
import knex, { type Knex } from 'knex';
import { Client, type ClientConfig } from 'pg';
import { announceChanges, silenceChanges, type AnnounceOptions } from './change-notices';
import { lightenTransactions } from './light-transactions';
import type { Logger } from './logger';
import { endSqlSpan, startSqlSpan, traceQueries } from './tracing/sql-span';

export type { Knex };

/** A row's columns as an outer join answers them: every one null when it matched nothing. */
export type Nullable<T> = { [K in keyof T]: T[K] | null };
export { transactionOpenedWith } from './light-transactions';

export interface DbOptions {
  url: string;
  /** The service's own schema: every unqualified name resolves there. */
  schema: string;
  poolMax?: number;
  /** Where knex reports lost connections (its default is console.log). */
  logger?: Logger;
  /**
   * Settings every connection starts with (`-c name=value` in the startup packet), so a
   * query that needs one (pg_trgm's similarity threshold) is not a transaction around a
   * `set_config` round trip.
   */
  settings?: Record<string, string>;
}

/** libpq's `options` string: each value's spaces and backslashes escaped with a backslash. */
export function startupOptions(settings: Record<string, string>): string {
  return Object.entries(settings)
    .map(([name, value]) => {
      if (!/^[a-z_][a-z0-9_.]*$/i.test(name)) throw new Error(`bad setting name ${name}`);
      return `-c ${name}=${value.replace(/[\\ ]/g, (c) => `\\${c}`)}`;
    })
    .join(' ');
}

/** A knex connection bound to one schema, connected as the service's own role. */
export function createDb({ url, schema, poolMax = 10, logger, settings }: DbOptions): Knex {
  const db = knex({
    ...(logger
      ? {
          log: {
            warn: (message: unknown) => logger.warn({ err: message }, 'database warning'),
            error: (message: unknown) => logger.warn({ err: message }, 'database connection error'),
            deprecate: (method: string, alternative: string) =>
              logger.warn({ method, alternative }, 'knex deprecation'),
            debug: (message: unknown) => logger.debug({ knex: message }, 'knex'),
          },
        }
      : {}),
    client: 'pg',
    connection: {
      connectionString: url,
      application_name: schema,
      ...(settings ? { options: startupOptions(settings) } : {}),
    },
    searchPath: [schema],
    pool: { min: 0, max: poolMax },
    acquireConnectionTimeout: 10_000,
  });
  traceQueries(db);
  lightenTransactions(db);
  return db;
}

export interface Migration {
  name: string;
  up(db: Knex): Promise<void>;
  down?(db: Knex): Promise<void>;
}

/**
 * Migrations are listed in code (not globbed) so compiled and test builds see the same set.
 *
 * Replicas start together (k8s `replicas: 2`, the chaos cluster): knex's own lock is a row that
 * the loser finds taken and fails on at once, and a replica killed mid-migration leaves it taken
 * for good. A session advisory lock on a connection of its own makes the others wait instead, and
 * Postgres releases it when its holder dies; whoever holds it may clear knex's row.
 */
export async function migrate(
  db: Knex,
  schema: string,
  migrations: Migration[],
  { announce = false, ...options }: { announce?: boolean } & AnnounceOptions = {},
): Promise<void> {
  const lock = new Client(connectionOf(db, schema));
  await lock.connect();
  try {
    await lock.query(`select pg_advisory_lock(hashtext('trustcircle.migrate.' || $1))`, [schema]);
    await db.migrate.forceFreeMigrationsLock(migratorConfig(schema, migrations));
    await db.migrate.latest(migratorConfig(schema, migrations));
    if (announce) await announceChanges(db, schema, options);
    else await silenceChanges(db, schema);
  } finally {
    // Ending the session releases the advisory lock.
    await lock.end().catch(() => undefined);
  }
}

function connectionOf(db: Knex, schema: string): ClientConfig {
  const { connection } = (db.client as { config: Knex.Config }).config;
  const base = typeof connection === 'string' ? { connectionString: connection } : connection;
  return { ...(base as ClientConfig), application_name: `${schema}-migrate` };
}

function migratorConfig(schema: string, migrations: Migration[]): Knex.MigratorConfig {
  return {
    schemaName: schema,
    tableName: 'knex_migrations',
    migrationSource: {
      getMigrations: async () => migrations,
      getMigrationName: (migration: Migration) => migration.name,
      getMigration: async (migration: Migration) => ({
        up: (k: Knex) => migration.up(k),
        down: (k: Knex) => (migration.down ? migration.down(k) : Promise.resolve()),
      }),
    },
  };
}

export async function pingDb(db: Knex): Promise<void> {
  await db.raw('select 1');
}

/** Postgres unique violation, optionally on one named constraint. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const pgError = error as { code?: string; constraint?: string };
  return pgError?.code === '23505' && (!constraint || pgError.constraint === constraint);
}

const statementNames = new Map<string, string>();

/**
 * Runs a hot read as a named prepared statement: each pooled connection parses and plans it
 * once, then only binds and executes (planning was about a third of Postgres' time for a
 * 50-review page). `query` is any knex query or `db.raw(…)`; the name is derived from its SQL,
 * so every distinct text gets its own statement. On the pool it takes a connection for the
 * statement; in a transaction (`db` a knex transaction) it runs on the transaction's connection,
 * after the transaction's earlier statements, and an error fails the transaction as any would.
 * Name the columns: a prepared `select *` fails on its connections ("cached plan must not change
 * result type") once a migration adds a column to the table.
 * Postgres plans a statement once only if its generic plan costs no more than the custom plans of
 * its first five runs; where the values make custom plans cheaper (a parameter a plan can fold
 * away, as `? is not null and …`, or a value with skewed statistics) it plans it again on every
 * run. Write such cases as separate texts, or give the value as a sub-select (`(select ?)`),
 * which no plan sees (reviews' card pages; docs/performance.md, twelfth session).
 */
export async function preparedRows<Row>(
  db: Knex,
  query: { toSQL(): { toNative(): { sql: string; bindings: readonly unknown[] } } },
): Promise<Row[]> {
  const { sql, bindings } = query.toSQL().toNative();
  let name = statementNames.get(sql);
  if (!name) {
    name = `tc_${createHash('sha1').update(sql).digest('hex').slice(0, 20)}`;
    if (statementNames.size > 1000) statementNames.clear();
    statementNames.set(sql, name);
  }
  const client = db.client as {
    acquireConnection(): Promise<PgConnection>;
    releaseConnection(connection: PgConnection): Promise<void>;
  };
  const connection = await client.acquireConnection();
  // knex does not see this statement: its span is started here.
  const span = startSqlSpan(sql);
  try {
    const rows = await queryRows<Row>(connection, { name, text: sql, values: [...bindings] });
    endSqlSpan(span);
    return rows;
  } catch (error) {
    endSqlSpan(span, error);
    throw error;
  } finally {
    await client.releaseConnection(connection);
  }
}

type QueryConfig = { name: string; text: string; values: unknown[] };

interface PgConnection {
  query<Row>(
    config: QueryConfig,
    done: (error: Error | null, result: { rows: Row[] }) => void,
  ): void;
}

/**
 * pg's callback form, promised here. With pg's own promise (`query(config)` without a
 * callback) a bare server doing one prepared query per request kept 22–29 % of its allocation
 * alive through each young-generation GC (freed only by the next full GC), against 0.1–0.2 %
 * with the callback form. Measured with --trace-gc-nvp; docs/performance.md "Reviews".
 */
function queryRows<Row>(connection: PgConnection, config: QueryConfig): Promise<Row[]> {
  return new Promise((resolve, reject) => {
    connection.query<Row>(config, (error, result) =>
      error ? reject(error) : resolve(result.rows),
    );
  });
}

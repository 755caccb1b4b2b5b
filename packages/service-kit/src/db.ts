import knex, { type Knex } from 'knex';

export type { Knex };

export interface DbOptions {
  url: string;
  /** The service's own schema: every unqualified name resolves there. */
  schema: string;
  poolMax?: number;
}

/** A knex connection bound to one schema, connected as the service's own role. */
export function createDb({ url, schema, poolMax = 10 }: DbOptions): Knex {
  return knex({
    client: 'pg',
    connection: { connectionString: url, application_name: schema },
    searchPath: [schema],
    pool: { min: 0, max: poolMax },
    acquireConnectionTimeout: 10_000,
  });
}

export interface Migration {
  name: string;
  up(db: Knex): Promise<void>;
  down?(db: Knex): Promise<void>;
}

/** Migrations are listed in code (not globbed) so compiled and test builds see the same set. */
export async function migrate(db: Knex, schema: string, migrations: Migration[]): Promise<void> {
  await db.migrate.latest({
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
  });
}

export async function pingDb(db: Knex): Promise<void> {
  await db.raw('select 1');
}

/** Postgres unique violation, optionally on one named constraint. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const pgError = error as { code?: string; constraint?: string };
  return pgError?.code === '23505' && (!constraint || pgError.constraint === constraint);
}

import pg from 'pg';

/**
 * The reconciler's database access: one admin connection pool over every schema (the sources
 * and the projections live in one database, design §2), plain SQL with schema-qualified names.
 */
export type Sql = <Row = Record<string, unknown>>(
  text: string,
  values?: unknown[],
) => Promise<Row[]>;

export interface Database {
  query: Sql;
  /** Runs `work` in one transaction: committed when it resolves, rolled back when it throws. */
  transaction<T>(work: (query: Sql) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export function openDatabase(url: string): Database {
  const pool = new pg.Pool({ connectionString: url, max: 2, application_name: 'reconcile' });
  const sqlOf =
    (client: pg.Pool | pg.PoolClient): Sql =>
    async <Row>(text: string, values: unknown[] = []) =>
      (await client.query(text, values)).rows as Row[];
  return {
    query: sqlOf(pool),
    async transaction(work) {
      const client = await pool.connect();
      try {
        await client.query('begin');
        const result = await work(sqlOf(client));
        await client.query('commit');
        return result;
      } catch (error) {
        await client.query('rollback').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
}

/** `select count(*)` of a query's rows, as a number. */
export async function countOf(query: Sql, from: string): Promise<number> {
  const [row] = await query<{ n: number }>(`select count(*)::int as n from ${from}`);
  return row?.n ?? 0;
}

/** Row locks on `table` (keyed by `id`) in id order, as the services' writers take them. */
export async function lockRows(query: Sql, table: string, ids: number[]): Promise<void> {
  await query(`select id from ${table} where id = any($1::int[]) order by id for update`, [ids]);
}

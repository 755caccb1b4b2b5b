import type { Knex } from '@trustcircle/service-kit';

/** Per table of the services' schemas: its row count and a checksum of every row. */
export type Snapshot = Map<string, { rows: number; checksum: string }>;

const SCHEMAS = ['identity', 'communities', 'catalog', 'reviews', 'social'];
// Delivery bookkeeping, not data: the relay empties the outbox and consumers fill the inbox
// on their own schedule; identity's mail relay sends, retries and empties its mail queue.
const BOOKKEEPING = new Set(['outbox', 'inbox', 'mail_queue']);

export async function snapshot(db: Knex): Promise<Snapshot> {
  const tables = await db
    .select<{ schema: string; name: string }[]>('table_schema as schema', 'table_name as name')
    .from('information_schema.tables')
    .whereIn('table_schema', SCHEMAS)
    .andWhere('table_type', 'BASE TABLE')
    .orderBy(['table_schema', 'table_name']);
  const result: Snapshot = new Map();
  for (const { schema, name } of tables) {
    if (BOOKKEEPING.has(name) || name.startsWith('knex_migrations')) continue;
    const { rows } = await db.raw<{ rows: { rows: number; checksum: string }[] }>(
      `select count(*)::int as rows,
              md5(coalesce(string_agg(md5(t::text), '' order by md5(t::text)), '')) as checksum
         from ??.?? t`,
      [schema, name],
    );
    result.set(`${schema}.${name}`, rows[0]!);
  }
  return result;
}

export function snapshotDifference(before: Snapshot, after: Snapshot): string[] {
  const names = new Set([...before.keys(), ...after.keys()]);
  const changed: string[] = [];
  for (const name of names) {
    const a = before.get(name);
    const b = after.get(name);
    if (a?.rows !== b?.rows || a?.checksum !== b?.checksum) {
      changed.push(`${name}: ${a?.rows ?? '-'} rows → ${b?.rows ?? '-'} rows`);
    }
  }
  return changed;
}

/**
 * A snapshot once events already in flight have landed: two in a row, half a second apart,
 * agree (projections and counters follow writes within milliseconds).
 */
export async function settledSnapshot(db: Knex, timeoutMs = 15_000): Promise<Snapshot> {
  const started = Date.now();
  let previous = await snapshot(db);
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    const current = await snapshot(db);
    if (snapshotDifference(previous, current).length === 0) return current;
    if (Date.now() - started > timeoutMs) {
      throw new Error(
        `the database did not settle: ${snapshotDifference(previous, current).join('; ')}`,
      );
    }
    previous = current;
  }
}

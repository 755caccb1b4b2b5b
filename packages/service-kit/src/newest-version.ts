import type { Knex } from 'knex';

export interface NewestVersionOptions {
  /** A column that, once set, freezes the row: a tombstone no later event may bring back. */
  frozenBy?: string;
}

/**
 * Writes one projection row unless the row held is as new or newer (design §2: "the newest
 * version wins"). Events may arrive late, twice or out of order; only the version orders them.
 * Answers whether this version was written.
 */
export async function upsertNewestVersion(
  trx: Knex,
  table: string,
  key: string,
  row: Record<string, unknown> & { version: number },
  options: NewestVersionOptions = {},
): Promise<boolean> {
  const columns = Object.keys(row).filter((column) => column !== key);
  const query = trx(table)
    .insert(row)
    .onConflict(key)
    .merge(columns)
    .where(`${table}.version`, '<', trx.ref('excluded.version'));
  if (options.frozenBy) query.whereNull(`${table}.${options.frozenBy}`);
  const written: unknown[] = await query.returning(key);
  return written.length === 1;
}

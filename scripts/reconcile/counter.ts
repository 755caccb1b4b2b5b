import { countOf, lockRows, type Sql } from './db.ts';
import type { Check } from './engine.ts';

/**
 * A counter kept in the same transaction as the rows it counts. Writers move it by ±1 under
 * the counted row's lock (the review, the group): once the repair holds those locks, its count
 * sees every committed row, and a writer still open adds its ±1 afterwards.
 */
export interface CounterSpec {
  name: string;
  source: string;
  /** `schema.table` holding the counter, keyed by `id`. */
  table: string;
  column: string;
  /** What is counted, for the report ("votes"). */
  unit: string;
  /** `select <key> as id, count(*)::int as n … group by <key>`: the count per row. */
  counted: string;
  /** The count the repair writes, if not `counted` (what the counter's writers move from). */
  repairCounted?: string;
}

export function counterCheck(spec: CounterSpec): Check {
  const update = (counted: string) =>
    `update ${spec.table} c
        set ${spec.column} = coalesce((select k.n from (${counted}) k where k.id = c.id), 0)
      where c.id = any($1::int[])`;
  return {
    name: spec.name,
    source: spec.source,
    async find(query: Sql) {
      const rows = await query<{ id: number; stored: number; counted: number }>(
        `select c.id, c.${spec.column} as stored, coalesce(k.n, 0) as counted
           from ${spec.table} c left join (${spec.counted}) k on k.id = c.id
          where c.${spec.column} <> coalesce(k.n, 0) order by c.id`,
      );
      return {
        checked: await countOf(query, spec.table),
        drift: rows.map((r) => ({
          key: String(r.id),
          detail: `${r.stored}≠${r.counted} ${spec.unit}`,
        })),
      };
    },
    async repair(query: Sql, keys: string[]) {
      const ids = [...new Set(keys.map(Number))].sort((a, b) => a - b);
      if (ids.length === 0) return;
      await lockRows(query, spec.table, ids);
      await query(update(spec.repairCounted ?? spec.counted), [ids]);
    },
  };
}

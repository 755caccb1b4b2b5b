import { countOf, type Sql } from './db.ts';
import type { Finding } from './engine.ts';

/**
 * A projection that holds a set of pairs (who follows whom, who is in which group) as true rows,
 * compared with the source's rows both ways: a pair the projection lacks and one it holds that
 * the source no longer has.
 */
export interface PairSet {
  /** The source's table, one row a pair. */
  source: string;
  /** A select of the pairs the projection holds as true. */
  projected: string;
  columns: readonly [string, string];
  /** Joins a pair into one drift key. */
  separator: string;
  /** What a missing pair and one without a source row are called in the report. */
  details: readonly [missing: string, extra: string];
}

export async function findPairDrift(query: Sql, set: PairSet): Promise<Finding> {
  const [a, b] = set.columns;
  const rows = await query<{ a: number; b: number; missing: boolean }>(
    `select coalesce(s.${a}, p.${a}) as a, coalesce(s.${b}, p.${b}) as b, p.${a} is null as missing
       from ${set.source} s full join (${set.projected}) p on p.${a} = s.${a} and p.${b} = s.${b}
      where s.${a} is null or p.${a} is null
      order by 1, 2`,
  );
  return {
    checked: await countOf(query, set.source),
    drift: rows.map((row) => ({
      key: `${row.a}${set.separator}${row.b}`,
      detail: set.details[row.missing ? 0 : 1],
    })),
  };
}

/** The drift keys of `findPairDrift`, back as two columns of ids for `unnest`. */
export function pairColumns(keys: string[], separator: string): [number[], number[]] {
  const pairs = keys.map((key) => key.split(separator).map(Number));
  return [pairs.map((p) => p[0]!), pairs.map((p) => p[1]!)];
}

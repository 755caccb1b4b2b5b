import type { Check, Drift } from './engine.ts';
import { countOf, type Sql } from './db.ts';

/**
 * A projection that copies columns of another service's table (design §2): every source row
 * has one projection row with equal columns. Missing, different and orphaned rows are drift;
 * the repair copies the source row with its version (and deletes orphans).
 */
export interface MirrorSpec {
  name: string;
  /** `schema.table` of the projection and its key column. */
  target: string;
  targetKey: string;
  /** `schema.table` of the source and its key column (default `id`). */
  source: string;
  sourceKey?: string;
  /** Projection column → source column (or expression over the source row `s`). */
  columns: Record<string, string>;
  /** The source's version expression, written to the projection's `version` on repair. */
  version?: string;
}

export function mirrorCheck(spec: MirrorSpec): Check {
  const columns = Object.entries(spec.columns);
  const differs = columns.map(([t, s]) => `(${s}) is distinct from p.${t}`).join(' or ');
  const shown = columns.map(([t]) => t);
  const key = `s.${spec.sourceKey ?? 'id'}`;
  return {
    name: spec.name,
    source: spec.source,
    async find(query: Sql) {
      const rows = await query<{ key: number; missing: boolean; orphan: boolean } & object>(
        `select coalesce(${key}, p.${spec.targetKey}) as key,
                p.${spec.targetKey} is null as missing, ${key} is null as orphan,
                ${columns.map(([t, s]) => `(${s}) as "s_${t}", p.${t} as "p_${t}"`).join(', ')}
           from ${spec.source} s
           full join ${spec.target} p on p.${spec.targetKey} = ${key}
          where ${key} is null or p.${spec.targetKey} is null or ${differs}
          order by 1`,
      );
      const orphans = rows.filter((row) => row.orphan).length;
      return {
        checked: (await countOf(query, spec.source)) + orphans,
        drift: rows.map((row): Drift => {
          const r = row as Record<string, unknown>;
          if (row.missing) return { key: String(row.key), detail: 'missing' };
          if (row.orphan) return { key: String(row.key), detail: 'no source row' };
          const changed = shown.filter((c) => !sameValue(r[`s_${c}`], r[`p_${c}`]));
          return {
            key: String(row.key),
            detail: changed.map((c) => `${c} ${show(r[`p_${c}`])}≠${show(r[`s_${c}`])}`).join(' '),
          };
        }),
      };
    },
    async repair(query: Sql, keys: string[]) {
      const ids = keys.map(Number);
      const written = [...shown, ...(spec.version ? ['version'] : [])];
      const values = [...columns.map(([, s]) => s), ...(spec.version ? [spec.version] : [])];
      await query(
        `insert into ${spec.target} as p (${spec.targetKey}, ${written.join(', ')})
         select ${key}, ${values.join(', ')} from ${spec.source} s
          where ${key} = any($1::int[]) order by ${key}
         on conflict (${spec.targetKey}) do update
           set ${written.map((c) => `${c} = excluded.${c}`).join(', ')}`,
        [ids],
      );
      await query(
        `delete from ${spec.target} p where p.${spec.targetKey} = any($1::int[])
           and not exists (select 1 from ${spec.source} s where ${key} = p.${spec.targetKey})`,
        [ids],
      );
    },
  };
}

function sameValue(a: unknown, b: unknown): boolean {
  if (a instanceof Date && b instanceof Date) return a.getTime() === b.getTime();
  return JSON.stringify(a) === JSON.stringify(b);
}

/** A value for the report: short, one line. */
export function show(value: unknown): string {
  if (value instanceof Date) return value.toISOString();
  const text = JSON.stringify(value) ?? 'null';
  return text.length > 40 ? `${text.slice(0, 39)}…` : text;
}

/**
 * Bulk inserts into big tables with their secondary indexes built afterwards. Inserting a
 * million rows into six B-trees in random key order cost most of the reviews' load at L (the
 * indexes outgrow shared_buffers); building each index once from a sort is several times
 * cheaper. The indexes and unique constraints come back from their own definitions
 * (pg_get_indexdef, pg_get_constraintdef), with their names: the schema ends as migrated.
 */
import type pg from 'pg';

interface Secondary {
  index: string;
  definition: string;
  constraint: string | null;
  constraintDefinition: string | null;
}

export async function withIndexesAfter(
  db: pg.Client,
  table: string,
  insert: () => Promise<unknown>,
): Promise<void> {
  const { rows } = await db.query<Secondary>(
    `select i.indexrelid::regclass::text as index, pg_get_indexdef(i.indexrelid) as definition,
            c.conname as constraint, pg_get_constraintdef(c.oid) as "constraintDefinition"
       from pg_index i
       left join pg_constraint c
         on c.conindid = i.indexrelid and c.conrelid = i.indrelid and c.contype in ('u', 'x')
      where i.indrelid = $1::regclass and not i.indisprimary
      order by i.indexrelid`,
    [table],
  );
  for (const index of rows) {
    await db.query(
      index.constraint
        ? `alter table ${table} drop constraint ${quote(index.constraint)}`
        : `drop index ${index.index}`,
    );
  }
  await insert();
  for (const index of rows) {
    await db.query(
      index.constraint
        ? `alter table ${table} add constraint ${quote(index.constraint)} ${index.constraintDefinition}`
        : index.definition,
    );
  }
}

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

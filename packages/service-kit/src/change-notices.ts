import type { Knex, Migration } from './db';

/**
 * The Postgres channel on which every service's committed writes are announced, the payload
 * the service's schema (its name), or the schema and the one part of it a write changed
 * (`reviews business:42`, `announceScopedChanges`). The gateway keeps answers it knows to be
 * current until it hears of a change to the service that gave them (gateway/src/kept-answers.ts).
 */
export const CHANGE_CHANNEL = 'tc_changed';

/** The scope of one business's rows (`business:42`), in reviews and catalog alike. */
export const BUSINESS_SCOPE = 'business';

/**
 * The scope of business `id` as its rows announce it, or null for an id no row has (`007`,
 * `abc`): a read of it is then of no one part, and any write ends it.
 */
export function businessScope(id: number | string): string | null {
  const text = String(id);
  return /^[1-9][0-9]{0,9}$/.test(text) ? `${BUSINESS_SCOPE}:${text}` : null;
}

/** A notice's service, and the part of it changed, or null when it may be any. */
export function parseChangeNotice(payload: string): { service: string; scope: string | null } {
  const space = payload.indexOf(' ');
  if (space === -1) return { service: payload, scope: null };
  return { service: payload.slice(0, space), scope: payload.slice(space + 1) || null };
}

/** Tables whose rows no read answers: the events' and mails' own bookkeeping. */
export const UNANNOUNCED_TABLES = [
  'knex_migrations',
  'knex_migrations_lock',
  'outbox',
  'inbox',
  'mail_queue',
];

const TRIGGER = 'tc_changed';
/** Row triggers do not see a truncate: a statement trigger announces it. */
const TRUNCATE_TRIGGER = 'tc_changed_truncate';
/** The function a table announced as the whole schema calls. */
const WHOLE_SCHEMA = 'tc_announce_change';

export interface AnnounceOptions {
  /**
   * The service's tables whose rows no kept read shows (reviews' uploaded photos): a write to
   * one would end every kept answer of the service for nothing, and anyone allowed that write
   * could empty them all at its rate. Their triggers, if an earlier release made them, go.
   */
  quiet?: readonly string[];
  /**
   * The tables the service announces by part (`announceScopedChanges`), all of them: each gets
   * its part's trigger back if it lost it (a schema silenced by a bulk load that migrated
   * without announcing), and a table no longer listed is announced as the whole schema again.
   * Without it, tables announced by part are left as they are.
   */
  scoped?: readonly ScopedTable[];
}

/**
 * Gives every table of `schema` (but the bookkeeping above and the `quiet` ones) a row trigger
 * that NOTIFYs CHANGE_CHANNEL with the schema's name (or, for a `scoped` table, the part of it a
 * row belongs to), and a truncate trigger that announces the schema. A trigger, not a call in
 * each store, because the announcement must cover every write, from any code path (routes, event
 * consumers, jobs, a migration, an operator's SQL), and NOTIFY is transactional: it is delivered
 * at commit, once per transaction however many rows changed, and never after a rollback. A row
 * trigger, so that a statement that changes no row (an upsert that finds its row newer, a delete
 * of nothing) announces nothing and ends nobody's kept answers. Tables added by later migrations
 * get theirs at the next start; the statement triggers of earlier releases are replaced once;
 * tables that have the right one are left alone, so a start takes no lock on them.
 */
export async function announceChanges(
  db: Knex,
  schema: string,
  { quiet = [], scoped }: AnnounceOptions = {},
): Promise<void> {
  await db.raw(
    `create or replace function ??.${WHOLE_SCHEMA}() returns trigger
       language plpgsql as $$
       begin
         perform pg_notify('${CHANGE_CHANNEL}', tg_table_schema);
         return null;
       end $$`,
    [schema],
  );
  const { rows } = await db.raw<{
    rows: {
      name: string;
      row: boolean | null;
      fn: string | null;
      source: string | null;
      truncate: boolean;
    }[];
  }>(
    `select c.relname as name, (t.tgtype & 1) = 1 as row, f.proname as fn, f.prosrc as source,
            exists (select 1 from pg_trigger u
                     where u.tgrelid = c.oid and u.tgname = ?) as truncate
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
       left join pg_trigger t on t.tgrelid = c.oid and t.tgname = ?
       left join pg_proc f on f.oid = t.tgfoid
      where n.nspname = ? and c.relkind in ('r', 'p') and not c.relispartition
        and c.relname <> all(?::text[])`,
    [TRUNCATE_TRIGGER, TRIGGER, schema, UNANNOUNCED_TABLES],
  );
  const byPart = new Map(scoped?.map((table) => [table.table, table]));
  const missing = [...byPart.keys()].filter((table) => !rows.some((row) => row.name === table));
  if (missing.length) throw new Error(`announced by part, not in ${schema}: ${missing.join(', ')}`);
  for (const { name, row, fn, source, truncate } of rows) {
    if (quiet.includes(name)) {
      if (row !== null || truncate) await silence(db, schema, name);
      continue;
    }
    const part = byPart.get(name);
    const wanted = part ? scopedFunction(name) : WHOLE_SCHEMA;
    // Told which tables are by part, a table announced otherwise is put right.
    const current = part
      ? row === true && fn === wanted && source === scopedSource(part)
      : row === true && (fn === WHOLE_SCHEMA || !scoped);
    if (part && !current) await createScopedFunction(db, schema, part);
    if (!current || !truncate) {
      await replaceRowTrigger(db, schema, name, current ? null : wanted, truncate);
    }
  }
}

/**
 * Gives `table` a row trigger calling `fn` (replacing the one it has; none: keeps it) and, if it
 * has none, its truncate trigger, in one transaction: the table is never without either.
 */
async function replaceRowTrigger(
  db: Knex,
  schema: string,
  table: string,
  fn: string | null,
  hasTruncate: boolean,
): Promise<void> {
  await db.transaction(async (trx) => {
    if (fn !== null) {
      await trx.raw('drop trigger if exists ?? on ??.??', [TRIGGER, schema, table]);
      await trx.raw(
        `create trigger ?? after insert or update or delete on ??.??
           for each row execute function ??.??()`,
        [TRIGGER, schema, table, schema, fn],
      );
    }
    if (!hasTruncate) {
      await trx.raw(
        `create trigger ?? after truncate on ??.??
           for each statement execute function ??.${WHOLE_SCHEMA}()`,
        [TRUNCATE_TRIGGER, schema, table, schema],
      );
    }
  });
}

/**
 * Drops every announcement of `schema`'s tables (an earlier release's): for a service no one
 * keeps answers from, whose every notifying commit woke each LISTENing backend of the database
 * for nothing (local-wake.ts).
 */
export async function silenceChanges(db: Knex, schema: string): Promise<void> {
  const { rows } = await db.raw<{ rows: { name: string }[] }>(
    `select distinct c.relname as name
       from pg_trigger t join pg_class c on c.oid = t.tgrelid
       join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = ? and t.tgname in (?, ?)`,
    [schema, TRIGGER, TRUNCATE_TRIGGER],
  );
  for (const { name } of rows) await silence(db, schema, name);
}

/** Drops a table's announcements, row and truncate, in one transaction. */
async function silence(db: Knex, schema: string, table: string): Promise<void> {
  await db.transaction(async (trx) => {
    for (const trigger of [TRIGGER, TRUNCATE_TRIGGER]) {
      await trx.raw('drop trigger if exists ?? on ??.??', [trigger, schema, table]);
    }
  });
}

/** A table whose writes are announced with the part of the service they change. */
export interface ScopedTable {
  table: string;
  /** The scope's kind, as in `business:42`. */
  scope: string;
  /**
   * SQL giving a changed row's scope key, with `$row` standing for the row (`$row.business_id`,
   * or a lookup from it); a null key announces the whole schema.
   */
  keyOf: string;
  /**
   * `keyOf` looks the key up on the row's owner (its review), a row of a table announced by part
   * whose deletion cascades to this one. A row deleted with its owner finds no owner, and
   * announces nothing: the owner's deletion announced the part. Else each of them announced the
   * whole schema, and anyone who may delete what they wrote ended every kept answer of the
   * service at that rate.
   */
  owned?: boolean;
}

const scopedFunction = (table: string) => `tc_announce_${table}`;

/** The body of `table`'s scoped trigger function, as Postgres keeps it (`prosrc`). */
function scopedSource({ scope, keyOf, owned = false }: ScopedTable): string {
  const key = (row: 'new' | 'old') => keyOf.replaceAll('$row', row);
  // A row of no known part (a lookup that finds nothing) is announced as the whole schema.
  const notify = (row: 'new' | 'old') => `
           key := ${key(row)};
           perform pg_notify('${CHANGE_CHANNEL}',
                             tg_table_schema || coalesce(' ${scope}:' || key, ''));`;
  // An owned row deleted without its owner went with it (see `owned`).
  const before = owned
    ? `
           key := ${key('old')};
           if key is not null or tg_op = 'UPDATE' then
             perform pg_notify('${CHANGE_CHANNEL}',
                               tg_table_schema || coalesce(' ${scope}:' || key, ''));
           end if;`
    : notify('old');
  return `
       declare key text;
       begin
         if tg_op <> 'INSERT' then ${before}
         end if;
         if tg_op <> 'DELETE' then ${notify('new')}
         end if;
         return null;
       end `;
}

async function createScopedFunction(db: Knex, schema: string, part: ScopedTable): Promise<void> {
  if (!/^[a-z_][a-z0-9_]*$/.test(part.scope)) throw new Error(`bad scope ${part.scope}`);
  await db.raw(
    `create or replace function ??.?? () returns trigger language plpgsql
       set search_path from current as $$${scopedSource(part)}$$`,
    [schema, scopedFunction(part.table)],
  );
}

/**
 * Announces each row written to `table` as `<schema> <scope>:<key>` instead of the schema alone
 * (a truncate still announces the schema): a reader that keeps one part of a service (one
 * business's reviews) keeps it through writes to other parts. A row trigger, as
 * `announceChanges`' are; each distinct payload is delivered once per transaction, at commit.
 * The table's trigger is named as `announceChanges`' is, which leaves it alone unless told the
 * tables announced by part (`AnnounceOptions.scoped`: the service's start, which puts it back if
 * it was lost). `keyOf` must not read anything the writes it announces can leave stale.
 */
export async function announceScopedChanges(
  db: Knex,
  schema: string,
  part: ScopedTable,
): Promise<void> {
  await createScopedFunction(db, schema, part);
  await replaceRowTrigger(db, schema, part.table, scopedFunction(part.table), true);
  // Its truncate trigger, and every other table's triggers.
  await announceChanges(db, schema);
}

/** The schema a migration runs in (the service's own, as `createDb` sets its search path). */
async function schemaOf(db: Knex): Promise<string> {
  const { rows } = await db.raw<{ rows: { schema: string }[] }>(
    'select current_schema() as schema',
  );
  return rows[0]!.schema;
}

/**
 * The migration that announces `tables` by scope (`announceScopedChanges`), and, rolled back,
 * as the whole service again.
 */
export function scopedChangesMigration(name: string, tables: readonly ScopedTable[]): Migration {
  return {
    name,
    async up(db: Knex) {
      const schema = await schemaOf(db);
      for (const table of tables) await announceScopedChanges(db, schema, table);
    },
    async down(db: Knex) {
      const schema = await schemaOf(db);
      for (const { table } of tables) {
        await db.raw('drop trigger if exists ?? on ??.??', [TRIGGER, schema, table]);
        await db.raw('drop function if exists ??.??()', [schema, scopedFunction(table)]);
      }
      await announceChanges(db, schema);
    },
  };
}

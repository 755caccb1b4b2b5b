import type { Knex } from './db';

/**
 * The Postgres channel on which every service's committed writes are announced, the payload
 * the service's schema (its name). The gateway keeps answers it knows to be current until it
 * hears of a change to the service that gave them (gateway/src/kept-answers.ts).
 */
export const CHANGE_CHANNEL = 'tc_changed';

/** Tables whose rows no read answers: the events' and mails' own bookkeeping. */
export const UNANNOUNCED_TABLES = [
  'knex_migrations',
  'knex_migrations_lock',
  'outbox',
  'inbox',
  'mail_queue',
];

const TRIGGER = 'tc_changed';

/**
 * Gives every table of `schema` (but the bookkeeping above) a statement trigger that NOTIFYs
 * CHANGE_CHANNEL with the schema's name. A trigger, not a call in each store, because the
 * announcement must cover every write, from any code path (routes, event consumers, jobs, a
 * migration, an operator's SQL), and NOTIFY is transactional: it is delivered at commit, once
 * per transaction however many statements ran, and never after a rollback. Tables added by
 * later migrations get theirs at the next start; tables that have one are left alone, so a
 * start takes no lock on them.
 */
export async function announceChanges(db: Knex, schema: string): Promise<void> {
  await db.raw(
    `create or replace function ??.tc_announce_change() returns trigger
       language plpgsql as $$
       begin
         perform pg_notify('${CHANGE_CHANNEL}', tg_table_schema);
         return null;
       end $$`,
    [schema],
  );
  const { rows } = await db.raw<{ rows: { name: string }[] }>(
    `select c.relname as name
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = ? and c.relkind in ('r', 'p') and not c.relispartition
        and c.relname <> all(?::text[])
        and not exists (select 1 from pg_trigger t where t.tgrelid = c.oid and t.tgname = ?)`,
    [schema, UNANNOUNCED_TABLES, TRIGGER],
  );
  for (const { name } of rows) {
    await db.raw(
      `create trigger ?? after insert or update or delete or truncate on ??.??
         for each statement execute function ??.tc_announce_change()`,
      [TRIGGER, schema, name, schema],
    );
  }
}

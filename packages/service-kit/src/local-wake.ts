import { afterCommit } from './after-commit';
import type { Knex } from './db';

/**
 * Wake-ups, inside this process, of the background worker that carries a committed write on
 * (the outbox relay, the mail relay), named `<kind>_<schema>` (`outbox_reviews`).
 *
 * They were Postgres NOTIFYs, heard on a LISTEN connection. Postgres (15, as this project runs it) signals every
 * backend LISTENing in the database at each commit that notifies, whatever the channel: with
 * six processes each LISTENing, a new review's four notifying commits woke 24 backends, most of
 * them to read a notice for someone else (about 2.5 ms of their CPU a new review on the bench VM,
 * docs/performance.md, "Thirty-fourth session"). The process that wrote the row runs the worker
 * for it, so it wakes its own; a write from anywhere else (another replica's, a script's, an
 * operator's SQL) is found by the worker's poll, as one missed while LISTEN was down was.
 */
const sleepers = new Map<string, Set<() => void>>();

/** Calls `wake` whenever `name` is woken in this process, until the answer is called. */
export function onLocalWake(name: string, wake: () => void): () => void {
  let set = sleepers.get(name);
  if (!set) {
    set = new Set();
    sleepers.set(name, set);
  }
  set.add(wake);
  return () => {
    set.delete(wake);
    if (set.size === 0 && sleepers.get(name) === set) sleepers.delete(name);
  };
}

export function localWake(name: string): void {
  for (const wake of sleepers.get(name) ?? []) wake();
}

/** The schema `db`'s unqualified names resolve in (createDb's `searchPath`). */
export function schemaOfDb(db: Knex): string {
  const searchPath = (db.client as { config: Knex.Config }).config.searchPath;
  const first = Array.isArray(searchPath) ? searchPath[0] : searchPath;
  return typeof first === 'string' && first !== '' ? first : 'public';
}

/**
 * Wakes `<kind>_<schema of db>` once what `db` wrote is committed: after the commit of the
 * transaction `db` is (never after a rollback), at once for an autocommitted statement.
 */
export function wakeAfterCommit(db: Knex, kind: string): void {
  const name = `${kind}_${schemaOfDb(db)}`;
  if (db.isTransaction) afterCommit(db as Knex.Transaction, () => localWake(name));
  else localWake(name);
}

import { createDb, type DbOptions, type Knex } from './db';

export interface DatabasePools {
  /** The service's pool: requests, consumers, everything else (`poolMax` connections). */
  db: Knex;
  /** The outbox relay's own connection, or `db` itself. */
  relayDb: Knex;
}

/**
 * The service's pools. Under overload tens of requests wait for a connection (the mixed bench),
 * and the relay's round, every event's first step, queued behind all of them: a new review
 * reached catalog in 69–75 ms at the median. On a connection of its own the relay never waits:
 * 6–7 ms, the 99th percentile no worse (docs/performance.md, twentieth session). Consumers stay
 * on the shared pool: on a pool of their own (4 or 8) catalog's queued behind each other and
 * the 99th percentile doubled.
 */
export function createDatabasePools(
  options: DbOptions & { poolMax: number; ownRelay: boolean },
): DatabasePools {
  const { ownRelay, ...shared } = options;
  const db = createDb(shared);
  if (!ownRelay) return { db, relayDb: db };
  // The relay's commits need not wait for their WAL flush: a round lost in a crash puts its
  // rows back, and their events go out again, dropped by JetStream's duplicate window and the
  // consumers' inboxes. Its rounds no longer wait on the disk.
  const settings = { ...shared.settings, synchronous_commit: 'off' };
  return { db, relayDb: createDb({ ...shared, poolMax: 1, settings }) };
}

import type { Knex, Migration } from '@trustcircle/service-kit';

/**
 * The limit counters are written by every write under `/api` and kept for a window of minutes:
 * an unlogged table writes them without WAL, so a spend's commit waits for no WAL flush
 * (Postgres 67–97 µs of CPU and 0.2–0.4 ms a spend, against 217–233 µs and 1.0–1.2 ms logged;
 * docs/performance.md, "Twenty-third session"). What that gives up: after a Postgres crash (not
 * a clean restart) or a failover to a replica the table starts empty, every window anew
 * (docs/security.md, "Limits").
 */
export const unlogRateLimits: Migration = {
  name: '007_rate_limits_unlogged',
  async up(db: Knex) {
    await db.raw('alter table rate_limits set unlogged');
  },
  async down(db: Knex) {
    await db.raw('alter table rate_limits set logged');
  },
};

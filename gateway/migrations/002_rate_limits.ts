import type { Knex, Migration } from '@trustcircle/service-kit';

/**
 * Fixed-window counters for every limit (docs/security.md, "Limits"): shared by all gateway
 * replicas and kept across restarts, unlike the per-process memory they replace.
 */
export const createRateLimits: Migration = {
  name: '002_rate_limits',
  async up(db: Knex) {
    await db.schema.createTable('rate_limits', (t) => {
      t.text('key').primary();
      // bigint: photo byte budgets count bytes.
      t.bigInteger('points').notNullable();
      t.timestamp('expires_at', { useTz: true }).notNullable().index();
    });
  },
  async down(db: Knex) {
    await db.schema.dropTable('rate_limits');
  },
};

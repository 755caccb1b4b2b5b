import type { Knex, Migration } from '../db';

/**
 * The transactional outbox (design §3): an event row commits with the domain write that caused
 * it. `seq` keeps publication in commit-ish order; `id` is the envelope id and the JetStream
 * `Nats-Msg-Id`, so a row published twice is stored once by the stream.
 */
export const outboxMigration: Migration = {
  name: 'events_001_outbox',
  async up(db: Knex) {
    await db.schema.createTable('outbox', (t) => {
      t.bigIncrements('seq').primary();
      t.uuid('id').notNullable().unique();
      t.text('subject').notNullable();
      t.jsonb('envelope').notNullable();
      t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(db.fn.now());
    });
  },
  async down(db: Knex) {
    await db.schema.dropTable('outbox');
  },
};

/**
 * Event ids a consumer has applied, written in the handler's transaction: a redelivered or
 * re-published event finds its id here and changes nothing.
 */
export const inboxMigration: Migration = {
  name: 'events_002_inbox',
  async up(db: Knex) {
    await db.schema.createTable('inbox', (t) => {
      t.text('consumer').notNullable();
      t.uuid('event_id').notNullable();
      t.timestamp('processed_at', { useTz: true }).notNullable().defaultTo(db.fn.now());
      t.primary(['consumer', 'event_id']);
      t.index(['processed_at']);
    });
  },
  async down(db: Knex) {
    await db.schema.dropTable('inbox');
  },
};

/**
 * The W3C trace context (`traceparent`, `tracestate`) active when the event was written, so the
 * relay's publish and the consumers' work join the trace of the request that caused it. Null
 * where nothing was traced (tracing off, or rows written by SQL functions).
 */
export const outboxTraceMigration: Migration = {
  name: 'events_003_outbox_trace',
  async up(db: Knex) {
    await db.schema.alterTable('outbox', (t) => {
      t.text('traceparent').nullable();
      t.text('tracestate').nullable();
    });
  },
  async down(db: Knex) {
    await db.schema.alterTable('outbox', (t) => {
      t.dropColumn('traceparent');
      t.dropColumn('tracestate');
    });
  },
};

/** Append to a service's migration list: `[...ownMigrations, ...eventMigrations]`. */
export const eventMigrations: Migration[] = [outboxMigration, inboxMigration, outboxTraceMigration];

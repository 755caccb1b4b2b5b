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

/**
 * The relay's take (outbox-store.ts `take`) as a function, so that a round can open with it:
 * `BEGIN; select * from outbox_take(n)` in one simple query, one round trip fewer a round. A
 * plpgsql function plans its statement once per connection, where the statement sent as
 * text was planned on every round (more of Postgres' time than the round trip saved).
 */
export const outboxTakeMigration: Migration = {
  name: 'events_004_outbox_take',
  async up(db: Knex) {
    await db.raw(`
      create or replace function outbox_take(batch integer)
        returns table (granted boolean, seq bigint, id uuid, subject text, envelope jsonb,
                       traceparent text, tracestate text, created_at timestamptz)
        language plpgsql as $$
      #variable_conflict use_column
      begin
        return query
          with locked as materialized (
            select pg_try_advisory_xact_lock(hashtext('trustcircle.outbox.' || current_schema()))
                   as granted),
          taken as (
            delete from outbox
             where (select granted from locked)
               and seq <= (select max(seq) from (select seq from outbox order by seq limit batch)
                             as oldest)
            returning seq, id, subject, envelope, traceparent, tracestate, created_at)
          select locked.granted, taken.seq, taken.id, taken.subject, taken.envelope,
                 taken.traceparent, taken.tracestate, taken.created_at
            from locked left join taken on true;
      end $$`);
  },
  async down(db: Knex) {
    await db.raw('drop function outbox_take(integer)');
  },
};

/** Append to a service's migration list: `[...ownMigrations, ...eventMigrations]`. */
export const eventMigrations: Migration[] = [
  outboxMigration,
  inboxMigration,
  outboxTraceMigration,
  outboxTakeMigration,
];

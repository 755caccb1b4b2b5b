import type { Knex, Migration } from '@trustcircle/service-kit';
import { createHelpfulVote } from './005_helpful_vote';

/**
 * Helpful votes move to the TypeScript domain (domain/votes.ts: one knex transaction with
 * service-kit's zod-checked `publish`), so the PL/pgSQL toggle of migration 005 goes; the read
 * views of migration 004 never showed the counter, so their triggers are untouched.
 *
 * `vote_keys` remembers each `Idempotency-Key` of the helpful toggle with its first answer.
 * Its primary key is what makes a key apply once: a second request with the same key inserts
 * the same row, waits for the first one's transaction, and then finds its answer.
 */
export const createVotesInDomain: Migration = {
  name: '009_votes_in_domain',
  async up(db: Knex) {
    await db.raw('drop function toggle_helpful_vote(integer, integer, jsonb)');
    await db.schema.createTable('vote_keys', (t) => {
      t.integer('user_id').notNullable();
      t.text('key').notNullable();
      t.integer('review_id').notNullable();
      t.boolean('voted');
      t.integer('helpful_count');
      t.timestamp('expires_at', { useTz: true }).notNullable();
      t.primary(['user_id', 'key']);
    });
    await db.raw('create index vote_keys_expires_idx on vote_keys (expires_at)');
  },
  async down(db: Knex) {
    await db.schema.dropTable('vote_keys');
    await createHelpfulVote.up(db);
  },
};

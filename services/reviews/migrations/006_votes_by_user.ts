import type { Knex, Migration } from '@trustcircle/service-kit';

/**
 * A reader's votes by user. Every page answers `hasVoted` for the reader; without this index
 * the planner's generic plan for a page hashed the reader's votes out of a sequential scan of
 * every vote (0.23 ms per page at 5,400 votes, growing with the table); with it, an index range
 * of the reader's own votes (0.02 ms).
 */
export const createVotesByUser: Migration = {
  name: '006_votes_by_user',
  async up(db: Knex) {
    await db.raw(
      'create index helpful_votes_user_review_idx on helpful_votes (user_id, review_id)',
    );
  },
  async down(db: Knex) {
    await db.raw('drop index helpful_votes_user_review_idx');
  },
};

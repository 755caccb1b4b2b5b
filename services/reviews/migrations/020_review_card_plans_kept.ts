import type { Knex, Migration } from '@trustcircle/service-kit';
import { reviewCardFunction } from './011_author_verified_at';

/**
 * `review_card` as PL/pgSQL: the same statement, its plan kept by each connection. As a SQL
 * function with its own search_path it cannot be inlined, and Postgres 15 parses and plans a
 * SQL function's statement again in every statement that calls it: every trigger that renders
 * a card (a new review, again when its groups are tagged, an edit, a rename) planned the
 * card's four sub-selects again. On the scale data a new review's insert and its tags took
 * 4.2 ms of Postgres with the SQL function and 1.4 ms with this one (docs/performance.md).
 */
export const keepReviewCardPlans: Migration = {
  name: '020_review_card_plans_kept',
  async up(db: Knex) {
    await db.raw(reviewCardFunction(true, true, true, true));
  },
  async down(db: Knex) {
    await db.raw(reviewCardFunction(true, true, true));
  },
};

import type { Knex, Migration } from '@trustcircle/service-kit';

/**
 * A business's group scores are read most reviews first: the detail's first few, and the
 * Communities tab page by page. The most-reviewed businesses have scores in hundreds of groups.
 */
export const orderGroupScores: Migration = {
  name: '007_group_scores_order',
  async up(db: Knex) {
    await db.raw(
      `create index business_group_scores_order
         on business_group_scores (business_id, review_count desc, group_id)`,
    );
  },
  async down(db: Knex) {
    await db.raw('drop index business_group_scores_order');
  },
};

import type { Knex, Migration } from '@trustcircle/service-kit';

/**
 * A feed page looks first among the tags of the newest reviews (reviews-store `feedPage`): one
 * backward range of this index, filtered by the member's groups, where each of the member's
 * groups cost an index range of its own (20 groups: about 1.2 ms of Postgres a page). The group
 * rides in the index, so the range never reads the table.
 */
export const createFeedRecentTags: Migration = {
  name: '021_feed_recent_tags',
  async up(db: Knex) {
    await db.raw(
      'create index review_tags_recent_idx on review_tags (review_id) include (group_id) where not hidden',
    );
  },
  async down(db: Knex) {
    await db.raw('drop index review_tags_recent_idx');
  },
};

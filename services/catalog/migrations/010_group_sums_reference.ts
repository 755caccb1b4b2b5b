import type { Knex, Migration } from '@trustcircle/service-kit';

/**
 * The time a business's group sums are relative to (docs/trust-score.md): a newer review no
 * longer rescales every group row of its business, only its own groups' rows move. Null, as every
 * row written before, means the business's own decay reference (`score_newest_at`).
 */
export const referenceGroupSums: Migration = {
  name: '010_group_sums_reference',
  async up(db: Knex) {
    await db.raw('alter table businesses add column group_sums_at timestamptz');
  },
  async down(db: Knex) {
    await db.raw('alter table businesses drop column group_sums_at');
  },
};

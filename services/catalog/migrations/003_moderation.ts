import type { Knex, Migration } from '@trustcircle/service-kit';

/**
 * Issue 15: reviews written from accounts younger than 7 days weigh less (review events carry
 * `authorNewAccount`), and a business shows reviews' unusual-activity flag.
 */
export const createModerationProjections: Migration = {
  name: '003_moderation',
  async up(db: Knex) {
    await db.raw(
      'alter table review_facts add column author_new_account boolean not null default false',
    );
    // The recompute's covering index carries every input of the formula.
    await db.raw('drop index review_facts_business_counted');
    await db.raw(`
      create index review_facts_business_counted on review_facts (business_id)
        include (rating, helpful_count, author_verified, author_new_account, created_at, group_ids)
        where rating is not null and not hidden`);

    // `reviews.activity.changed`: one row per business ever flagged, the newest version kept.
    await db.schema.createTable('business_activity', (t) => {
      t.integer('business_id').primary();
      t.timestamp('since', { useTz: true });
      t.integer('review_count');
      t.boolean('flagged').notNullable();
      t.integer('version').notNullable();
    });
  },
  async down(db: Knex) {
    await db.schema.dropTable('business_activity');
    await db.raw('drop index review_facts_business_counted');
    await db.raw(`
      create index review_facts_business_counted on review_facts (business_id)
        include (rating, helpful_count, author_verified, created_at, group_ids)
        where rating is not null and not hidden`);
    await db.raw('alter table review_facts drop column author_new_account');
  },
};

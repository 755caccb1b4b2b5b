import type { Knex, Migration } from '@trustcircle/service-kit';

/** What reviews owns (design §2): reviews, their group tags, helpful votes, reports. */
export const createReviews: Migration = {
  name: '002_reviews',
  async up(db: Knex) {
    await db.schema.createTable('reviews', (t) => {
      t.increments('id').primary();
      t.integer('user_id').notNullable();
      t.integer('business_id').notNullable();
      t.smallint('rating').notNullable();
      t.text('content').notNullable();
      t.text('pros').notNullable().defaultTo('');
      t.text('cons').notNullable().defaultTo('');
      t.specificType('photos', 'text[]').notNullable().defaultTo('{}');
      t.integer('helpful_count').notNullable().defaultTo(0);
      t.boolean('hidden').notNullable().defaultTo(false);
      t.integer('version').notNullable().defaultTo(1);
      t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(db.fn.now());
      t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(db.fn.now());
    });
    await db.raw(
      'alter table reviews add constraint reviews_rating_check check (rating between 1 and 5)',
    );
    await db.raw(
      'alter table reviews add constraint reviews_helpful_count_check check (helpful_count >= 0)',
    );
    // One review per user per business; hidden ones still count.
    await db.raw(
      'alter table reviews add constraint reviews_user_business_key unique (user_id, business_id)',
    );
    // Lists are newest first by id (keyset paging on id, design §5); hidden reviews never listed.
    await db.raw(
      'create index reviews_business_idx on reviews (business_id, id desc) where not hidden',
    );
    await db.raw('create index reviews_user_idx on reviews (user_id, id desc) where not hidden');

    await db.schema.createTable('review_tags', (t) => {
      t.increments('id').primary();
      t.integer('review_id').notNullable().references('id').inTable('reviews').onDelete('CASCADE');
      t.integer('group_id').notNullable();
      // A copy of the review's flag, so a group's list is one index range.
      t.boolean('hidden').notNullable().defaultTo(false);
      t.unique(['review_id', 'group_id'], { indexName: 'review_tags_review_group_key' });
    });
    await db.raw(
      'create index review_tags_group_idx on review_tags (group_id, review_id desc) where not hidden',
    );

    await db.schema.createTable('helpful_votes', (t) => {
      t.bigIncrements('id').primary();
      t.integer('user_id').notNullable();
      t.integer('review_id').notNullable().references('id').inTable('reviews').onDelete('CASCADE');
      t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(db.fn.now());
      t.unique(['review_id', 'user_id'], { indexName: 'helpful_votes_review_user_key' });
    });

    await db.schema.createTable('review_reports', (t) => {
      t.increments('id').primary();
      t.integer('review_id').notNullable().references('id').inTable('reviews').onDelete('CASCADE');
      t.integer('user_id').notNullable();
      t.text('reason').notNullable();
      t.text('details');
      t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(db.fn.now());
      t.unique(['review_id', 'user_id'], { indexName: 'review_reports_review_user_key' });
    });
  },
  async down(db: Knex) {
    for (const table of ['review_reports', 'helpful_votes', 'review_tags', 'reviews']) {
      await db.schema.dropTable(table);
    }
  },
};

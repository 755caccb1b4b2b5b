import type { Knex, Migration } from '@trustcircle/service-kit';

/**
 * Projections fed by other services' events (design §2): user display fields for group
 * creators, and each review's group tags, so `review_count` stays exact under redelivery,
 * reordering, tag changes and hiding.
 */
export const createProjections: Migration = {
  name: '002_projections',
  async up(db: Knex) {
    await db.schema.createTable('users', (t) => {
      t.integer('id').primary();
      t.text('username').notNullable();
      t.text('name').notNullable();
      t.integer('version').notNullable();
    });

    // One row per review seen: the newest version applied and whether it is hidden.
    await db.schema.createTable('reviews', (t) => {
      t.integer('id').primary();
      t.integer('version').notNullable();
      t.boolean('hidden').notNullable().defaultTo(false);
    });
    // The (review, group) pairs currently counted in groups.review_count.
    await db.schema.createTable('review_groups', (t) => {
      t.integer('review_id').notNullable().references('id').inTable('reviews').onDelete('CASCADE');
      t.integer('group_id').notNullable().references('id').inTable('groups').onDelete('CASCADE');
      t.primary(['review_id', 'group_id']);
      t.index(['group_id']);
    });
  },
  async down(db: Knex) {
    await db.schema.dropTable('review_groups');
    await db.schema.dropTable('reviews');
    await db.schema.dropTable('users');
  },
};

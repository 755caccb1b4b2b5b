import type { Knex, Migration } from '@trustcircle/service-kit';

/**
 * Owners' replies to reviews and the owners they come from (issue 18). A review has at most one
 * reply; a deleted reply keeps its row (text cleared, `deleted_at` set) so the reply's `version`
 * goes on growing when an owner writes again, and events about it stay ordered. Owners are
 * catalog's, projected from `catalog.owner.approved`.
 */
export const createReplies: Migration = {
  name: '016_replies',
  async up(db: Knex) {
    await db.schema.createTable('business_owners', (t) => {
      t.integer('business_id').notNullable();
      t.integer('user_id').notNullable();
      t.timestamp('approved_at', { useTz: true }).notNullable();
      t.primary(['business_id', 'user_id']);
      t.index(['user_id']);
    });
    await db.schema.createTable('review_replies', (t) => {
      t.integer('review_id').primary().references('id').inTable('reviews').onDelete('CASCADE');
      t.integer('user_id').notNullable();
      t.text('body').notNullable();
      t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(db.fn.now());
      t.timestamp('edited_at', { useTz: true });
      t.timestamp('deleted_at', { useTz: true });
      t.integer('version').notNullable().defaultTo(1);
      t.index(['user_id']);
    });
  },
  async down(db: Knex) {
    await db.schema.dropTable('review_replies');
    await db.schema.dropTable('business_owners');
  },
};

import type { Knex, Migration } from '@trustcircle/service-kit';

/** Business names (catalog's events), so a review notification names its business. */
export const createBusinesses: Migration = {
  name: '003_businesses',
  async up(db: Knex) {
    await db.schema.createTable('businesses', (t) => {
      t.integer('id').primary();
      t.text('name').notNullable();
      t.integer('version').notNullable();
    });
  },
  async down(db: Knex) {
    await db.schema.dropTable('businesses');
  },
};

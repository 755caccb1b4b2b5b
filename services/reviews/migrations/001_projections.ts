import type { Knex, Migration } from '@trustcircle/service-kit';

/**
 * Local copies of what reviews needs from other services (design §2), fed by their events.
 * Each row keeps the source's `version` (memberships: the time of the change) so an older
 * event never overwrites a newer one.
 */
export const createProjections: Migration = {
  name: '001_projections',
  async up(db: Knex) {
    await db.schema.createTable('users', (t) => {
      t.integer('id').primary();
      t.text('username').notNullable();
      t.text('name').notNullable();
      t.text('avatar');
      t.boolean('is_verified').notNullable().defaultTo(false);
      t.integer('version').notNullable();
    });
    await db.schema.createTable('businesses', (t) => {
      t.integer('id').primary();
      t.text('name').notNullable();
      t.text('category').notNullable();
      t.integer('version').notNullable();
    });
    await db.schema.createTable('groups', (t) => {
      t.integer('id').primary();
      t.text('name').notNullable();
      t.integer('version').notNullable();
    });
    await db.schema.createTable('memberships', (t) => {
      t.integer('user_id').notNullable();
      t.integer('group_id').notNullable();
      t.boolean('member').notNullable();
      t.timestamp('changed_at', { useTz: true }).notNullable();
      t.primary(['user_id', 'group_id']);
    });
  },
  async down(db: Knex) {
    for (const table of ['memberships', 'groups', 'businesses', 'users']) {
      await db.schema.dropTable(table);
    }
  },
};

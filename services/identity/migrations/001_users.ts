import type { Knex, Migration } from '@trustcircle/service-kit';

export const createUsers: Migration = {
  name: '001_users',
  async up(db: Knex) {
    await db.schema.createTable('users', (t) => {
      t.increments('id').primary();
      t.text('username').notNullable();
      t.text('email').notNullable();
      t.text('name').notNullable();
      t.text('bio');
      t.text('avatar');
      t.text('password_hash').notNullable();
      t.boolean('is_verified').notNullable().defaultTo(false);
      t.text('clear_me_id');
      t.integer('version').notNullable().defaultTo(1);
      t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(db.fn.now());
      t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(db.fn.now());
    });
    // Uniqueness regardless of letter case; also the lookup path for login.
    await db.raw('create unique index users_username_lower_key on users (lower(username))');
    await db.raw('create unique index users_email_lower_key on users (lower(email))');
  },
  async down(db: Knex) {
    await db.schema.dropTable('users');
  },
};

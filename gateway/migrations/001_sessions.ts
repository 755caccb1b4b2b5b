import type { Knex, Migration } from '@trustcircle/service-kit';

export const createSessions: Migration = {
  name: '001_sessions',
  async up(db: Knex) {
    await db.schema.createTable('sessions', (t) => {
      // SHA-256 of the cookie value: a leaked table does not hand out live sessions.
      t.text('id_hash').primary();
      t.integer('user_id').notNullable().index();
      t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(db.fn.now());
      t.timestamp('last_seen_at', { useTz: true }).notNullable().defaultTo(db.fn.now());
      t.timestamp('idle_expires_at', { useTz: true }).notNullable();
      t.timestamp('absolute_expires_at', { useTz: true }).notNullable().index();
      t.text('user_agent');
    });
  },
  async down(db: Knex) {
    await db.schema.dropTable('sessions');
  },
};

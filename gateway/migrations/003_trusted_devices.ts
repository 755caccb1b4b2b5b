import type { Knex, Migration } from '@trustcircle/service-kit';

/**
 * Browsers that signed in to an account before (OWASP device cookies): their failed sign-ins
 * spend their own budget, so a stranger's guessing cannot lock the owner out.
 */
export const createTrustedDevices: Migration = {
  name: '003_trusted_devices',
  async up(db: Knex) {
    await db.schema.createTable('trusted_devices', (t) => {
      // SHA-256 of the cookie value, as for sessions.
      t.text('id_hash').primary();
      t.integer('user_id').notNullable().index();
      t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(db.fn.now());
      t.timestamp('expires_at', { useTz: true }).notNullable().index();
    });
  },
  async down(db: Knex) {
    await db.schema.dropTable('trusted_devices');
  },
};

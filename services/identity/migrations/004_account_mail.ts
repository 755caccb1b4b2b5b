import { mailQueueMigration, type Knex, type Migration } from '@trustcircle/service-kit';

/**
 * Issue 19: confirmed e-mail addresses, single-use tokens for password resets and address
 * confirmations (only their SHA-256 stored), and the mail queue they are sent through.
 *
 * `pending_email`: an address typed at sign-up that belongs to another account. The new account
 * is created all the same (sign-up must not tell whether an address is registered) but does not
 * own the address: it cannot sign in, reset or confirm with it, and `email` stays null.
 */
export const accountMail: Migration = {
  name: '004_account_mail',
  async up(db: Knex) {
    await db.schema.alterTable('users', (t) => {
      t.timestamp('email_confirmed_at', { useTz: true });
      t.text('pending_email');
      t.setNullable('email');
    });
    await db.raw(
      `alter table users add constraint users_email_or_pending
         check (email is not null or pending_email is not null)`,
    );
    await db.schema.createTable('account_tokens', (t) => {
      t.bigIncrements('id').primary();
      t.integer('user_id').notNullable().references('id').inTable('users').onDelete('CASCADE');
      t.text('purpose').notNullable();
      t.text('token_hash').notNullable().unique();
      /** The address an e-mail confirmation confirms (the account's address when sent). */
      t.text('email');
      t.timestamp('expires_at', { useTz: true }).notNullable();
      t.timestamp('used_at', { useTz: true });
      t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(db.fn.now());
      t.index(['user_id', 'purpose', 'created_at']);
    });
    await db.raw(
      `alter table account_tokens add constraint account_tokens_purpose
         check (purpose in ('password_reset', 'email_confirmation'))`,
    );
    await mailQueueMigration.up(db);
  },
  async down(db: Knex) {
    await mailQueueMigration.down?.(db);
    await db.schema.dropTable('account_tokens');
    await db.raw('alter table users drop constraint users_email_or_pending');
    await db.schema.alterTable('users', (t) => {
      t.dropColumn('pending_email');
      t.dropColumn('email_confirmed_at');
    });
  },
};

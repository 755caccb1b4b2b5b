import type { Knex, Migration } from '@trustcircle/service-kit';

/**
 * Issue 19: e-mail change links. `account_tokens.email` holds the new address the link makes the
 * account's; the address itself changes only when the link is opened.
 */
export const emailChange: Migration = {
  name: '005_email_change',
  async up(db: Knex) {
    await db.raw('alter table account_tokens drop constraint account_tokens_purpose');
    await db.raw(
      `alter table account_tokens add constraint account_tokens_purpose
         check (purpose in ('password_reset', 'email_confirmation', 'email_change'))`,
    );
  },
  async down(db: Knex) {
    await db('account_tokens').where({ purpose: 'email_change' }).delete();
    await db.raw('alter table account_tokens drop constraint account_tokens_purpose');
    await db.raw(
      `alter table account_tokens add constraint account_tokens_purpose
         check (purpose in ('password_reset', 'email_confirmation'))`,
    );
  },
};

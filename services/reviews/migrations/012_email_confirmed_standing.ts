import type { Knex, Migration } from '@trustcircle/service-kit';

/**
 * A confirmed e-mail address is part of a member's standing (issue 19): the users projection
 * keeps identity's `emailConfirmedAt`, and each report records whether its reporter had one,
 * like it records verification. Existing rows stay unconfirmed until identity's next event
 * for the user (or `npm run reconcile -- --fix`).
 */
export const createEmailConfirmedStanding: Migration = {
  name: '012_email_confirmed_standing',
  async up(db: Knex) {
    await db.raw('alter table users add column email_confirmed_at timestamptz');
    await db.raw(
      'alter table review_reports add column reporter_email_confirmed boolean not null default false',
    );
  },
  async down(db: Knex) {
    await db.raw('alter table review_reports drop column reporter_email_confirmed');
    await db.raw('alter table users drop column email_confirmed_at');
  },
};

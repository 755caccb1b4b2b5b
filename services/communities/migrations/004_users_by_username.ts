import type { Knex, Migration } from '@trustcircle/service-kit';

/** A profile's groups (issue 18) find their member by username, in any letter case. */
export const usersByUsername: Migration = {
  name: '004_users_by_username',
  async up(db: Knex) {
    await db.raw('create index users_username_lower_idx on users (lower(username))');
  },
  async down(db: Knex) {
    await db.raw('drop index users_username_lower_idx');
  },
};

import type { Knex, Migration } from '@trustcircle/service-kit';

/**
 * Who follows whom (issue 18), projected from social's `social.follow.created|removed`: the
 * "following" feed and a business's reviews by people the viewer follows. A pair keeps its
 * state and the time of the change that set it, so reordered events cannot undo a newer one.
 * With the indexes the other reads need (profiles by username, people to follow).
 */
export const createFollows: Migration = {
  name: '015_follows',
  async up(db: Knex) {
    await db.schema.createTable('follows', (t) => {
      t.integer('follower_id').notNullable();
      t.integer('followee_id').notNullable();
      t.boolean('following').notNullable();
      t.timestamp('changed_at', { useTz: true }).notNullable();
      t.primary(['follower_id', 'followee_id']);
    });
    // Whom a viewer follows (the feed's and the filter's probe), and a leaver's rows.
    await db.raw(
      'create index follows_followee_idx on follows (followee_id, follower_id) where following',
    );
    // A profile's reviews: its member by username, in any letter case.
    await db.raw('create index users_username_lower_idx on users (lower(username))');
    // "People to follow": the members of a viewer's groups.
    await db.raw(
      'create index memberships_group_idx on memberships (group_id, user_id) where member',
    );
  },
  async down(db: Knex) {
    await db.schema.dropTable('follows');
  },
};

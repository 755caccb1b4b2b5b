import type { Knex, Migration } from '@trustcircle/service-kit';

/**
 * Follows (social's own data) and the users projection fed by identity's events (design §10).
 * A deleted user's row stays as a tombstone (no name, `deleted_at` set) carrying the deletion's
 * version, so an older `identity.user.updated` delivered late cannot bring the user back.
 */
export const createSocial: Migration = {
  name: '001_social',
  async up(db: Knex) {
    await db.schema.createTable('users', (t) => {
      t.integer('id').primary();
      t.text('username').notNullable();
      t.text('name').notNullable();
      t.text('avatar');
      t.boolean('is_verified').notNullable().defaultTo(false);
      t.integer('version').notNullable();
      t.timestamp('deleted_at', { useTz: true });
    });
    // Profiles are addressed by username, in any letter case.
    await db.raw(
      'create index users_username_lower_idx on users (lower(username)) where deleted_at is null',
    );

    await db.schema.createTable('follows', (t) => {
      t.increments('id').primary();
      t.integer('follower_id').notNullable();
      t.integer('followee_id').notNullable();
      t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(db.fn.now());
      t.unique(['follower_id', 'followee_id'], { indexName: 'follows_pair_key' });
    });
    await db.raw(
      'alter table follows add constraint follows_not_self check (follower_id <> followee_id)',
    );
    // Followers and following lists, newest follow first, keyset-paged by follow id.
    await db.raw('create index follows_followee_idx on follows (followee_id, id desc)');
    await db.raw('create index follows_follower_idx on follows (follower_id, id desc)');

    // Reviews as far as notifications need them: whose review it is ("found helpful").
    await db.schema.createTable('reviews', (t) => {
      t.integer('id').primary();
      t.integer('user_id').notNullable();
      t.integer('business_id').notNullable();
      t.integer('version').notNullable();
    });
    await db.raw('create index reviews_user_idx on reviews (user_id)');
  },
  async down(db: Knex) {
    await db.schema.dropTable('reviews');
    await db.schema.dropTable('follows');
    await db.schema.dropTable('users');
  },
};

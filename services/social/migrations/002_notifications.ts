import type { Knex, Migration } from '@trustcircle/service-kit';

/**
 * Notifications, projections of others' events (issue 18). `id` comes from a sequence and is
 * the stream's `id:`: a grouped notification that grows takes a new one, so it is pushed again
 * and sorts first. `group_key` names the group ("review:12") while it is unread; `actor_id` is
 * the member a notification is about, so their leaving removes it.
 */
export const createNotifications: Migration = {
  name: '002_notifications',
  async up(db: Knex) {
    await db.schema.createTable('notifications', (t) => {
      t.bigIncrements('id').primary();
      t.integer('user_id').notNullable();
      t.text('kind').notNullable();
      t.jsonb('payload').notNullable();
      t.text('group_key');
      t.integer('actor_id');
      t.timestamp('read_at', { useTz: true });
      t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(db.fn.now());
    });
    // The list, newest first, and the stream's "after id" read.
    await db.raw('create index notifications_user_idx on notifications (user_id, id desc)');
    // The unread count.
    await db.raw(
      'create index notifications_unread_idx on notifications (user_id) where read_at is null',
    );
    // At most one unread notification per group: the target of the grouping upsert.
    await db.raw(
      `create unique index notifications_group_key on notifications (user_id, group_key)
       where read_at is null and group_key is not null`,
    );
    await db.raw('create index notifications_actor_idx on notifications (actor_id)');

    // Each person who found a review helpful counts once, however often they toggle.
    await db.schema.createTable('helpful_voters', (t) => {
      t.integer('review_id').notNullable();
      t.integer('voter_id').notNullable();
      t.primary(['review_id', 'voter_id']);
      t.index(['voter_id']);
    });

    // A kind switched off; no row means on.
    await db.schema.createTable('notification_preferences', (t) => {
      t.integer('user_id').notNullable();
      t.text('kind').notNullable();
      t.boolean('enabled').notNullable();
      t.primary(['user_id', 'kind']);
    });
  },
  async down(db: Knex) {
    await db.schema.dropTable('notification_preferences');
    await db.schema.dropTable('helpful_voters');
    await db.schema.dropTable('notifications');
  },
};

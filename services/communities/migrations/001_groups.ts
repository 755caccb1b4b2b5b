import type { Knex, Migration } from '@trustcircle/service-kit';

/**
 * Groups and memberships (spec §3). `member_count` and `review_count` are counters kept in the
 * same transaction as the rows they count, so reads never scan memberships or tags.
 */
export const createGroups: Migration = {
  name: '001_groups',
  async up(db: Knex) {
    await db.schema.createTable('groups', (t) => {
      t.increments('id').primary();
      t.text('name').notNullable();
      t.text('description').notNullable();
      t.text('icon').notNullable();
      t.text('color').notNullable();
      t.integer('creator_id').notNullable();
      t.integer('member_count').notNullable().defaultTo(0);
      t.integer('review_count').notNullable().defaultTo(0);
      t.integer('version').notNullable().defaultTo(1);
      t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(db.fn.now());
      t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(db.fn.now());
    });
    // Names are unique regardless of letter case.
    await db.raw('create unique index groups_name_lower_key on groups (lower(name))');
    await db.raw(
      'alter table groups add constraint groups_counts_nonnegative check (member_count >= 0 and review_count >= 0)',
    );

    await db.schema.createTable('group_members', (t) => {
      t.increments('id').primary();
      t.integer('group_id').notNullable().references('id').inTable('groups').onDelete('CASCADE');
      t.integer('user_id').notNullable();
      t.timestamp('joined_at', { useTz: true }).notNullable().defaultTo(db.fn.now());
      // The membership check and the join/leave path.
      t.unique(['group_id', 'user_id'], { indexName: 'group_members_group_user_key' });
    });
    // "My groups", newest membership first, keyset-paged by membership id.
    await db.raw('create index group_members_user_id_idx on group_members (user_id, id desc)');
  },
  async down(db: Knex) {
    await db.schema.dropTable('group_members');
    await db.schema.dropTable('groups');
  },
};

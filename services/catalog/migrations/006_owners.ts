import type { Knex, Migration } from '@trustcircle/service-kit';

/**
 * Business claims and owners (issue 18), and the names of the people behind them (identity's
 * events) for the moderators' queue and the "Owner" badges.
 */
export const createOwners: Migration = {
  name: '006_owners',
  async up(db: Knex) {
    await db.schema.createTable('people', (t) => {
      t.integer('id').primary();
      t.text('username').notNullable();
      t.text('name').notNullable();
      t.integer('version').notNullable();
    });
    await db.schema.createTable('business_claims', (t) => {
      t.increments('id').primary();
      t.integer('business_id').notNullable().references('id').inTable('businesses');
      t.integer('user_id').notNullable();
      t.text('message').notNullable();
      t.text('status').notNullable().defaultTo('pending');
      t.text('reason');
      t.integer('decided_by');
      t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(db.fn.now());
      t.timestamp('decided_at', { useTz: true });
      t.index(['business_id', 'user_id']);
      t.index(['user_id']);
    });
    await db.raw(
      `alter table business_claims add constraint business_claims_status
         check (status in ('pending', 'approved', 'rejected'))`,
    );
    // One open claim per member and business, even under concurrent requests.
    await db.raw(
      `create unique index business_claims_one_pending on business_claims (business_id, user_id)
         where status = 'pending'`,
    );
    // The moderators' queue, oldest first.
    await db.raw(
      `create index business_claims_queue on business_claims (id) where status = 'pending'`,
    );
    await db.schema.createTable('business_owners', (t) => {
      t.integer('business_id').notNullable().references('id').inTable('businesses');
      t.integer('user_id').notNullable();
      t.integer('claim_id').notNullable();
      t.timestamp('since', { useTz: true }).notNullable().defaultTo(db.fn.now());
      t.primary(['business_id', 'user_id']);
      t.index(['user_id']);
    });
  },
  async down(db: Knex) {
    await db.schema.dropTable('business_owners');
    await db.schema.dropTable('business_claims');
    await db.schema.dropTable('people');
  },
};

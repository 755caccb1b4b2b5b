import type { Knex, Migration } from '@trustcircle/service-kit';
import { publishUserUpdated } from '../src/events/user-events';
import { knexUsersStore, VERIFICATION_KEY } from '../src/store/users-store';

/**
 * One verified identity verifies one account (issue 15): a unique index on the verification
 * id, and the date of each verification for the badge. Before this, one sandbox token could
 * verify any number of accounts; of accounts sharing an id, the earliest keeps its
 * verification and the others lose it, each with an `identity.user.updated` event so the
 * trust weights elsewhere follow.
 */
export const oneAccountPerIdentity: Migration = {
  name: '002_one_account_per_identity',
  async up(db: Knex) {
    await db.schema.alterTable('users', (t) => {
      // Null for accounts verified before dates were kept: the badge then shows no date.
      t.timestamp('verified_at', { useTz: true });
    });
    const sharing = await db('users')
      .whereNotNull('clear_me_id')
      .whereNotIn('id', db('users').min('id').whereNotNull('clear_me_id').groupBy('clear_me_id'))
      .pluck('id');
    // knex runs each migration in a transaction, so the updates and their events commit together.
    const trx = db as Knex.Transaction;
    for (const id of sharing as number[]) {
      const stored = await knexUsersStore.update(trx, id, { isVerified: false, clearMeId: null });
      if (stored) await publishUserUpdated(trx, stored);
    }
    await db.raw(
      `create unique index ${VERIFICATION_KEY} on users (clear_me_id) where clear_me_id is not null`,
    );
  },
  async down(db: Knex) {
    await db.raw(`drop index ${VERIFICATION_KEY}`);
    await db.schema.alterTable('users', (t) => t.dropColumn('verified_at'));
  },
};

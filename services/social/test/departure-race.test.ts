import { createDb, migrate, type Knex } from '@trustcircle/service-kit';
import { createTestDatabase, type TestDatabase } from '@trustcircle/testing';
import { migrations } from '../migrations';
import { forgetUser } from '../src/events/notification-rules';
import { reviewsStore } from '../src/store/reviews-store';

/**
 * A member's departure and an event about one of their reviews applied at the same time, in
 * either order (social consumes identity's and reviews' streams independently): no row of the
 * review may outlive the departure (personal data, test/account-deletion.test.ts).
 */
let database: TestDatabase;
let db: Knex;

beforeAll(async () => {
  database = await createTestDatabase();
  const url = await database.provision('social');
  db = createDb({ url, schema: 'social', poolMax: 4 });
  await migrate(db, 'social', migrations);
});

afterAll(async () => {
  await db?.destroy();
  await database?.drop();
});

/** An open transaction, and a way to end it. */
async function open(): Promise<{ trx: Knex.Transaction; commit: () => Promise<void> }> {
  const trx = await db.transaction();
  return { trx, commit: async () => void (await trx.commit()) };
}

const settledWithin = (promise: Promise<unknown>, ms: number) =>
  Promise.race([
    promise.then(() => true),
    new Promise((resolve) => setTimeout(resolve, ms, false)),
  ]);

async function member(id: number) {
  await db('users').insert({ id, username: `m${id}`, name: `Member ${id}`, version: 1 });
}

const review = (id: number, userId: number) => ({ id, userId, businessId: 1, version: 2 });
const departure = (id: number) => ({
  id,
  reviews: 'keep' as const,
  deletedAt: new Date().toISOString(),
  version: 2,
});

it('keeps no review of a member whose departure is being applied first', async () => {
  await member(1);
  const leaving = await open();
  await forgetUser(leaving.trx, departure(1));
  const writing = await open();
  const kept = reviewsStore.upsert(writing.trx, review(101, 1));
  // The event waits for the departure's lock on the member, then sees the tombstone.
  expect(await settledWithin(kept, 200)).toBe(false);
  await leaving.commit();
  expect(await kept).toBe(false);
  await writing.commit();
  expect(await db('reviews').where({ user_id: 1 })).toEqual([]);
});

it("deletes the review an event wrote just before the member's departure", async () => {
  await member(2);
  const writing = await open();
  expect(await reviewsStore.upsert(writing.trx, review(102, 2))).toBe(true);
  const leaving = await open();
  const left = forgetUser(leaving.trx, departure(2));
  // The departure waits for the event's transaction, then deletes what it wrote.
  expect(await settledWithin(left, 200)).toBe(false);
  await writing.commit();
  await left;
  await leaving.commit();
  expect(await db('reviews').where({ user_id: 2 })).toEqual([]);
  expect(await db('users').where({ id: 2 }).first('deleted_at')).toEqual({
    deleted_at: expect.any(Date),
  });
});

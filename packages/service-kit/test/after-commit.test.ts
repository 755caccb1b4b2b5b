import { createTestDatabase, type TestDatabase } from '@trustcircle/testing';
import { afterCommit, createDb, type Knex } from '../src';

describe('afterCommit', () => {
  let database: TestDatabase;
  let db: Knex;
  // What another connection sees when the hook runs: the rows must already be committed.
  let observer: Knex;

  beforeAll(async () => {
    database = await createTestDatabase();
    const url = await database.provision('aftercommit');
    db = createDb({ url, schema: 'aftercommit', poolMax: 3 });
    observer = createDb({ url, schema: 'aftercommit', poolMax: 1 });
    await db.raw('create table marks (name text primary key)');
  });
  afterAll(async () => {
    await db?.destroy();
    await observer?.destroy();
    await database?.drop();
  });

  const visible = async (name: string) =>
    (await observer('marks').where({ name }).first()) !== undefined;

  it('runs once the transaction committed, when another connection can read its rows', async () => {
    const seen: boolean[] = [];
    let resolveHook!: () => void;
    const hookRan = new Promise<void>((resolve) => (resolveHook = resolve));
    await db.transaction(async (trx) => {
      await trx('marks').insert({ name: 'committed' });
      afterCommit(trx, async () => {
        seen.push(await visible('committed'));
        resolveHook();
      });
      // Not before the commit: nothing has run yet while the transaction is open.
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(seen).toEqual([]);
    });
    await hookRan;
    expect(seen).toEqual([true]);
  });

  it('waits for the outermost transaction, not a savepoint', async () => {
    const order: string[] = [];
    let resolveHook!: () => void;
    const hookRan = new Promise<void>((resolve) => (resolveHook = resolve));
    await db.transaction(async (outer) => {
      await outer.transaction(async (inner) => {
        await inner('marks').insert({ name: 'nested' });
        afterCommit(inner, async () => {
          order.push(`hook saw ${await visible('nested')}`);
          resolveHook();
        });
      });
      await new Promise((resolve) => setTimeout(resolve, 20));
      order.push('outer still open');
    });
    await hookRan;
    expect(order).toEqual(['outer still open', 'hook saw true']);
  });

  it('never runs when the transaction rolls back, and a failing hook harms no one', async () => {
    const ran: string[] = [];
    await expect(
      db.transaction(async (trx) => {
        await trx('marks').insert({ name: 'rolled back' });
        afterCommit(trx, () => void ran.push('rolled back'));
        throw new Error('no');
      }),
    ).rejects.toThrow('no');
    const errors: unknown[] = [];
    await db.transaction(async (trx) => {
      afterCommit(
        trx,
        () => {
          throw new Error('hook failed');
        },
        (err) => errors.push(err),
      );
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(ran).toEqual([]);
    expect(errors).toHaveLength(1);
  });
});

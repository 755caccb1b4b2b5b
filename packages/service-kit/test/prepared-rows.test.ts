import { createTestDatabase, type TestDatabase } from '@trustcircle/testing';
import { createDb, preparedRows, type Knex } from '../src';

/** preparedRows (db.ts): named prepared statements, on the pool or in a transaction. */
describe('preparedRows', () => {
  let database: TestDatabase;
  let db: Knex;

  beforeAll(async () => {
    database = await createTestDatabase();
    db = createDb({ url: await database.provision('prepared'), schema: 'prepared', poolMax: 2 });
    await db.schema.createTable('notes', (t) => {
      t.increments('id');
      t.text('body');
    });
  });
  afterAll(async () => {
    await db?.destroy();
    await database?.drop();
  });

  const insert = (on: Knex, body: string) =>
    preparedRows<{ id: number }>(
      on,
      on.raw('insert into notes (body) values (?) returning id', [body]),
    );
  const bodies = async () =>
    (await db('notes').orderBy('id').select('body')).map((row: { body: string }) => row.body);

  it('runs in the transaction: sees its own rows, commits and rolls back with it', async () => {
    await db.transaction(async (trx) => {
      await insert(trx, 'kept');
      // The same connection: the uncommitted row is visible to the next statement.
      const seen = await preparedRows<{ n: number }>(
        trx,
        trx.raw('select count(*)::int as n from notes where body = ?', ['kept']),
      );
      expect(seen[0]!.n).toBe(1);
      // …and not to the pool's other connection, until commit.
      expect(await bodies()).toEqual([]);
    });
    expect(await bodies()).toEqual(['kept']);

    await expect(
      db.transaction(async (trx) => {
        await insert(trx, 'undone');
        // A failing prepared statement fails the transaction like any other.
        await preparedRows(trx, trx.raw('select 1 / 0'));
      }),
    ).rejects.toThrow(/division by zero/);
    expect(await bodies()).toEqual(['kept']);
  });

  it('is the same statement on the pool and in transactions, bindings each time', async () => {
    const ids = [
      (await insert(db, 'pool'))[0]!.id,
      (await db.transaction((trx) => insert(trx, 'trx')))[0]!.id,
      (await insert(db, 'pool again'))[0]!.id,
    ];
    expect(new Set(ids).size).toBe(3);
    expect(await bodies()).toEqual(['kept', 'pool', 'trx', 'pool again']);
  });
});

import { createTestDatabase, type TestDatabase } from '@trustcircle/testing';
import knex from 'knex';
import { Client } from 'pg';
import { afterCommit, createDb, preparedRows, transactionOpenedWith, type Knex } from '../src';

/** `db.transaction(work)` without knex's per-transaction instance (src/light-transactions.ts). */
describe('light transactions', () => {
  let database: TestDatabase;
  let db: Knex;
  let single: Knex;
  let observer: Knex;
  let url: string;

  beforeAll(async () => {
    database = await createTestDatabase();
    url = await database.provision('lighttx');
    db = createDb({ url, schema: 'lighttx', poolMax: 3 });
    single = createDb({ url, schema: 'lighttx', poolMax: 1 });
    observer = createDb({ url, schema: 'lighttx', poolMax: 1 });
    await db.raw('create table marks (name text primary key, n int not null default 0)');
  });
  afterAll(async () => {
    await Promise.all([db?.destroy(), single?.destroy(), observer?.destroy()]);
    await database?.drop();
  });
  beforeEach(() => db('marks').delete());

  const names = async () => (await observer('marks').orderBy('name')).map((row) => row.name);
  const backendOf = async (k: Knex) => (await k.raw('select pg_backend_pid() as pid')).rows[0].pid;

  it('commits what the handler wrote and answers its value, every statement on one backend', async () => {
    const value = await db.transaction(async (trx) => {
      expect(trx.isTransaction).toBe(true);
      await trx('marks').insert({ name: 'a' });
      const pids = [await backendOf(trx), await backendOf(trx)];
      const [prepared] = await preparedRows<{ pid: number }>(
        trx,
        trx.raw('select pg_backend_pid() as pid'),
      );
      pids.push(prepared!.pid);
      // Not visible outside before the commit.
      expect(await names()).toEqual([]);
      return pids;
    });
    expect(new Set(value).size).toBe(1);
    expect(await names()).toEqual(['a']);
  });

  it('rolls back and rethrows the handler’s error, and the connection serves the next one', async () => {
    const failure = new Error('refused');
    await expect(
      single.transaction(async (trx) => {
        await trx('marks').insert({ name: 'b' });
        throw failure;
      }),
    ).rejects.toBe(failure);
    expect(await names()).toEqual([]);
    await single.transaction((trx) => trx('marks').insert({ name: 'c' }));
    expect(await names()).toEqual(['c']);
  });

  it('fails with the statement’s error, leaving nothing', async () => {
    await db('marks').insert({ name: 'd' });
    await expect(
      db.transaction(async (trx) => {
        await trx('marks').insert({ name: 'e' });
        await trx('marks').insert({ name: 'd' });
      }),
    ).rejects.toMatchObject({ code: '23505' });
    expect(await names()).toEqual(['d']);
  });

  it('refuses a statement on the handle once its transaction ended', async () => {
    let kept: Knex.Transaction | undefined;
    await single.transaction(async (trx) => {
      kept = trx;
    });
    await expect(kept!('marks').insert({ name: 'late' })).rejects.toThrow(
      'Transaction query already complete',
    );
    await expect(preparedRows(kept!, kept!.raw('select 1'))).rejects.toThrow(
      'Transaction query already complete',
    );
    expect(await names()).toEqual([]);
  });

  it('takes turns on a pool of one: each transaction sees the last one’s commit', async () => {
    await single('marks').insert({ name: 'count' });
    await Promise.all(
      Array.from({ length: 20 }, () =>
        single.transaction(async (trx) => {
          const row = await trx('marks').where({ name: 'count' }).first('n');
          await trx('marks')
            .where({ name: 'count' })
            .update({ n: row.n + 1 });
        }),
      ),
    );
    expect((await observer('marks').where({ name: 'count' }).first('n')).n).toBe(20);
  });

  it('settles executionPromise after the commit, so afterCommit runs then and never on rollback', async () => {
    const ran: string[] = [];
    await db.transaction(async (trx) => {
      await trx('marks').insert({ name: 'f' });
      afterCommit(trx, async () => {
        ran.push(`f visible: ${(await names()).includes('f')}`);
      });
    });
    await expect(
      db.transaction(async (trx) => {
        afterCommit(trx, () => {
          ran.push('rolled back');
        });
        throw new Error('no');
      }),
    ).rejects.toThrow('no');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(ran).toEqual(['f visible: true']);
  });

  it('runs a nested transaction as a savepoint whose afterCommit waits for the outer commit', async () => {
    const ran: string[] = [];
    await db.transaction(async (trx) => {
      await trx('marks').insert({ name: 'outer' });
      await expect(
        trx.transaction(async (inner) => {
          await inner('marks').insert({ name: 'inner-undone' });
          throw new Error('inner');
        }),
      ).rejects.toThrow('inner');
      await trx.transaction(async (inner) => {
        await inner('marks').insert({ name: 'inner-kept' });
        afterCommit(inner, () => {
          ran.push('after outer');
        });
      });
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(ran).toEqual([]);
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(ran).toEqual(['after outer']);
    expect(await names()).toEqual(['inner-kept', 'outer']);
  });

  it('builds one handle per connection, not one per transaction', async () => {
    const handles: Knex.Transaction[] = [];
    for (let i = 0; i < 3; i++) await single.transaction(async (trx) => void handles.push(trx));
    expect(new Set(handles).size).toBe(1);
  });

  it('leaves a transaction with options to knex', async () => {
    const level = await db.transaction(
      async (trx) => (await trx.raw('show transaction_isolation')).rows[0].transaction_isolation,
      { isolationLevel: 'serializable' },
    );
    expect(level).toBe('serializable');
  });

  describe('opened with a statement (transactionOpenedWith)', () => {
    const insertE = "insert into marks (name) values ('e') returning name";

    /** The simple queries the pg clients are sent while `work` runs. */
    async function simpleQueries<T>(work: () => Promise<T>): Promise<string[]> {
      const sent: string[] = [];
      const query = Client.prototype.query;
      const spy = jest.spyOn(Client.prototype, 'query').mockImplementation(function (
        this: Client,
        ...args: unknown[]
      ) {
        if (typeof args[0] === 'string') sent.push(args[0]);
        return (query as (...a: unknown[]) => unknown).apply(this, args) as never;
      });
      try {
        await work();
      } finally {
        spy.mockRestore();
      }
      return sent;
    }

    it('sends the statement with its BEGIN, in one query, and gives work its rows', async () => {
      let rows: unknown[] = [];
      const sent = await simpleQueries(() =>
        single
          .transaction(() => undefined)
          .then(() =>
            transactionOpenedWith(single, insertE, async (trx, opened) => {
              rows = opened;
              await trx('marks').insert({ name: 'f' });
              expect(await names()).toEqual([]);
            }),
          ),
      );
      expect(rows).toEqual([{ name: 'e' }]);
      expect(await names()).toEqual(['e', 'f']);
      expect(sent).toEqual(['BEGIN', 'COMMIT', `BEGIN; ${insertE}`, 'COMMIT']);
    });

    it('rolls the statement back with the work when the work throws', async () => {
      const failure = new Error('refused');
      await expect(
        transactionOpenedWith(single, insertE, async () => {
          throw failure;
        }),
      ).rejects.toBe(failure);
      expect(await names()).toEqual([]);
    });

    it('fails with the statement’s error, and the connection serves the next transaction', async () => {
      await db('marks').insert({ name: 'e' });
      let ran = false;
      await expect(
        transactionOpenedWith(single, insertE, async () => void (ran = true)),
      ).rejects.toThrow(/duplicate key/);
      expect(ran).toBe(false);
      // Not left inside the failed transaction: the next one commits.
      await single.transaction((trx) => trx('marks').insert({ name: 'g' }));
      expect(await names()).toEqual(['e', 'g']);
    });

    it('on a knex createDb did not lighten, runs the statement first in knex’s transaction', async () => {
      const plain = knex({
        client: 'pg',
        connection: url,
        pool: { min: 0, max: 1 },
      });
      try {
        const rows = await transactionOpenedWith(plain, insertE, async (trx, opened) => {
          await trx('marks').insert({ name: 'f' });
          expect(await names()).toEqual([]);
          return opened;
        });
        expect(rows).toEqual([{ name: 'e' }]);
        expect(await names()).toEqual(['e', 'f']);
        await expect(
          transactionOpenedWith(plain, "insert into marks (name) values ('h')", async () => {
            throw new Error('refused');
          }),
        ).rejects.toThrow('refused');
        expect(await names()).toEqual(['e', 'f']);
      } finally {
        await plain.destroy();
      }
    });
  });
});

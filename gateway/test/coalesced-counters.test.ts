import { createDb, migrate, type Knex } from '@trustcircle/service-kit';
import { createTestDatabase, type TestDatabase } from '@trustcircle/testing';
import { migrations } from '../migrations';
import { coalescedCounters, statesInTurn } from '../src/store/coalesced-counters';
import { knexCountersStore, type CountersStore } from '../src/store/counters-store';

const hit = (key: string, points = 1) => ({ key, points, windowSeconds: 60 });

describe('statesInTurn', () => {
  it('gives each request the count it would have seen spending alone, in queue order', () => {
    const totals = new Map([
      ['ip', { key: 'ip', points: 7, retryAfterSeconds: 30 }],
      ['a:1', { key: 'a:1', points: 2, retryAfterSeconds: 30 }],
      ['a:2', { key: 'a:2', points: 5, retryAfterSeconds: 9 }],
    ]);
    const states = statesInTurn(
      [
        { hits: [hit('a:1'), hit('ip')] },
        { hits: [hit('a:2', 3), hit('ip', 3)] },
        { hits: [hit('a:1'), hit('ip')] },
      ],
      totals,
    );
    expect(
      states.map((own) => Object.fromEntries([...own].map(([k, s]) => [k, s.points]))),
    ).toEqual([
      { 'a:1': 1, ip: 3 },
      { 'a:2': 5, ip: 6 },
      { 'a:1': 2, ip: 7 },
    ]);
    expect(states[1]!.get('a:2')!.retryAfterSeconds).toBe(9);
  });
});

describe('coalescedCounters on Postgres', () => {
  let database: TestDatabase;
  let db: Knex;
  let statements = 0;
  let failNext = false;
  let counters: CountersStore;

  beforeAll(async () => {
    database = await createTestDatabase();
    db = createDb({ url: await database.provision('gateway'), schema: 'gateway', poolMax: 10 });
    await migrate(db, 'gateway', migrations);
    const store = knexCountersStore(db);
    counters = coalescedCounters({
      ...store,
      hit: async (hits) => {
        statements += 1;
        if (failNext) {
          failNext = false;
          throw new Error('database unavailable');
        }
        return store.hit(hits);
      },
    });
  });
  afterAll(async () => {
    await db?.destroy();
    await database?.drop();
  });

  it('spends concurrent requests in few statements, each seeing its own count in turn', async () => {
    const before = statements;
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) => counters.hit([hit('ip:shared'), hit(`a:${i % 4}`)])),
    );
    // The first goes alone; the rest waited for it and went together.
    expect(statements - before).toBeLessThanOrEqual(3);
    expect(answers.map((own) => own.get('ip:shared')!.points)).toEqual(
      Array.from({ length: 40 }, (_, i) => i + 1),
    );
    expect(answers.map((own, i) => own.get(`a:${i % 4}`)!.points)).toEqual(
      Array.from({ length: 40 }, (_, i) => Math.floor(i / 4) + 1),
    );
    const row = await db('rate_limits').where({ key: 'ip:shared' }).first('points');
    expect(Number(row.points)).toBe(40);
  });

  it('fails the requests of a failed statement and goes on with the next', async () => {
    failNext = true;
    const first = counters.hit([hit('ip:fail')]);
    const waiting = counters.hit([hit('ip:fail')]);
    await expect(first).rejects.toThrow('database unavailable');
    expect((await waiting).get('ip:fail')!.points).toBe(1);
    expect((await counters.hit([hit('ip:fail', 2)])).get('ip:fail')!.points).toBe(3);
  });

  it('keeps the counters in an unlogged table: a spend waits for no WAL flush', async () => {
    const { rows } = await db.raw<{ rows: { persistence: string }[] }>(
      `select relpersistence as persistence from pg_class where oid = 'gateway.rate_limits'::regclass`,
    );
    expect(rows[0]!.persistence).toBe('u');
  });

  it('answers no states for no hits without a statement', async () => {
    const before = statements;
    expect((await counters.hit([])).size).toBe(0);
    expect(statements).toBe(before);
  });
});

import { createTestDatabase, type TestDatabase } from '@trustcircle/testing';
import { createDb, startupOptions, type Knex } from '../src';

describe('createDb settings', () => {
  let database: TestDatabase;
  let db: Knex;

  beforeAll(async () => {
    database = await createTestDatabase();
    const url = await database.provision('settings');
    db = createDb({
      url,
      schema: 'settings',
      poolMax: 3,
      settings: { 'pg_trgm.word_similarity_threshold': '0.45', 'tc.note': 'a b\\c' },
    });
  });
  afterAll(async () => {
    await db?.destroy();
    await database?.drop();
  });

  it('starts every pooled connection with them, no statement needed', async () => {
    // Three at once: three connections, each must carry the settings from its start.
    const seen = await Promise.all(
      [1, 2, 3].map(() =>
        db.transaction(async (trx) => {
          const { rows } = await trx.raw<{ rows: { t: string; a: string; pid: number }[] }>(
            `select current_setting('pg_trgm.word_similarity_threshold') as t,
                    current_setting('tc.note') as a, pg_backend_pid() as pid`,
          );
          await trx.raw('select pg_sleep(0.05)');
          return rows[0]!;
        }),
      ),
    );
    expect(new Set(seen.map((row) => row.pid)).size).toBe(3);
    for (const row of seen) expect(row).toMatchObject({ t: '0.45', a: 'a b\\c' });
  });

  it('refuses a setting name that could smuggle another option', () => {
    expect(() => startupOptions({ 'x -c work_mem': '1' })).toThrow(/bad setting name/);
    expect(startupOptions({ a: '1', 'b.c': 'x y' })).toBe('-c a=1 -c b.c=x\\ y');
  });
});

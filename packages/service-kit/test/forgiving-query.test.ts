import { createTestDatabase, type TestDatabase } from '@trustcircle/testing';
import { createDb, createForgivingSearch, forgivingTsQuery, type Knex } from '../src';

/** The to_tsquery text search builds from what was typed (search.ts, `variants` strategy). */
describe('forgivingTsQuery', () => {
  let database: TestDatabase;
  let db: Knex;

  beforeAll(async () => {
    database = await createTestDatabase();
    db = createDb({ url: await database.provision('fq'), schema: 'fq', poolMax: 2 });
    await db.schema.createTable('places', (t) => {
      t.increments('id');
      t.text('name').notNullable();
    });
    await createForgivingSearch(db, {
      table: 'places',
      text: 'r.name',
      document: [{ sql: 'name', weight: 'A' }],
      plainOnly: true,
    });
    await db('places').insert([{ name: 'Plumbing District' }, { name: 'Müller Automotive' }]);
  });
  afterAll(async () => {
    await db?.destroy();
    await database?.drop();
  });

  const query = (text: string) => forgivingTsQuery(db, text, 'variants');

  it('requires every word, the last as a prefix, folded', async () => {
    expect(await query('MÜLLER auto')).toBe("('muller') & ('auto':*)");
  });

  it('corrects a word no row uses, but not a last word that begins a known one', async () => {
    expect(await query('plumbng distric')).toBe("('plumbng' | 'plumbing') & ('distric':*)");
    expect(await query('distrct')).toBe("('distrct':* | 'district')");
  });

  it('is the same inside a transaction, and null without a word', async () => {
    await db.transaction(async (trx) => {
      expect(await forgivingTsQuery(trx, 'plumbng distric', 'variants')).toBe(
        "('plumbng' | 'plumbing') & ('distric':*)",
      );
      expect(await forgivingTsQuery(trx, ' !& ', 'variants')).toBeNull();
    });
  });
});

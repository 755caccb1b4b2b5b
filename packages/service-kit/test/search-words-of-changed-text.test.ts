import { createTestDatabase, type TestDatabase } from '@trustcircle/testing';
import {
  createDb,
  createForgivingSearch,
  searchWordsOfChangedTextMigration,
  type Knex,
} from '../src';

/**
 * `searchWordsOfChangedTextMigration`: an update gives words only for rows whose searchable
 * text changed. A word taken out of `search_words` by hand shows whether the trigger ran over a
 * row: the update trigger before it put every written row's words back.
 */
describe('search words of changed text', () => {
  let database: TestDatabase;
  let db: Knex;
  const spec = { table: 'places', text: "r.name || ' ' || r.district" };
  const migration = searchWordsOfChangedTextMigration('words_of_changed_text', spec);

  beforeAll(async () => {
    database = await createTestDatabase();
    db = createDb({ url: await database.provision('sw'), schema: 'sw', poolMax: 2 });
    await db.schema.createTable('places', (t) => {
      t.increments('id');
      t.text('name').notNullable();
      t.text('district').notNullable();
      t.integer('visits').notNullable().defaultTo(0);
    });
    await createForgivingSearch(db, {
      ...spec,
      document: [{ sql: 'name', weight: 'A' }],
      plainOnly: true,
    });
    await migration.up(db);
    await db('places').insert([
      { name: 'Plumbing Works', district: 'Harbour' },
      { name: 'Bakery Corner', district: 'Harbour' },
    ]);
  });
  afterAll(async () => {
    await db?.destroy();
    await database?.drop();
  });

  const words = async () => (await db('search_words').orderBy('word')).map((row) => row.word);
  const variantsOf = async (word: string) =>
    (await db('search_word_variants').where({ word }).orderBy('variant')).map((r) => r.variant);

  it('gives no words for a row whose text an update left alone', async () => {
    await db('search_words').where({ word: 'plumbing' }).delete();
    await db('places').update({ visits: db.raw('visits + 1') });
    expect(await words()).not.toContain('plumbing');
    // Written again with the same text is no change either.
    await db('places').where({ name: 'Plumbing Works' }).update({ name: 'Plumbing Works' });
    expect(await words()).not.toContain('plumbing');
  });

  it('gives the new words, and their variants, of a row whose text changed', async () => {
    await db('places')
      .whereIn('name', ['Plumbing Works', 'Bakery Corner'])
      .update({
        district: db.raw("case when name = 'Plumbing Works' then 'Riverside' else district end"),
      });
    expect(await words()).toEqual(expect.arrayContaining(['plumbing', 'riverside', 'works']));
    expect(await variantsOf('riverside')).toContain('rverside');
  });

  it('goes back to words of every updated row when taken down', async () => {
    await migration.down!(db);
    await db('search_words').where({ word: 'bakery' }).delete();
    await db('places').update({ visits: db.raw('visits + 1') });
    expect(await words()).toContain('bakery');
    await migration.up(db);
  });
});

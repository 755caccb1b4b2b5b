import { createTestDatabase, type TestDatabase } from '@trustcircle/testing';
import { createDb, upsertNewestVersion, type Knex } from '../src';

const SCHEMA = 'newest';

describe('upsertNewestVersion', () => {
  let database: TestDatabase;
  let db: Knex;

  beforeAll(async () => {
    database = await createTestDatabase();
    db = createDb({ url: await database.provision(SCHEMA), schema: SCHEMA, poolMax: 2 });
    await db.schema.createTable('people', (t) => {
      t.integer('id').primary();
      t.text('name').notNullable();
      t.integer('version').notNullable();
      t.timestamp('deleted_at', { useTz: true });
    });
  });
  afterAll(async () => {
    await db?.destroy();
    await database?.drop();
  });

  const nameOf = async (id: number) =>
    (await db('people').where({ id }).first<{ name: string; version: number }>('name', 'version'))!;

  it('inserts a new row, takes a newer version and ignores an older or repeated one', async () => {
    expect(await upsertNewestVersion(db, 'people', 'id', { id: 1, name: 'Ann', version: 2 })).toBe(
      true,
    );
    expect(await upsertNewestVersion(db, 'people', 'id', { id: 1, name: 'Old', version: 1 })).toBe(
      false,
    );
    expect(await upsertNewestVersion(db, 'people', 'id', { id: 1, name: 'Dup', version: 2 })).toBe(
      false,
    );
    expect(await nameOf(1)).toEqual({ name: 'Ann', version: 2 });
    expect(await upsertNewestVersion(db, 'people', 'id', { id: 1, name: 'Anna', version: 3 })).toBe(
      true,
    );
    expect(await nameOf(1)).toEqual({ name: 'Anna', version: 3 });
  });

  it('leaves a row frozen by its tombstone column as it is, whatever the version', async () => {
    await db('people').insert({ id: 2, name: '', version: 1, deleted_at: db.fn.now() });
    const written = await upsertNewestVersion(
      db,
      'people',
      'id',
      { id: 2, name: 'Back', version: 9 },
      { frozenBy: 'deleted_at' },
    );
    expect(written).toBe(false);
    expect(await nameOf(2)).toEqual({ name: '', version: 1 });
  });
});

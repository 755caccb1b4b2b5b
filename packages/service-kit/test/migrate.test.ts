import { setTimeout as sleep } from 'node:timers/promises';
import { createTestDatabase, type TestDatabase } from '@trustcircle/testing';
import { createDb, migrate, type Knex, type Migration } from '../src';

const SCHEMA = 'mig';

// Slow enough that replicas starting together overlap inside knex's migration lock.
const slowMigration: Migration = {
  name: '001_slow',
  async up(db) {
    await sleep(300);
    await db.schema.createTable('runs', (t) => t.increments('id'));
    await db('runs').insert({});
  },
};

describe('migrate', () => {
  let database: TestDatabase;
  let url: string;
  const dbs: Knex[] = [];
  const connect = () => {
    const db = createDb({ url, schema: SCHEMA, poolMax: 2 });
    dbs.push(db);
    return db;
  };

  beforeAll(async () => {
    database = await createTestDatabase();
    url = await database.provision(SCHEMA);
  });
  afterAll(async () => {
    await Promise.all(dbs.map((db) => db.destroy()));
    await database.drop();
  });

  it('lets replicas start together on a fresh schema: each waits, the migration runs once', async () => {
    const replicas = [connect(), connect(), connect(), connect()];
    await Promise.all(replicas.map((db) => migrate(db, SCHEMA, [slowMigration])));
    const [row] = await replicas[0]!('runs').count<{ count: string }[]>('* as count');
    expect(Number(row!.count)).toBe(1);
  });

  it('starts after a replica died mid-migration and left knex lock row set', async () => {
    const db = connect();
    await db('knex_migrations_lock').update({ is_locked: 1 });
    const later: Migration = {
      name: '002_later',
      up: (k) => k.schema.createTable('later', (t) => t.increments('id')),
    };
    await migrate(db, SCHEMA, [slowMigration, later]);
    expect(await db.schema.hasTable('later')).toBe(true);
  });
});

import { createTestDatabase, waitFor, type TestDatabase } from '@trustcircle/testing';
import { Client } from 'pg';
import { announceChanges, CHANGE_CHANNEL, createDb, type Knex } from '../src';

/** Every committed write to a service's tables is announced once, at commit (issue 20). */
describe('announceChanges', () => {
  let database: TestDatabase;
  let db: Knex;
  let listener: Client;
  const heard: string[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
    const url = await database.provision('notices');
    db = createDb({ url, schema: 'notices', poolMax: 2 });
    await db.raw('create table marks (name text primary key)');
    await db.raw('create table outbox (seq bigserial primary key)');
    await announceChanges(db, 'notices');
    listener = new Client({ connectionString: url });
    await listener.connect();
    listener.on('notification', (message) => {
      if (message.channel === CHANGE_CHANNEL) heard.push(message.payload ?? '');
    });
    await listener.query(`listen ${CHANGE_CHANNEL}`);
  });
  afterAll(async () => {
    await listener?.end();
    await db?.destroy();
    await database?.drop();
  });

  /** What is heard after `write`: notifications arrive in commit order, a marker's last. */
  async function heardAfter(write: () => Promise<unknown>): Promise<string[]> {
    heard.length = 0;
    await write();
    await db.raw('select pg_notify(?, ?)', [CHANGE_CHANNEL, 'marker']);
    await waitFor(() => heard.at(-1) === 'marker');
    return heard.slice(0, -1);
  }

  it('announces a transaction once, with the schema, when it commits', async () => {
    const seen = await heardAfter(() =>
      db.transaction(async (trx) => {
        await trx('marks').insert({ name: 'a' });
        await trx('marks').update({ name: 'b' }).where({ name: 'a' });
        await trx('marks').delete().where({ name: 'b' });
      }),
    );
    expect(seen).toEqual(['notices']);
  });

  it('announces nothing for a rolled-back transaction or a read', async () => {
    const seen = await heardAfter(async () => {
      await db
        .transaction(async (trx) => {
          await trx('marks').insert({ name: 'never' });
          throw new Error('roll back');
        })
        .catch(() => undefined);
      await db('marks').select('name');
    });
    expect(seen).toEqual([]);
  });

  it('leaves out the events bookkeeping, and covers a table added later at the next call', async () => {
    expect(await heardAfter(() => db('outbox').insert({}))).toEqual([]);
    await db.raw('create table later (id int primary key)');
    await announceChanges(db, 'notices');
    await announceChanges(db, 'notices');
    expect(await heardAfter(() => db('later').insert({ id: 1 }))).toEqual(['notices']);
    expect(await heardAfter(() => db.raw('truncate later'))).toEqual(['notices']);
  });
});

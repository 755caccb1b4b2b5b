import { createDb, migrate, type Knex } from '@trustcircle/service-kit';
import { createTestDatabase, type TestDatabase } from '@trustcircle/testing';
import { migrations } from '../migrations';

let database: TestDatabase;
let db: Knex;

beforeAll(async () => {
  database = await createTestDatabase();
  db = createDb({ url: await database.provision('identity'), schema: 'identity', poolMax: 2 });
});

afterAll(async () => {
  await db?.destroy();
  await database?.drop();
});

const user = (username: string, clearMeId: string | null) => ({
  username,
  email: `${username}@example.com`,
  name: username,
  password_hash: 'not-a-real-hash',
  is_verified: clearMeId !== null,
  clear_me_id: clearMeId,
});

it('keeps one account per verification id when upgrading, and tells the other services', async () => {
  // The schema before issue 15, where one sandbox token verified any number of accounts.
  await migrate(db, 'identity', migrations.slice(0, 2));
  const ids: number[] = await db('users')
    .insert([
      user('first', 'CLR-ABCDEF'),
      user('second', 'CLR-ABCDEF'),
      user('third', 'CLR-ABCDEF'),
      user('alone', 'CLR-XYZ123'),
      user('plain', null),
    ])
    .returning('id')
    .then((rows) => rows.map((row: { id: number }) => row.id));

  await migrate(db, 'identity', migrations);

  const rows = await db('users')
    .orderBy('id')
    .select('username', 'is_verified', 'clear_me_id', 'version', 'roles');
  expect(rows).toEqual([
    {
      username: 'first',
      is_verified: true,
      clear_me_id: 'CLR-ABCDEF',
      version: 1,
      roles: ['member'],
    },
    { username: 'second', is_verified: false, clear_me_id: null, version: 2, roles: ['member'] },
    { username: 'third', is_verified: false, clear_me_id: null, version: 2, roles: ['member'] },
    {
      username: 'alone',
      is_verified: true,
      clear_me_id: 'CLR-XYZ123',
      version: 1,
      roles: ['member'],
    },
    { username: 'plain', is_verified: false, clear_me_id: null, version: 1, roles: ['member'] },
  ]);
  const events = await db('outbox').orderBy('seq').select('subject', 'envelope');
  expect(
    events.map((event) => [event.subject, event.envelope.data.id, event.envelope.data.isVerified]),
  ).toEqual([
    ['identity.user.updated', ids[1], false],
    ['identity.user.updated', ids[2], false],
  ]);
  await expect(
    db('users').where({ username: 'plain' }).update({ clear_me_id: 'CLR-XYZ123' }),
  ).rejects.toMatchObject({ constraint: 'users_clear_me_id_key' });
  await expect(
    db('users')
      .where({ username: 'plain' })
      .update({ roles: ['moderator'] }),
  ).rejects.toMatchObject({ constraint: 'users_roles_known' });
});

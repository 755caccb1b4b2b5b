import { createTestDatabase, waitFor, type TestDatabase } from '@trustcircle/testing';
import { Client } from 'pg';
import { listenPg, createLogger, type PgListener } from '../src';

/** The LISTEN connection tells its owner when it is deaf and when it hears again. */
describe('listenPg', () => {
  let database: TestDatabase;
  let admin: Client;
  let listener: PgListener | undefined;

  beforeAll(async () => {
    database = await createTestDatabase();
    admin = new Client({ connectionString: database.adminUrl });
    await admin.connect();
  });
  afterAll(async () => {
    await listener?.close();
    await admin?.end();
    await database?.drop();
  });

  const backends = async () =>
    (
      await admin.query<{ pid: number }>(
        `select pid from pg_stat_activity
          where datname = current_database() and query = 'listen pg_listen_test'`,
      )
    ).rows;

  it('reports each loss and each reconnect, and hears again after one', async () => {
    const events: string[] = [];
    listener = listenPg({
      url: database.adminUrl,
      channel: 'pg_listen_test',
      logger: createLogger('pg-listen-test', 'silent'),
      onNotify: (payload) => events.push(`heard ${payload}`),
      onReconnect: () => events.push('listening'),
      onLost: () => events.push('lost'),
    });
    await waitFor(() => events.includes('listening'));
    await admin.query(`select pg_notify('pg_listen_test', 'one')`);
    await waitFor(() => events.includes('heard one'));

    const [backend] = await backends();
    await admin.query('select pg_terminate_backend($1)', [backend!.pid]);
    await waitFor(() => events.filter((e) => e === 'listening').length === 2, {
      timeoutMs: 10_000,
    });
    await admin.query(`select pg_notify('pg_listen_test', 'two')`);
    await waitFor(() => events.includes('heard two'));
    expect(events).toEqual(['listening', 'heard one', 'lost', 'listening', 'heard two']);

    await listener.close();
    listener = undefined;
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(await backends()).toEqual([]);
    expect(events.at(-1)).toBe('heard two');
  });
});

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
          where datname = current_database() and application_name = 'listener'`,
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

  it('shares one connection among a process’s channels: each hears its own, losses and all', async () => {
    const logger = createLogger('pg-listen-test', 'silent');
    const events: string[] = [];
    const on = (name: string): PgListener =>
      listenPg({
        url: database.adminUrl,
        channel: `pg_listen_${name}`,
        logger,
        onNotify: (payload) => events.push(`${name} heard ${payload}`),
        onReconnect: () => events.push(`${name} listening`),
        onLost: () => events.push(`${name} lost`),
      });
    const a = on('a');
    const b = on('b');
    await waitFor(() => events.includes('a listening') && events.includes('b listening'));
    expect(await backends()).toHaveLength(1);
    // A channel added to a connection already listening.
    const c = on('c');
    await waitFor(() => events.includes('c listening'));
    expect(await backends()).toHaveLength(1);
    await admin.query(`select pg_notify('pg_listen_a', '1'), pg_notify('pg_listen_c', '2')`);
    await waitFor(() => events.includes('a heard 1') && events.includes('c heard 2'));
    expect(events.filter((e) => e.startsWith('b heard'))).toEqual([]);

    const [backend] = await backends();
    await admin.query('select pg_terminate_backend($1)', [backend!.pid]);
    await waitFor(() => ['a', 'b', 'c'].every((n) => events.includes(`${n} lost`)));
    await waitFor(() => events.filter((e) => e.endsWith('listening')).length === 6, {
      timeoutMs: 10_000,
    });
    await c.close();
    await admin.query(`select pg_notify('pg_listen_b', '3'), pg_notify('pg_listen_c', '4')`);
    await waitFor(() => events.includes('b heard 3'));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(events).not.toContain('c heard 4');
    expect(await backends()).toHaveLength(1);
    await a.close();
    await b.close();
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(await backends()).toEqual([]);
  });
});

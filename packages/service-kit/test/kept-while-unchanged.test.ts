import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { createTestDatabase, waitFor, type TestDatabase } from '@trustcircle/testing';
import express from 'express';
import { Client } from 'pg';
import {
  announceChanges,
  announceScopedChanges,
  changedOnly,
  createDb,
  createLogger,
  KeptWhileUnchanged,
  type BackgroundWorker,
  type Knex,
} from '../src';

/**
 * A service's reads kept while its tables are unchanged (issue 20): on the real Postgres, its
 * change notices heard over a real LISTEN connection.
 */
describe('KeptWhileUnchanged', () => {
  let database: TestDatabase;
  let db: Knex;
  let admin: Client;
  let kept: KeptWhileUnchanged<{ n: number }>;
  let worker: BackgroundWorker;
  let loads = 0;

  beforeAll(async () => {
    database = await createTestDatabase();
    const url = await database.provision('kept');
    db = createDb({ url, schema: 'kept', poolMax: 3 });
    await db.raw('create table marks (name text primary key, n int not null)');
    await db('marks').insert([
      { name: 'a', n: 1 },
      { name: 'b', n: 1 },
    ]);
    await announceChanges(db, 'kept');
    admin = new Client({ connectionString: database.adminUrl });
    await admin.connect();
    kept = new KeptWhileUnchanged({
      service: 'kept',
      maxSize: 1 << 20,
      sizeOf: () => 8,
      ttlMs: 60_000,
    });
    worker = kept.worker(url, createLogger('kept-test', 'silent'));
    await worker.start();
    await waitFor(() => kept.heard);
  });
  afterAll(async () => {
    await worker?.stop();
    await admin?.end();
    await db?.destroy();
    await database?.drop();
  });

  /** `name`'s mark, counting the reads that reached Postgres. */
  const markOf = (name: string) =>
    kept.read(name, async () => {
      loads += 1;
      const row = await db('marks').where({ name }).first('n');
      return { n: row.n as number };
    });

  /** Reads until `name` shows `n`: a write by another connection is heard, not seen at once. */
  const until = (name: string, n: number) =>
    waitFor(async () => (await markOf(name)).n === n, { timeoutMs: 5000 });

  it('answers from memory until any write to the service commits, from any connection', async () => {
    await until('a', 1);
    const before = loads;
    expect(await markOf('a')).toEqual({ n: 1 });
    expect(await markOf('a')).toEqual({ n: 1 });
    expect(loads).toBe(before);

    // A write no request of this process made, to another row: heard as the schema's notice.
    await admin.query(`update kept.marks set n = 2 where name = 'b'`);
    await waitFor(async () => {
      await markOf('a');
      return loads > before;
    });
    await admin.query(`update kept.marks set n = 3 where name = 'a'`);
    await until('a', 3);
    const settled = loads;
    expect(await markOf('a')).toEqual({ n: 3 });
    expect(loads).toBe(settled);
  });

  it('does not keep a load that a write overlapped', async () => {
    await until('a', 3);
    kept.changed();
    let overlappedLoads = 0;
    const overlapped = await kept.read('a', async () => {
      overlappedLoads += 1;
      const row = await db('marks').where({ name: 'a' }).first('n');
      kept.changed();
      return { n: row.n as number };
    });
    expect([overlapped, overlappedLoads]).toEqual([{ n: 3 }, 1]);
    const before = loads;
    await markOf('a');
    expect(loads).toBe(before + 1);
  });

  it("ends what was kept as this process's write answer leaves, before any notice", async () => {
    const app = express();
    app.use(kept.endedByWrites);
    app.post('/write', (_req, res) => res.status(201).json({ ok: true }));
    app.post('/refused', (_req, res) => res.status(409).json({ message: 'no' }));
    app.get('/read', (_req, res) => res.json({ ok: true }));
    const server: Server = await new Promise((resolve) => {
      const started = app.listen(0, '127.0.0.1', () => resolve(started));
    });
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      await until('a', 3);
      const kept1 = loads;
      await fetch(`${base}/read`);
      await markOf('a');
      expect(loads).toBe(kept1);
      // A write refused changed nothing: the mark stays.
      await fetch(`${base}/refused`, { method: 'POST' });
      await markOf('a');
      expect(loads).toBe(kept1);
      // The handler wrote nothing Postgres would announce: only the answer ends the kept mark.
      await fetch(`${base}/write`, { method: 'POST' });
      await markOf('a');
      expect(loads).toBe(kept1 + 1);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('keeps a scoped read through writes to other parts, and ends it with its own part or the whole', async () => {
    await db.raw('create table items (shop int primary key, n int not null)');
    await db('items').insert([
      { shop: 1, n: 1 },
      { shop: 2, n: 1 },
    ]);
    await announceScopedChanges(db, 'kept', { table: 'items', scope: 'shop', keyOf: '$row.shop' });
    const shopLoads = new Map<number, number>();
    const shop = (id: number) =>
      kept.read(
        `shop ${id}`,
        async () => {
          shopLoads.set(id, (shopLoads.get(id) ?? 0) + 1);
          const row = await db('items').where({ shop: id }).first('n');
          return { n: row.n as number };
        },
        `shop:${id}`,
      );
    const untilShop = (id: number, n: number) =>
      waitFor(async () => (await shop(id)).n === n, { timeoutMs: 5000 });
    const silently = (sql: string) =>
      admin.query(`begin; set local session_replication_role = replica; ${sql}; commit`);
    await untilShop(1, 1);
    await untilShop(2, 1);
    await until('a', 3);

    // Shop 1 changes unannounced; another connection's write to shop 2 is announced for it alone.
    await silently('update kept.items set n = 5 where shop = 1');
    await admin.query('update kept.items set n = 2 where shop = 2');
    await untilShop(2, 2);
    const shop1Loads = shopLoads.get(1);
    expect(await shop(1)).toEqual({ n: 1 });
    expect(shopLoads.get(1)).toBe(shop1Loads);
    // A read of no one part ends with a write to any part.
    const unscoped = loads;
    await markOf('a');
    expect(loads).toBe(unscoped + 1);

    // A write announced as the whole service (its other table) ends every part.
    await admin.query(`update kept.marks set n = n where name = 'b'`);
    await untilShop(1, 5);
    expect(await shop(2)).toEqual({ n: 2 });

    // A write answered here that names the parts it changed ends those alone, before any notice.
    const app = express();
    app.use(kept.endedByWrites);
    app.post('/shop/:id', (req, res) => {
      changedOnly(res, [`shop:${req.params.id}`]);
      res.json({ ok: true });
    });
    const server: Server = await new Promise((resolve) => {
      const started = app.listen(0, '127.0.0.1', () => resolve(started));
    });
    try {
      await silently('update kept.items set n = n + 10');
      await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/shop/1`, {
        method: 'POST',
      });
      expect(await shop(1)).toEqual({ n: 15 });
      expect(await shop(2)).toEqual({ n: 2 });
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('keeps and answers nothing while deaf, and nothing from before once it hears again', async () => {
    await until('a', 3);
    const { rows } = await admin.query<{ pid: number }>(
      `select pid from pg_stat_activity
        where datname = current_database() and query = 'listen tc_changed'`,
    );
    expect(rows).toHaveLength(1);
    await admin.query('select pg_terminate_backend($1)', [rows[0]!.pid]);
    await waitFor(() => !kept.heard);
    const deaf = loads;
    await markOf('a');
    await markOf('a');
    expect(loads).toBe(deaf + 2);
    // Missed while deaf: the mark changes, and the old one must not come back.
    await admin.query(`update kept.marks set n = 4 where name = 'a'`);
    await waitFor(() => kept.heard, { timeoutMs: 10_000 });
    expect(await markOf('a')).toEqual({ n: 4 });
  });
});

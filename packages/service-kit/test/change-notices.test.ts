import { createTestDatabase, waitFor, type TestDatabase } from '@trustcircle/testing';
import { Client } from 'pg';
import {
  announceChanges,
  announceScopedChanges,
  CHANGE_CHANNEL,
  createDb,
  parseChangeNotice,
  ScopedChanges,
  silenceChanges,
  type Knex,
} from '../src';

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

  it('announces nothing for a statement that changes no row, and replaces an earlier statement trigger', async () => {
    expect(await heardAfter(() => db('marks').delete().where({ name: 'none' }))).toEqual([]);
    // The form of earlier releases: a statement trigger, which announced every statement.
    await db.raw('create table older (id int primary key)');
    await db.raw(
      `create trigger tc_changed after insert or update or delete or truncate on notices.older
         for each statement execute function notices.tc_announce_change()`,
    );
    expect(await heardAfter(() => db('older').delete().where({ id: -1 }))).toEqual(['notices']);
    await announceChanges(db, 'notices');
    expect(await heardAfter(() => db('older').delete().where({ id: -1 }))).toEqual([]);
    expect(await heardAfter(() => db('older').insert({ id: 1 }))).toEqual(['notices']);
    expect(await heardAfter(() => db.raw('truncate older'))).toEqual(['notices']);
  });

  it('announces a scoped table per row, with the part each row belongs to, once per transaction', async () => {
    await db.raw('create table items (id int primary key, shop int)');
    await db.raw('create table notes (id int primary key, item_id int)');
    await announceScopedChanges(db, 'notices', {
      table: 'items',
      scope: 'shop',
      keyOf: '$row.shop',
    });
    await announceScopedChanges(db, 'notices', {
      table: 'notes',
      scope: 'shop',
      keyOf: '(select i.shop from items i where i.id = $row.item_id)',
    });
    // A later start leaves the scoped tables as they are.
    await announceChanges(db, 'notices');
    const rows = [
      { id: 1, shop: 10 },
      { id: 2, shop: 10 },
      { id: 3, shop: 20 },
    ];
    expect(await heardAfter(() => db('items').insert(rows))).toEqual([
      'notices shop:10',
      'notices shop:20',
    ]);
    // A row moved from one part to another changes both.
    expect(await heardAfter(() => db('items').update({ shop: 30 }).where({ id: 3 }))).toEqual([
      'notices shop:20',
      'notices shop:30',
    ]);
    expect(await heardAfter(() => db('notes').insert({ id: 1, item_id: 1 }))).toEqual([
      'notices shop:10',
    ]);
    // A row of no known part is announced as the whole schema; no row changed, nothing.
    expect(await heardAfter(() => db('notes').insert({ id: 2, item_id: 99 }))).toEqual(['notices']);
    expect(await heardAfter(() => db('items').delete().where({ id: -1 }))).toEqual([]);
    expect(
      await heardAfter(() =>
        db
          .transaction(async (trx) => {
            await trx('items').insert({ id: 4, shop: 40 });
            throw new Error('roll back');
          })
          .catch(() => undefined),
      ),
    ).toEqual([]);
    expect(await heardAfter(() => db('items').delete().where({ id: 1 }))).toEqual([
      'notices shop:10',
    ]);
    expect(await heardAfter(() => db.raw('truncate notes'))).toEqual(['notices']);
  });

  it("announces an owned row deleted with its owner as the owner's part alone", async () => {
    await db.raw('create table carts (id int primary key, shop int)');
    await db.raw(
      'create table lines (id int primary key, cart_id int references carts on delete cascade)',
    );
    const lines = {
      table: 'lines',
      scope: 'shop',
      keyOf: '(select c.shop from carts c where c.id = $row.cart_id)',
    };
    await announceScopedChanges(db, 'notices', {
      table: 'carts',
      scope: 'shop',
      keyOf: '$row.shop',
    });
    await announceScopedChanges(db, 'notices', lines);
    await heardAfter(async () => {
      await db('carts').insert([
        { id: 1, shop: 10 },
        { id: 2, shop: 20 },
      ]);
      await db('lines').insert([
        { id: 1, cart_id: 1 },
        { id: 2, cart_id: 2 },
      ]);
    });
    // Not owned: the line deleted with its cart finds no cart, and announces the whole schema.
    expect(await heardAfter(() => db('carts').delete().where({ id: 1 }))).toEqual([
      'notices shop:10',
      'notices',
    ]);
    await announceScopedChanges(db, 'notices', { ...lines, owned: true });
    expect(await heardAfter(() => db('carts').delete().where({ id: 2 }))).toEqual([
      'notices shop:20',
    ]);
    // An owned row with its owner is announced as before; one of no known part written, too.
    await heardAfter(() => db('carts').insert({ id: 3, shop: 30 }));
    expect(await heardAfter(() => db('lines').insert({ id: 3, cart_id: 3 }))).toEqual([
      'notices shop:30',
    ]);
    expect(await heardAfter(() => db('lines').delete().where({ id: 3 }))).toEqual([
      'notices shop:30',
    ]);
    await heardAfter(() => db.raw('alter table lines drop constraint lines_cart_id_fkey'));
    expect(await heardAfter(() => db('lines').insert({ id: 4, cart_id: 99 }))).toEqual(['notices']);
    expect(await heardAfter(() => db('lines').update({ id: 5 }).where({ id: 4 }))).toEqual([
      'notices',
    ]);
    // Deleted after its owner went, it shows nowhere: nothing is announced.
    expect(await heardAfter(() => db('lines').delete().where({ id: 5 }))).toEqual([]);
  });

  it('announces nothing for a quiet table, and drops the announcements it had', async () => {
    await db.raw('create table uploads (id int primary key)');
    await announceChanges(db, 'notices');
    expect(await heardAfter(() => db('uploads').insert({ id: 1 }))).toEqual(['notices']);
    await announceChanges(db, 'notices', { quiet: ['uploads'] });
    expect(await heardAfter(() => db('uploads').insert({ id: 2 }))).toEqual([]);
    expect(await heardAfter(() => db.raw('truncate uploads'))).toEqual([]);
    // The other tables keep theirs.
    expect(await heardAfter(() => db('marks').insert({ name: 'quiet' }))).toEqual(['notices']);
  });

  it('silences a service no one keeps answers from: every table, scoped ones and truncates too', async () => {
    await silenceChanges(db, 'notices');
    expect(await heardAfter(() => db('marks').insert({ name: 'silent' }))).toEqual([]);
    expect(await heardAfter(() => db.raw('truncate marks'))).toEqual([]);
    const { rows } = await db.raw<{ rows: unknown[] }>(
      `select 1 from pg_trigger t join pg_class c on c.oid = t.tgrelid
        join pg_namespace n on n.oid = c.relnamespace
       where n.nspname = 'notices' and t.tgname like 'tc_changed%'`,
    );
    expect(rows).toEqual([]);
    // Announcing again puts them back (a service that starts keeping answers).
    await announceChanges(db, 'notices');
    expect(await heardAfter(() => db('marks').insert({ name: 'heard' }))).toEqual(['notices']);
  });

  it('puts back a table announced by part when told which are, and leaves a right one alone', async () => {
    await db.raw('create table stalls (id int primary key, shop int)');
    const stalls = { table: 'stalls', scope: 'shop', keyOf: '$row.shop' };
    await announceScopedChanges(db, 'notices', stalls);
    // A bulk load's migration without announcements, then a plain start: the whole schema.
    await silenceChanges(db, 'notices');
    await announceChanges(db, 'notices');
    expect(await heardAfter(() => db('stalls').insert({ id: 1, shop: 7 }))).toEqual(['notices']);
    // The service's start, told its tables by part.
    await announceChanges(db, 'notices', { scoped: [stalls] });
    expect(await heardAfter(() => db('stalls').insert({ id: 2, shop: 8 }))).toEqual([
      'notices shop:8',
    ]);
    expect(await heardAfter(() => db.raw('truncate stalls'))).toEqual(['notices']);
    const triggers = () =>
      db.raw<{ rows: { oid: number }[] }>(
        `select t.oid from pg_trigger t join pg_class c on c.oid = t.tgrelid
          where c.relname = 'stalls' order by t.oid`,
      );
    const before = (await triggers()).rows;
    await announceChanges(db, 'notices', { scoped: [stalls] });
    expect((await triggers()).rows).toEqual(before);
    // Its key changed in a later release: the function follows.
    await announceChanges(db, 'notices', { scoped: [{ ...stalls, keyOf: '$row.id' }] });
    expect(await heardAfter(() => db('stalls').insert({ id: 3, shop: 9 }))).toEqual([
      'notices shop:3',
    ]);
    // No longer by part: the whole schema again.
    await announceChanges(db, 'notices', { scoped: [] });
    expect(await heardAfter(() => db('stalls').insert({ id: 4, shop: 9 }))).toEqual(['notices']);
    await expect(
      announceChanges(db, 'notices', { scoped: [{ ...stalls, table: 'stall' }] }),
    ).rejects.toThrow('announced by part, not in notices: stall');
  });

  it('reads a notice as its service and the part changed', () => {
    expect(parseChangeNotice('reviews')).toEqual({ service: 'reviews', scope: null });
    expect(parseChangeNotice('reviews business:42')).toEqual({
      service: 'reviews',
      scope: 'business:42',
    });
  });
});

/** Parts forgotten count as changed: forgetting ends more, never keeps a changed value. */
describe('ScopedChanges', () => {
  it('tells which parts changed after a mark, remembering only the latest', () => {
    const changes = new ScopedChanges(2);
    changes.changed('a');
    const mark = changes.mark;
    expect(changes.changedSince('a', mark)).toBe(false);
    changes.changed('b');
    expect([changes.changedSince('a', mark), changes.changedSince('b', mark)]).toEqual([
      false,
      true,
    ]);
    changes.changed('c'); // `a` is forgotten, at the change it was last seen
    const later = changes.mark;
    expect(changes.changedSince('a', mark - 1)).toBe(true);
    expect(changes.changedSince('a', later)).toBe(false);
    changes.changed('d'); // `b` is forgotten: anything marked before it counts as changed
    expect(changes.changedSince('never-seen', mark)).toBe(true);
    expect(changes.changedSince('never-seen', later)).toBe(false);
  });
});

import type { Knex } from 'knex';

/**
 * knex's `transaction(work)` builds, for every transaction, a Transaction emitter, a client
 * with four forwarding listeners and a whole knex instance (`makeKnex`: some 150 closures), and
 * sends `BEGIN` and `COMMIT` through its query pipeline: on this project's 2-core VMs a
 * one-statement transaction cost Node 316–578 µs of CPU through knex against 137–160 µs for
 * `BEGIN`, the statement and `COMMIT` on the pg connection, and under the mixed load knex's
 * transaction objects were a tenth of what reviews promoted to the old generation
 * (docs/performance.md, "Twenty-third session"). Every write and every event applied is one.
 *
 * `lightenTransactions(db)` makes `db.transaction(work)` take a pooled connection, send `BEGIN`
 * on it, hand `work` a knex bound to that connection (built once per connection, not per
 * transaction), then `COMMIT`, or `ROLLBACK` and rethrow when `work` throws: what knex does, at
 * 187–263 µs. What callers rely on is kept: `isTransaction`, `executionPromise` (settled after
 * the commit, as `afterCommit` needs), `isCompleted()`, statements after the end refused
 * ("Transaction query already complete"), a nested `trx.transaction()` as a savepoint whose
 * `parentTransaction` is the outer one, query events forwarded to the pool's knex (its SQL
 * spans). A transaction with options (isolation level, read only) or without a handler goes
 * to knex's own. As with knex, a `COMMIT` of a transaction a failed statement aborted ends it
 * rolled back without an error: a handler that catches a statement's error must not go on.
 */

interface PgResult {
  rows: unknown[];
}

interface PgConnection {
  query(text: string, done: (error: Error | null, result?: PgResult | PgResult[]) => void): void;
}

interface KnexClient {
  constructor: { prototype: object };
  acquireConnection(): Promise<PgConnection>;
  releaseConnection(connection: PgConnection): Promise<unknown>;
  emit(event: string, ...args: unknown[]): boolean;
  on(event: string, listener: (...args: unknown[]) => void): unknown;
  query(connection: PgConnection, query: unknown): Promise<unknown>;
  stream(connection: PgConnection, ...rest: unknown[]): Promise<unknown>;
}

/** A connection's own knex, and whether a transaction is open on it now. */
interface Bound {
  trx: Knex.Transaction;
  open: boolean;
  /** What a nested transaction waits on, as knex's outer transaction offers it. */
  outer: { transactor: Knex.Transaction; _lastChild: Promise<unknown>; isCompleted(): boolean };
}

// knex has no public way to build an instance on one connection; its transactions use this
// (knex is pinned: light-transactions.test.ts fails if it moves).
// eslint-disable-next-line @typescript-eslint/no-require-imports
const makeKnex = require('knex/lib/knex-builder/make-knex') as (client: object) => Knex;

const COMPLETED = 'Transaction query already complete';
const EVENTS = ['start', 'query', 'query-error', 'query-response'];

/** Sends a simple query; answers the rows of its last statement. */
function send(connection: PgConnection, text: string): Promise<unknown[]> {
  return new Promise((resolve, reject) => {
    connection.query(text, (error, result) => {
      if (error) return reject(error);
      const last = Array.isArray(result) ? result[result.length - 1] : result;
      resolve(last?.rows ?? []);
    });
  });
}

/** The transaction runner of a lightened knex, with its opening statement. */
const OPENED_WITH = Symbol('transaction opened with');

type OpenedWork<T> = (trx: Knex.Transaction, rows: unknown[]) => Promise<T> | T;

/**
 * A transaction whose first statement `opening` (a whole SQL text, its values written in as
 * literals with `escapeLiteral`) travels with its `BEGIN` in one simple query: one round trip
 * to Postgres fewer than `BEGIN` and then the statement. `work` gets the statement's rows. The
 * event consumers open every transaction with their inbox claim this way. Not prepared, the
 * statement is planned each time: worth it for a simple one (the claim), not for a complex one
 * (the relay's take cost Postgres more to plan than the round trip saved). Like `BEGIN`, it
 * gets no SQL span of its own.
 */
export function transactionOpenedWith<T>(
  db: Knex,
  opening: string,
  work: (trx: Knex.Transaction, rows: unknown[]) => Promise<T>,
): Promise<T> {
  const run = (db as unknown as { [OPENED_WITH]?: (w: OpenedWork<T>, o: string) => Promise<T> })[
    OPENED_WITH
  ];
  if (run) return run(work, opening);
  // A knex not lightened (knex's own transactions): the statement first, as usual.
  return db.transaction(async (trx) => work(trx, (await trx.raw(opening)).rows as unknown[]));
}

/** A client that always uses `connection`, refusing statements while no transaction is open. */
function boundClient(client: KnexClient, connection: PgConnection, bound: () => Bound): object {
  const own = Object.create(client.constructor.prototype) as KnexClient & Record<string, unknown>;
  for (const field of ['version', 'config', 'driver', 'connectionSettings', 'valueForUndefined']) {
    own[field] = (client as unknown as Record<string, unknown>)[field];
  }
  own.logger = (client as unknown as Record<string, unknown>).logger;
  own.transacting = true;
  for (const event of EVENTS) own.on(event, (...args) => client.emit(event, ...args));
  const check = (conn: PgConnection) => {
    if (conn !== connection) throw new Error('Invalid connection for transaction query.');
    if (!bound().open) throw new Error(COMPLETED);
  };
  const query = own.query;
  own.query = async (conn: PgConnection, obj: unknown) => {
    check(conn);
    return query.call(own, conn, obj);
  };
  const stream = own.stream;
  own.stream = async (conn: PgConnection, ...rest: unknown[]) => {
    check(conn);
    return stream.call(own, conn, ...rest);
  };
  own.acquireConnection = async () => {
    if (!bound().open) throw new Error(COMPLETED);
    return connection;
  };
  own.releaseConnection = async () => undefined;
  return own;
}

function bind(client: KnexClient, connection: PgConnection): Bound {
  const bound = { open: false } as Bound;
  const trx = makeKnex(boundClient(client, connection, () => bound)) as Knex.Transaction & {
    context: { transaction: unknown; _transaction: (...args: unknown[]) => unknown };
  };
  Object.assign(trx, { isTransaction: true, userParams: {}, isCompleted: () => !bound.open });
  // A nested transaction is a savepoint on this connection, ordered after its siblings.
  trx.context.transaction = function (
    this: { _transaction: (...args: unknown[]) => unknown },
    container: unknown,
    options?: { doNotRejectOnRollback?: boolean },
  ) {
    const config = { doNotRejectOnRollback: true, ...options };
    return this._transaction(container, config, bound.outer);
  };
  bound.trx = trx;
  return bound;
}

export function lightenTransactions(db: Knex): void {
  const client = db.client as KnexClient;
  const original = db.transaction.bind(db);
  const byConnection = new WeakMap<PgConnection, Bound>();

  async function run<T>(work: OpenedWork<T>, opening?: string): Promise<T> {
    const connection = await client.acquireConnection();
    let bound = byConnection.get(connection);
    if (!bound) {
      bound = bind(client, connection);
      byConnection.set(connection, bound);
    }
    let settle!: (committed: boolean, value?: unknown) => void;
    const executionPromise = new Promise<unknown>((resolve, reject) => {
      settle = (committed, value) => (committed ? resolve(value) : reject(value));
    });
    // Nobody need listen: a rollback's rejection is the caller's error, thrown below.
    executionPromise.catch(() => undefined);
    try {
      const rows = await send(connection, opening ? `BEGIN; ${opening}` : 'BEGIN').catch(
        async (error: unknown) => {
          // The opening statement failed inside the transaction its BEGIN opened.
          if (opening) await send(connection, 'ROLLBACK').catch(() => undefined);
          settle(false, error);
          throw error;
        },
      );
      bound.open = true;
      const open = bound;
      bound.outer = {
        transactor: bound.trx,
        _lastChild: Promise.resolve(),
        isCompleted: () => !open.open,
      };
      (bound.trx as { executionPromise: Promise<unknown> }).executionPromise = executionPromise;
      let value: T;
      try {
        value = await work(bound.trx, rows);
      } catch (error) {
        bound.open = false;
        await send(connection, 'ROLLBACK').catch(() => undefined);
        settle(false, error);
        throw error;
      }
      bound.open = false;
      await send(connection, 'COMMIT').catch((error: unknown) => {
        settle(false, error);
        throw error;
      });
      settle(true, value);
      return value;
    } finally {
      bound.open = false;
      await client.releaseConnection(connection);
    }
  }

  const transaction = (work?: unknown, config?: unknown) =>
    typeof work === 'function' && config === undefined
      ? run(work as (trx: Knex.Transaction) => Promise<unknown>)
      : original(work as never, config as never);
  Object.defineProperty(db, 'transaction', { value: transaction, configurable: true });
  Object.defineProperty(db, OPENED_WITH, { value: run, configurable: true });
}

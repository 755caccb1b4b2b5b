import { preparedRows, type Knex, type Nullable } from '../db';
import type { TraceCarrier } from '../tracing/context';

export interface OutboxRow {
  seq: string;
  id: string;
  subject: string;
  envelope: unknown;
  traceparent: string | null;
  tracestate: string | null;
}

/** A row as the relay takes it: with its time, to put it back as it was. */
export interface TakenRow extends OutboxRow {
  created_at: Date;
}

/** All SQL on the `outbox` table. Unqualified names resolve in the service's own schema. */
export const outboxStore = {
  async insert(
    trx: Knex.Transaction,
    row: { id: string; subject: string; envelope: unknown; trace: TraceCarrier | null },
  ) {
    // Prepared: every write of every service records its events here. The relay is woken in
    // this process once the transaction commits (local-wake.ts), not by a NOTIFY.
    await preparedRows(
      trx,
      trx.raw(
        `insert into outbox (id, subject, envelope, traceparent, tracestate)
         values (?, ?, ?::jsonb, ?, ?)`,
        [
          row.id,
          row.subject,
          JSON.stringify(row.envelope),
          row.trace?.traceparent ?? null,
          row.trace?.tracestate ?? null,
        ],
      ),
    );
  },

  /**
   * The outbox insert as a CTE, `outboxed`, of a caller's statement: one event per row of the
   * caller's CTE `from`, its payload what the SQL `data` computes from that row. The caller
   * wakes the relay when the statement has committed (`wakeAfterCommit`), and its statement
   * reads `outboxed` (the rows written), so that the one statement answers whether it wrote.
   */
  insertCte(
    from: string,
    data: string,
    dataBindings: readonly Knex.RawBinding[],
    row: { id: string; subject: string; header: unknown; trace: TraceCarrier | null },
  ): { sql: string; bindings: Knex.RawBinding[] } {
    return {
      sql: `outboxed as (
         insert into outbox (id, subject, envelope, traceparent, tracestate)
         select ?, ?, ?::jsonb || jsonb_build_object('data', ${data}), ?, ? from ${from}
         returning 1 as written)`,
      bindings: [
        row.id,
        row.subject,
        JSON.stringify(row.header),
        ...dataBindings,
        row.trace?.traceparent ?? null,
        row.trace?.tracestate ?? null,
      ],
    };
  },

  /**
   * The statement that takes the oldest rows out of the outbox for one relay round, to open
   * the round's transaction with (`transactionOpenedWith`: it travels with the `BEGIN`): the
   * rows are deleted in that transaction and answered, so the round costs one statement
   * instead of a lock, a read and a delete, and a rollback (the publish failed, the relay
   * crashed) puts them all back. It calls `outbox_take` (migrations.ts), whose one statement
   * works so:
   *
   * One relay at a time per schema: a transaction-scoped advisory lock, released by commit or
   * rollback, so a crashed relay can never leave it held; not granted, nothing is taken, and
   * `granted` says so (another replica is relaying: what this one's process just wrote may
   * have come after that round took its rows, so the relay tries again soon). The statement's
   * snapshot predates the lock, so it may still see rows a relay that held the lock deleted and
   * committed since: as a `delete` it skips them (a row deleted by a committed transaction is
   * not deleted twice under read committed), where a `select` republished them (the
   * two-replica test catches it).
   */
  takeStatement(limit: number): string {
    if (!Number.isSafeInteger(limit) || limit < 1) throw new Error(`bad batch size ${limit}`);
    return `select * from outbox_take(${limit})`;
  },

  /** What `takeStatement` answered: whether the lock was granted, and the rows in `seq` order. */
  taken(answered: unknown[]): { granted: boolean; rows: TakenRow[] } {
    const all = answered as ({ granted: boolean } & Nullable<TakenRow>)[];
    const rows = all.filter((row): row is { granted: boolean } & TakenRow => row.seq !== null);
    // Published in `seq` order: a `returning` list has no order of its own.
    rows.sort((a, b) => (BigInt(a.seq) < BigInt(b.seq) ? -1 : 1));
    return {
      granted: all[0]?.granted === true,
      rows: rows.map(({ granted: _granted, ...row }) => row),
    };
  },

  /** Puts rows taken by this round back as they were (their publish was not acknowledged). */
  async putBack(trx: Knex.Transaction, rows: TakenRow[]): Promise<void> {
    if (rows.length === 0) return;
    await trx('outbox').insert(
      rows.map((row) => ({ ...row, envelope: JSON.stringify(row.envelope) })),
    );
  },

  async backlog(db: Knex): Promise<{ rows: number; oldestAgeSeconds: number }> {
    const result = await db.raw<{ rows: { rows: string; age: string | null }[] }>(
      `select count(*) as rows, extract(epoch from now() - min(created_at)) as age from outbox`,
    );
    const row = result.rows[0];
    return { rows: Number(row?.rows ?? 0), oldestAgeSeconds: Number(row?.age ?? 0) };
  },
};

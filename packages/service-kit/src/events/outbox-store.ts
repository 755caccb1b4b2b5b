import { preparedRows, type Knex } from '../db';
import type { TraceCarrier } from '../tracing/context';

export interface OutboxRow {
  seq: string;
  id: string;
  subject: string;
  envelope: unknown;
  traceparent: string | null;
  tracestate: string | null;
}

/** All SQL on the `outbox` table. Unqualified names resolve in the service's own schema. */
export const outboxStore = {
  async insert(
    trx: Knex.Transaction,
    row: { id: string; subject: string; envelope: unknown; trace: TraceCarrier | null },
  ) {
    // One round trip: the row, and a wake-up for the relay at commit (NOTIFY is transactional:
    // a rollback sends nothing). Postgres folds identical notifications within one
    // transaction, so a busy transaction costs one.
    // Prepared: every write of every service records its events here.
    await preparedRows(
      trx,
      trx.raw(
        `with added as (
           insert into outbox (id, subject, envelope, traceparent, tracestate)
           values (?, ?, ?::jsonb, ?, ?) returning 1)
         select pg_notify('outbox_' || current_schema(), '') from added`,
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
   * One relay at a time per schema: a transaction-scoped advisory lock, released by commit or
   * rollback, so a crashed relay can never leave it held. Its own statement on purpose: the
   * read that follows must take its snapshot after the lock is granted. Folded into the read,
   * the statement's snapshot predates the lock: a relay whose statement began just before
   * another's commit got the lock and republished the rows that commit had deleted (the
   * two-replica test catches it).
   */
  async tryLock(trx: Knex.Transaction): Promise<boolean> {
    const [row] = await preparedRows<{ locked: boolean }>(
      trx,
      trx.raw(
        `select pg_try_advisory_xact_lock(hashtext('trustcircle.outbox.' || current_schema())) as locked`,
      ),
    );
    return row?.locked === true;
  },

  // The relay's statements are prepared: it runs them every round, for every event written.
  async oldest(trx: Knex.Transaction, limit: number): Promise<OutboxRow[]> {
    return preparedRows<OutboxRow>(
      trx,
      trx('outbox')
        .select('seq', 'id', 'subject', 'envelope', 'traceparent', 'tracestate')
        .orderBy('seq')
        .limit(limit),
    );
  },

  async remove(trx: Knex.Transaction, ids: string[]): Promise<void> {
    // One statement text whatever the count (an `in` list would prepare one per length).
    if (ids.length) {
      await preparedRows(trx, trx.raw('delete from outbox where id = any(?::uuid[])', [ids]));
    }
  },

  async backlog(db: Knex): Promise<{ rows: number; oldestAgeSeconds: number }> {
    const result = await db.raw<{ rows: { rows: string; age: string | null }[] }>(
      `select count(*) as rows, extract(epoch from now() - min(created_at)) as age from outbox`,
    );
    const row = result.rows[0];
    return { rows: Number(row?.rows ?? 0), oldestAgeSeconds: Number(row?.age ?? 0) };
  },
};

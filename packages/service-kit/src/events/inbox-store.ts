import { preparedRows, type Knex } from '../db';

/** All SQL on the `inbox` table. */
export const inboxStore = {
  /**
   * Claims an event for a consumer inside the handler's transaction. `false` means it was
   * applied before. A concurrent claim of the same id waits on the primary key until the first
   * transaction ends, so two deliveries racing each other still apply once.
   */
  async claim(trx: Knex.Transaction, consumer: string, eventId: string): Promise<boolean> {
    // Prepared, as claimAll: every event every consumer applies is claimed here.
    const rows = await preparedRows(
      trx,
      trx.raw(
        `insert into inbox (consumer, event_id) values (?, ?)
         on conflict do nothing returning event_id`,
        [consumer, eventId],
      ),
    );
    return rows.length === 1;
  },

  /** `claim` for several events in one statement: answers the ids claimed now. */
  async claimAll(trx: Knex.Transaction, consumer: string, eventIds: string[]): Promise<string[]> {
    const rows = await preparedRows<{ event_id: string }>(
      trx,
      trx.raw(
        `insert into inbox (consumer, event_id) select ?, unnest(?::uuid[])
         on conflict do nothing returning event_id`,
        [consumer, eventIds],
      ),
    );
    return rows.map((row) => row.event_id);
  },

  /** Ids older than any possible redelivery are of no more use. */
  async prune(db: Knex, consumer: string, olderThanMs: number): Promise<number> {
    return db('inbox')
      .where({ consumer })
      .where('processed_at', '<', new Date(Date.now() - olderThanMs))
      .delete();
  },
};

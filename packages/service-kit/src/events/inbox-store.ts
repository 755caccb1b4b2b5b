import { escapeLiteral } from 'pg';
import type { Knex } from '../db';

/** All SQL on the `inbox` table. */
export const inboxStore = {
  /**
   * Claims events for a consumer, as one whole statement with its values written in, for
   * `transactionOpenedWith`: the claim travels with the transaction's `BEGIN`. Its rows are the
   * `{ event_id }` claimed now; an id missing was applied before. A concurrent claim of the same
   * id waits on the primary key until the first transaction ends, so two deliveries racing each
   * other still apply once.
   */
  claimStatement(consumer: string, eventIds: string[]): string {
    // A `values` list: Postgres plans it in less time than an `unnest` of an array.
    const who = escapeLiteral(consumer);
    const rows = eventIds.map((id) => `(${who}, ${escapeLiteral(id)}::uuid)`).join(', ');
    return `insert into inbox (consumer, event_id) values ${rows}
      on conflict do nothing returning event_id`;
  },

  /** Ids older than any possible redelivery are of no more use. */
  async prune(db: Knex, consumer: string, olderThanMs: number): Promise<number> {
    return db('inbox')
      .where({ consumer })
      .where('processed_at', '<', new Date(Date.now() - olderThanMs))
      .delete();
  },
};

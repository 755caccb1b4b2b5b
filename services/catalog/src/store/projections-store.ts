import type { ActivityChangedEventData } from '@trustcircle/contracts';
import { preparedRows, upsertNewestVersion, type Knex } from '@trustcircle/service-kit';
import { AUTHOR_LOCK, BUSINESS_LOCK } from './lock-keys';

export interface FactRow {
  review_id: number;
  business_id: number;
  user_id: number | null;
  rating: number | null;
  group_ids: number[];
  helpful_count: number;
  author_verified: boolean;
  author_new_account: boolean;
  created_at: Date | null;
  hidden: boolean;
  version: number;
  facts_version: number | null;
  helpful_version: number;
}

export type FactWrite = Omit<FactRow, 'review_id'>;

const FACT_COLUMNS = [
  'review_id',
  'business_id',
  'user_id',
  'rating',
  'group_ids',
  'helpful_count',
  'author_verified',
  'author_new_account',
  'created_at',
  'hidden',
  'version',
  'facts_version',
  'helpful_version',
] as const satisfies readonly (keyof FactRow)[];

/** All SQL on the projections: review_facts, authors, groups (the scores: scores-store.ts). */
export const projectionsStore = {
  async lockBusinesses(trx: Knex.Transaction, businessIds: number[]): Promise<void> {
    await projectionsStore.lockAuthorAndBusinesses(trx, null, businessIds);
  },

  async lockAuthor(trx: Knex.Transaction, userId: number): Promise<void> {
    await projectionsStore.lockAuthorAndBusinesses(trx, userId, []);
  },

  /**
   * The author's lock (if any), then the businesses', in one statement: the order every writer
   * takes them in (lock-keys.ts), businesses ascending, so two transactions never wait on each
   * other in a cycle. A function scan of `unnest` takes the locks in the arrays' order.
   */
  async lockAuthorAndBusinesses(
    trx: Knex.Transaction,
    userId: number | null,
    businessIds: number[],
  ): Promise<void> {
    const ids = [...new Set(businessIds)].sort((a, b) => a - b);
    const classes = ids.map(() => BUSINESS_LOCK);
    if (userId !== null) {
      ids.unshift(userId);
      classes.unshift(AUTHOR_LOCK);
    }
    if (ids.length === 0) return;
    await preparedRows(
      trx,
      trx.raw(
        'select pg_advisory_xact_lock(k, id) from unnest(?::integer[], ?::integer[]) as l(k, id)',
        [classes, ids],
      ),
    );
  },

  async fact(trx: Knex.Transaction, reviewId: number): Promise<FactRow | null> {
    const row = await trx('review_facts').where({ review_id: reviewId }).first();
    return (row as FactRow | undefined) ?? null;
  },

  /**
   * A review's fact (null before any of its events) and its author's verification as last
   * heard (null when never heard), in one statement.
   */
  async factAndAuthor(
    trx: Knex.Transaction,
    reviewId: number,
    userId: number,
  ): Promise<{ fact: FactRow | null; authorVerified: boolean | null }> {
    // One row, always: the outer joins leave a fact's columns null when there is none.
    const [row] = await preparedRows<
      { [K in keyof FactRow]: FactRow[K] | null } & { is_verified: boolean | null }
    >(
      trx,
      trx.raw(
        `select ${FACT_COLUMNS.map((column) => `f.${column}`).join(', ')}, a.is_verified
           from (select 1) one
           left join review_facts f on f.review_id = ?
           left join authors a on a.user_id = ?`,
        [reviewId, userId],
      ),
    );
    const { is_verified: authorVerified, ...fact } = row!;
    return { fact: fact.review_id === null ? null : (fact as FactRow), authorVerified };
  },

  async factsOf(trx: Knex.Transaction, reviewIds: number[]): Promise<Map<number, FactRow>> {
    // Prepared, like the vote batch's other statements (one text for any number of ids). Its
    // columns named: a prepared `select *` fails once a migration adds a column.
    const rows = await preparedRows<FactRow>(
      trx,
      trx.raw(
        `select ${FACT_COLUMNS.join(', ')} from review_facts where review_id = any(?::integer[])`,
        [reviewIds],
      ),
    );
    return new Map(rows.map((row) => [row.review_id, row]));
  },

  /** Inserts or replaces several facts in one statement. */
  async saveFacts(trx: Knex.Transaction, facts: FactRow[]): Promise<void> {
    if (facts.length === 0) return;
    await preparedRows(
      trx,
      trx.raw(
        `insert into review_facts as f (${FACT_COLUMNS.join(', ')})
       select ${FACT_COLUMNS.join(', ')}
         from jsonb_to_recordset(?::jsonb) as x(review_id integer, business_id integer,
              user_id integer, rating smallint, group_ids integer[], helpful_count integer,
              author_verified boolean, author_new_account boolean, created_at timestamptz, hidden boolean, version integer,
              facts_version integer, helpful_version integer)
       on conflict (review_id) do update set
         ${FACT_COLUMNS.filter((c) => c !== 'review_id')
           .map((c) => `${c} = excluded.${c}`)
           .join(', ')}`,
        [JSON.stringify(facts)],
      ),
    );
  },

  async saveFact(
    trx: Knex.Transaction,
    reviewId: number,
    fact: FactWrite,
    exists: boolean,
  ): Promise<void> {
    const row = { ...fact, group_ids: trx.raw('?::integer[]', [fact.group_ids]) };
    if (exists) await trx('review_facts').where({ review_id: reviewId }).update(row);
    else await trx('review_facts').insert({ review_id: reviewId, ...row });
  },

  async deleteFact(trx: Knex.Transaction, reviewId: number): Promise<void> {
    await trx('review_facts').where({ review_id: reviewId }).delete();
  },

  /** A member who left: their verification is theirs, not the platform's to keep. */
  async deleteAuthor(trx: Knex.Transaction, userId: number): Promise<void> {
    await trx('authors').where({ user_id: userId }).delete();
  },

  /** Keeps the newest version; answers whether this one was newer. */
  async upsertAuthor(
    trx: Knex.Transaction,
    author: { userId: number; isVerified: boolean; version: number },
  ): Promise<boolean> {
    return upsertNewestVersion(trx, 'authors', 'user_id', {
      user_id: author.userId,
      is_verified: author.isVerified,
      version: author.version,
    });
  },

  async businessesWithAuthorVerification(
    trx: Knex.Transaction,
    userId: number,
    isVerified: boolean,
  ): Promise<number[]> {
    const rows = await trx('review_facts')
      .distinct('business_id')
      .where({ user_id: userId })
      .whereNot({ author_verified: isVerified });
    return rows.map((row: { business_id: number }) => row.business_id);
  },

  async setAuthorVerification(
    trx: Knex.Transaction,
    userId: number,
    isVerified: boolean,
  ): Promise<void> {
    await trx('review_facts')
      .where({ user_id: userId })
      .whereNot({ author_verified: isVerified })
      .update({ author_verified: isVerified });
  },

  /** Keeps the newest version of a business's unusual-activity flag. */
  async upsertActivity(trx: Knex.Transaction, activity: ActivityChangedEventData): Promise<void> {
    const flag = activity.unusualActivity;
    await upsertNewestVersion(trx, 'business_activity', 'business_id', {
      business_id: activity.businessId,
      since: flag?.since ?? null,
      review_count: flag?.reviewCount ?? null,
      flagged: flag !== null,
      version: activity.version,
    });
  },

  async upsertGroup(
    trx: Knex.Transaction,
    group: { id: number; name: string; version: number },
  ): Promise<void> {
    const { id, name, version } = group;
    await upsertNewestVersion(trx, 'groups', 'id', { id, name, version });
  },
};

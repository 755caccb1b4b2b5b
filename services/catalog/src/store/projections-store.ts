import type { ActivityChangedEventData } from '@trustcircle/contracts';
import { preparedRows, upsertNewestVersion, type Knex } from '@trustcircle/service-kit';
import { FACT_COLUMNS, UPSERT_FACTS, type FactRow, type FactWrite } from './fact-rows';
import { AUTHOR_LOCK, BUSINESS_LOCK } from './lock-keys';
import { storedSums, SUMS_COLUMNS, type StoredSums, type SumsRow } from './scores-store';

export type { FactRow, FactWrite };

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
   * What a review's event is merged with, in one statement: its fact (null before any of its
   * events), its author's verification as last heard (null when never heard) and its business's
   * stored sums (undefined for a business not known here).
   */
  async reviewContext(
    trx: Knex.Transaction,
    review: { id: number; userId: number; businessId: number },
  ): Promise<{ fact: FactRow | null; authorVerified: boolean | null; sums?: StoredSums }> {
    // One row, always: the outer joins leave the columns null of what is not there.
    const [row] = await preparedRows<
      { [K in keyof FactRow]: FactRow[K] | null } & {
        is_verified: boolean | null;
        business_known: boolean;
      } & SumsRow
    >(
      trx,
      trx.raw(
        `select ${FACT_COLUMNS.map((column) => `f.${column}`).join(', ')}, a.is_verified,
                b.id is not null as business_known, ${SUMS_COLUMNS}
           from (select 1) one
           left join review_facts f on f.review_id = ?
           left join authors a on a.user_id = ?
           left join businesses b on b.id = ?`,
        [review.id, review.userId, review.businessId],
      ),
    );
    const { is_verified: authorVerified, business_known: businessKnown, ...rest } = row!;
    const fact = Object.fromEntries(FACT_COLUMNS.map((column) => [column, rest[column]]));
    return {
      fact: rest.review_id === null ? null : (fact as unknown as FactRow),
      authorVerified,
      ...(businessKnown ? { sums: storedSums(rest) } : {}),
    };
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
    await preparedRows(trx, trx.raw(UPSERT_FACTS, [JSON.stringify(facts)]));
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

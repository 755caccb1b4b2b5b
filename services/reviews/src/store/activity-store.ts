import type { Knex, Nullable } from '@trustcircle/service-kit';

/** Advisory-lock class: one burst evaluation per business at a time. */
const ACTIVITY_LOCK = 44_001;

export interface ActivityRow {
  business_id: number;
  since: Date;
  review_count: number;
  flagged_at: Date;
  cleared_at: Date | null;
  version: number;
}

/** A business's flag (its one row) is active until a moderator clears it. */
const STANDING = 'cleared_at is null';

/** All SQL on `unusual_activity` and the counts the burst rule reads. */
export const activityStore = {
  async lockBusiness(trx: Knex, businessId: number): Promise<void> {
    await trx.raw('select pg_advisory_xact_lock(?, ?)', [ACTIVITY_LOCK, businessId]);
  },

  /**
   * The business's active flag (null when none) and its reviews written in [windowStart, at]
   * and in [baselineStart, windowStart), in one statement: what the burst rule reads for each
   * new review.
   */
  async activeAndCounts(
    trx: Knex,
    businessId: number,
    range: { baselineStart: Date; windowStart: Date; at: Date },
  ): Promise<{ active: ActivityRow | null; counts: { lastWindow: number; baseline: number } }> {
    // The flag's columns null when there is none (an outer join on the one row of counts).
    const { rows } = await trx.raw<{
      rows: ({ last_window: number; baseline: number } & Nullable<ActivityRow>)[];
    }>(
      `select c.last_window, c.baseline, a.*
         from (select count(*) filter (where created_at >= ?)::int as last_window,
                      count(*) filter (where created_at < ?)::int as baseline
                 from reviews
                where business_id = ? and created_at >= ? and created_at <= ?) c
         left join unusual_activity a on a.business_id = ? and a.${STANDING}`,
      [range.windowStart, range.windowStart, businessId, range.baselineStart, range.at, businessId],
    );
    const { last_window: lastWindow, baseline, ...flag } = rows[0]!;
    return {
      active: flag.business_id === null ? null : (flag as ActivityRow),
      counts: { lastWindow, baseline },
    };
  },

  /** The window's reviews not already removed, oldest first, with the window's first time. */
  async windowReviews(
    trx: Knex,
    businessId: number,
    range: { windowStart: Date; at: Date },
  ): Promise<{ id: number; created_at: Date }[]> {
    return trx('reviews')
      .where({ business_id: businessId })
      .whereNot({ status: 'removed' })
      .whereBetween('created_at', [range.windowStart, range.at])
      .orderBy('id')
      .select('id', 'created_at');
  },

  async active(trx: Knex, businessId: number): Promise<ActivityRow | null> {
    const row = await trx('unusual_activity')
      .where({ business_id: businessId })
      .whereRaw(STANDING)
      .first();
    return (row as ActivityRow | undefined) ?? null;
  },

  async flag(
    trx: Knex,
    flag: { businessId: number; since: Date; reviewCount: number },
  ): Promise<ActivityRow> {
    const result = await trx.raw<{ rows: ActivityRow[] }>(
      `insert into unusual_activity as a (business_id, since, review_count, flagged_at, version)
       values (?, ?, ?, now(), 1)
       on conflict (business_id) do update set since = excluded.since,
         review_count = excluded.review_count, flagged_at = now(), cleared_at = null,
         version = a.version + 1
       returning *`,
      [flag.businessId, flag.since, flag.reviewCount],
    );
    return result.rows[0]!;
  },

  async setCount(trx: Knex, businessId: number, reviewCount: number): Promise<ActivityRow> {
    const [row] = await trx('unusual_activity')
      .where({ business_id: businessId })
      .update({ review_count: reviewCount, version: trx.raw('version + 1') })
      .returning('*');
    return row as ActivityRow;
  },

  async clear(trx: Knex, businessId: number): Promise<ActivityRow> {
    const [row] = await trx('unusual_activity')
      .where({ business_id: businessId })
      .update({ cleared_at: trx.fn.now(), version: trx.raw('version + 1') })
      .returning('*');
    return row as ActivityRow;
  },

  /** Reviews of the business still queued for unusual activity. */
  async pendingBurstReviews(trx: Knex, businessId: number): Promise<number> {
    const row = await trx('moderation_queue')
      .where({ business_id: businessId })
      .whereRaw(`'unusual-activity' = any(causes)`)
      .first(trx.raw('count(*)::int as n'));
    return row?.n ?? 0;
  },

  async flaggedBusinesses(db: Knex): Promise<{ business_id: number; flagged_at: Date }[]> {
    return db('unusual_activity').whereRaw(STANDING).select('business_id', 'flagged_at');
  },
};

import type { Knex } from '@trustcircle/service-kit';

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

/** All SQL on `unusual_activity` and the counts the burst rule reads. */
export const activityStore = {
  async lockBusiness(trx: Knex, businessId: number): Promise<void> {
    await trx.raw('select pg_advisory_xact_lock(?, ?)', [ACTIVITY_LOCK, businessId]);
  },

  /** Reviews of the business written in [windowStart, at] and in [baselineStart, windowStart). */
  async counts(
    trx: Knex,
    businessId: number,
    range: { baselineStart: Date; windowStart: Date; at: Date },
  ): Promise<{ lastWindow: number; baseline: number }> {
    const row = await trx('reviews')
      .where({ business_id: businessId })
      .where('created_at', '>=', range.baselineStart)
      .where('created_at', '<=', range.at)
      .first(
        trx.raw('count(*) filter (where created_at >= ?)::int as last_window', [range.windowStart]),
        trx.raw('count(*) filter (where created_at < ?)::int as baseline', [range.windowStart]),
      );
    return { lastWindow: row?.last_window ?? 0, baseline: row?.baseline ?? 0 };
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
      .whereNull('cleared_at')
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
    return db('unusual_activity').whereNull('cleared_at').select('business_id', 'flagged_at');
  },
};

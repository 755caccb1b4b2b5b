import { preparedRows, type Knex } from '@trustcircle/service-kit';

export interface CounterHit {
  key: string;
  /** How much this request spends: 1 for a request, the byte count for byte budgets. */
  points: number;
  windowSeconds: number;
}

export interface CounterState {
  key: string;
  /** Spent in the current window, this request included. */
  points: number;
  /** Seconds until the window ends (at least 1). */
  retryAfterSeconds: number;
}

interface CounterRow {
  key: string;
  points: string | number;
  retry_after: number;
}

const toState = (row: CounterRow): CounterState => ({
  key: row.key,
  points: Number(row.points),
  retryAfterSeconds: Math.max(1, row.retry_after),
});

export interface CountersStore {
  /** Spends on every key in one statement (one round trip) and answers each key's state. */
  hit(hits: CounterHit[]): Promise<Map<string, CounterState>>;
  /** The key's current window, or null when it has none. */
  peek(key: string): Promise<CounterState | null>;
  clear(key: string): Promise<void>;
  deleteExpired(): Promise<number>;
}

/**
 * Fixed windows in `gateway.rate_limits`, timed by the database clock so every replica agrees.
 * A window starts at a key's first hit after the previous one ended.
 */
export function knexCountersStore(db: Knex): CountersStore {
  return {
    async hit(hits) {
      // One row per key (ON CONFLICT cannot touch a row twice), in key order so two requests
      // that share keys lock them in the same order and cannot deadlock.
      const merged = new Map<string, CounterHit>();
      for (const hit of hits) {
        const seen = merged.get(hit.key);
        merged.set(hit.key, seen ? { ...seen, points: seen.points + hit.points } : hit);
      }
      const rows = [...merged.values()].sort((a, b) => (a.key < b.key ? -1 : 1));
      if (rows.length === 0) return new Map();
      // Prepared: every write under /api spends here.
      const spent = await preparedRows<CounterRow>(
        db,
        db.raw(
          `insert into rate_limits as c (key, points, expires_at)
         select k, p, now() + w * interval '1 second'
           from unnest(?::text[], ?::bigint[], ?::int[]) as t(k, p, w)
         on conflict (key) do update set
           points = case when c.expires_at <= now() then excluded.points
                         else c.points + excluded.points end,
           expires_at = case when c.expires_at <= now() then excluded.expires_at
                             else c.expires_at end
         returning c.key, c.points,
           ceil(extract(epoch from c.expires_at - now()))::int as retry_after`,
          [rows.map((r) => r.key), rows.map((r) => r.points), rows.map((r) => r.windowSeconds)],
        ),
      );
      return new Map(spent.map((row) => [row.key, toState(row)]));
    },

    async peek(key) {
      const row = (await db('rate_limits')
        .where({ key })
        .andWhere('expires_at', '>', db.fn.now())
        .first(
          'key',
          'points',
          db.raw('ceil(extract(epoch from expires_at - now()))::int as retry_after'),
        )) as CounterRow | undefined;
      return row ? toState(row) : null;
    },

    async clear(key) {
      await db('rate_limits').where({ key }).delete();
    },

    async deleteExpired() {
      return db('rate_limits').where('expires_at', '<=', db.fn.now()).delete();
    },
  };
}

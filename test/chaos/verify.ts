/**
 * After a fault, with the load paused: every acknowledged write is in its source table exactly
 * once and in its acknowledged state, and every projection, counter and score equals a
 * recomputation from the sources (the reconciler's checks, run in-process).
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { openDatabase } from '../../scripts/reconcile/db.ts';
import { reconcile, type ReconcileReport } from '../../scripts/reconcile/engine.ts';
import type { Ledger } from './load.ts';

export interface Verdict {
  /** Acknowledged writes missing or not in their acknowledged state. */
  lost: string[];
  /** Writes present more than once. */
  doubled: string[];
  /** Projection rows still differing from a recomputation after the wait. */
  drift: string[];
  /** How long projections took to equal the recomputation. */
  settledMs: number;
}

const pairs = (entries: Map<string, boolean | null>, state: boolean) =>
  [...entries].filter(([, value]) => value === state).map(([key]) => key.split(':').map(Number));

async function checkLedger(
  databaseUrl: string,
  ledger: Ledger,
): Promise<Pick<Verdict, 'lost' | 'doubled'>> {
  const db = openDatabase(databaseUrl);
  const lost: string[] = [];
  const doubled: string[] = [];
  try {
    const ids = [...ledger.reviews.keys()];
    const found = await db.query<{ id: number; user_id: number; business_id: number }>(
      'select id, user_id, business_id from reviews.reviews where id = any($1::int[])',
      [ids],
    );
    const byId = new Map(found.map((row) => [row.id, row]));
    for (const [id, review] of ledger.reviews) {
      const row = byId.get(id);
      if (!row || row.user_id !== review.author || row.business_id !== review.business) {
        lost.push(`review ${id}`);
      }
    }
    const twice = await db.query<{ user_id: number; business_id: number; n: number }>(
      `select user_id, business_id, count(*)::int as n from reviews.reviews
        where user_id = any($1::int[]) group by user_id, business_id having count(*) > 1`,
      [[...new Set([...ledger.reviews.values()].map((r) => r.author))]],
    );
    for (const row of twice)
      doubled.push(`review by ${row.user_id} of ${row.business_id} ×${row.n}`);

    const compare = async (
      what: string,
      table: string,
      column: string,
      entries: Map<string, boolean | null>,
    ) => {
      const rows = await db.query<{ user_id: number; other: number; n: number }>(
        `select user_id, ${column} as other, count(*)::int as n from ${table}
          where user_id = any($1::int[]) group by user_id, ${column}`,
        [[...new Set([...entries.keys()].map((key) => Number(key.split(':')[0])))]],
      );
      const present = new Map(rows.map((row) => [`${row.user_id}:${row.other}`, row.n]));
      for (const [user, other] of pairs(entries, true)) {
        if (!present.has(`${user}:${other}`)) lost.push(`${what} ${user}:${other}`);
      }
      for (const [user, other] of pairs(entries, false)) {
        if (present.has(`${user}:${other}`)) lost.push(`${what} removal ${user}:${other}`);
      }
      for (const [key, n] of present) if (n > 1) doubled.push(`${what} ${key} ×${n}`);
    };
    await compare('helpful vote', 'reviews.helpful_votes', 'review_id', ledger.votes);
    await compare('membership', 'communities.group_members', 'group_id', ledger.memberships);
  } finally {
    await db.close();
  }
  return { lost, doubled };
}

/** Reconciles until no drift is left or `timeoutMs` passes (events may still be on their way). */
export async function waitForConsistency(
  databaseUrl: string,
  timeoutMs: number,
): Promise<{ report: ReconcileReport; settledMs: number }> {
  const started = Date.now();
  for (;;) {
    const report = await reconcile({ databaseUrl, settleSeconds: 0 });
    const elapsed = Date.now() - started;
    if (report.drifted === 0 || elapsed > timeoutMs) return { report, settledMs: elapsed };
    await sleep(1000);
  }
}

export async function verify(
  databaseUrl: string,
  ledger: Ledger,
  timeoutMs = 90_000,
): Promise<Verdict> {
  const { lost, doubled } = await checkLedger(databaseUrl, ledger);
  const { report, settledMs } = await waitForConsistency(databaseUrl, timeoutMs);
  const drift = report.results.flatMap((result) =>
    result.drift.map((d) => `${result.name} ${d.key} (${d.detail})`),
  );
  return { lost, doubled, drift, settledMs };
}

/**
 * How long a new review takes to reach catalog (reviews' commit → outbox relay → JetStream →
 * catalog's consumer committing its review fact), measured from the write's answer to the
 * first poll (every 5 ms) that finds the fact: a slight overestimate, never an underestimate.
 */
import type pg from 'pg';
import { sleep } from './env.ts';
import { percentile } from '../types.ts';

const POLL_MS = 5;
const SETTLE_MS = 5000;

export interface Propagation {
  count: number;
  /** Reviews not seen in catalog within SETTLE_MS of the end. */
  missing: number;
  p50: number;
  p99: number;
}

export function propagationProbe(admin: pg.Client) {
  const pending = new Map<number, number>();
  const latencies: number[] = [];
  let active = false;
  let polling: Promise<void> | null = null;

  async function poll(): Promise<void> {
    while (active || pending.size > 0) {
      if (pending.size > 0) {
        const { rows } = await admin.query<{ review_id: number }>(
          'select review_id from catalog.review_facts where review_id = any($1::int[])',
          [[...pending.keys()]],
        );
        const now = performance.now();
        for (const { review_id: id } of rows) {
          latencies.push(now - pending.get(id)!);
          pending.delete(id);
        }
      }
      await sleep(POLL_MS);
    }
  }

  return {
    /** A review whose write was just answered. */
    written(id: number): void {
      if (active) pending.set(id, performance.now());
    },
    start(): void {
      active = true;
      polling = poll();
    },
    async stop(): Promise<Propagation> {
      active = false;
      const missingAfter = sleep(SETTLE_MS).then(() => pending.size);
      const missing = await Promise.race([polling!.then(() => 0), missingAfter]);
      pending.clear();
      await polling;
      latencies.sort((a, b) => a - b);
      return {
        count: latencies.length,
        missing,
        p50: percentile(latencies, 50),
        p99: percentile(latencies, 99),
      };
    },
  };
}

import type { CounterHit, CounterState, CountersStore } from './counters-store';

interface Waiting {
  hits: CounterHit[];
  resolve: (states: Map<string, CounterState>) => void;
  reject: (error: unknown) => void;
}

/**
 * Each waiting request's states, as if the batch's hits had been spent one request after
 * another in queue order: a request sees its key's total less what the requests after it in
 * the batch spent on that key.
 */
export function statesInTurn(
  batch: readonly { hits: readonly CounterHit[] }[],
  totals: Map<string, CounterState>,
): Map<string, CounterState>[] {
  const after = new Map<string, number>();
  const states: Map<string, CounterState>[] = [];
  for (let i = batch.length - 1; i >= 0; i -= 1) {
    const own = new Map<string, CounterState>();
    const spentHere = new Map<string, number>();
    for (const hit of batch[i]!.hits) {
      spentHere.set(hit.key, (spentHere.get(hit.key) ?? 0) + hit.points);
    }
    for (const [key, points] of spentHere) {
      const total = totals.get(key);
      if (total) own.set(key, { ...total, points: total.points - (after.get(key) ?? 0) });
      after.set(key, (after.get(key) ?? 0) + points);
    }
    states[i] = own;
  }
  return states;
}

/**
 * The shared counters with one statement in flight per gateway: hits that arrive while it runs
 * wait and are spent together in the next. Every write under /api spends on its client
 * address's counter, and requests from one address (an office behind one NAT, a carrier's
 * shared address, the benches' loopback) each locked that one row in turn, waiting for the
 * previous commit: 1.2 of a helpful vote's 8.6 ms of CPU at 300 votes/s on the bench machine
 * (docs/performance.md, nineteenth session). Each request still learns the count it would have
 * seen alone, in the order the requests came, so a limit refuses exactly the requests it
 * refused before.
 */
export function coalescedCounters(store: CountersStore): CountersStore {
  let queue: Waiting[] = [];
  let running = false;

  async function spendQueued(): Promise<void> {
    running = true;
    while (queue.length > 0) {
      const batch = queue;
      queue = [];
      try {
        const totals = await store.hit(batch.flatMap((waiting) => waiting.hits));
        const states = statesInTurn(batch, totals);
        batch.forEach((waiting, i) => waiting.resolve(states[i]!));
      } catch (error) {
        for (const waiting of batch) waiting.reject(error);
      }
    }
    running = false;
  }

  return {
    hit(hits) {
      if (hits.length === 0) return Promise.resolve(new Map());
      return new Promise((resolve, reject) => {
        queue.push({ hits, resolve, reject });
        if (!running) void spendQueued();
      });
    },
    peek: (key) => store.peek(key),
    clear: (key) => store.clear(key),
    deleteExpired: () => store.deleteExpired(),
  };
}

import { Counter, Gauge, type Registry } from 'prom-client';

/** What a cache of reads tallies itself (the gateway's kept answers, a service's kept pages). */
export interface KeptTallies {
  /** Answers served from memory, and loads made, of what may be kept. */
  readonly served: number;
  readonly loaded: number;
  readonly size: { answers: number; bytes: number };
}

/** The three series' names: reads by outcome, answers held, bytes held. */
export interface KeptMetricNames {
  reads: string;
  held: string;
  bytes: string;
}

/**
 * What an operator needs to judge a cache of reads (docs/operations.md): how many keepable
 * reads were answered from memory against how many loaded, and what is held. Read off the
 * cache's own tallies at scrape time: nothing is counted per request here.
 */
export function keptReadsMetrics(
  kept: KeptTallies,
  registry: Registry,
  names: KeptMetricNames,
  what: string,
): void {
  new Counter({
    name: names.reads,
    help: `Reads of ${what} that may be kept, by outcome: served from memory, or loaded`,
    labelNames: ['outcome'],
    registers: [registry],
    collect() {
      this.reset();
      this.inc({ outcome: 'served' }, kept.served);
      this.inc({ outcome: 'loaded' }, kept.loaded);
    },
  });
  new Gauge({
    name: names.held,
    help: `${what[0]!.toUpperCase()}${what.slice(1)} kept in memory now`,
    registers: [registry],
    collect() {
      this.set(kept.size.answers);
    },
  });
  new Gauge({
    name: names.bytes,
    help: `Bytes of the ${what} kept in memory now (as the cache measures them)`,
    registers: [registry],
    collect() {
      this.set(kept.size.bytes);
    },
  });
}

import { Counter, Gauge, type Registry } from 'prom-client';
import type { KeptAnswers } from './kept-answers';

/**
 * What an operator needs to judge the kept answers (docs/operations.md): how many keepable
 * reads were answered from memory against how many asked their service, and what is held.
 */
export function keptAnswersMetrics(kept: KeptAnswers, registry: Registry): void {
  new Counter({
    name: 'gateway_kept_answer_reads_total',
    help: 'Keepable reads, by outcome: served from memory, or loaded from the service',
    labelNames: ['outcome'],
    registers: [registry],
    collect() {
      // Read off the cache's own tallies at scrape time: nothing is counted per request here.
      this.reset();
      this.inc({ outcome: 'served' }, kept.served);
      this.inc({ outcome: 'loaded' }, kept.loaded);
    },
  });
  new Gauge({
    name: 'gateway_kept_answers',
    help: 'Answers kept in memory now',
    registers: [registry],
    collect() {
      this.set(kept.size.answers);
    },
  });
  new Gauge({
    name: 'gateway_kept_answers_bytes',
    help: 'Bytes of the answers kept in memory now (bodies plus a fixed allowance each)',
    registers: [registry],
    collect() {
      this.set(kept.size.bytes);
    },
  });
}

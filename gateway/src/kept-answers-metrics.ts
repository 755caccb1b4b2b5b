import { keptReadsMetrics } from '@trustcircle/service-kit';
import type { Registry } from 'prom-client';
import type { KeptAnswers } from './kept-answers';

/** The kept answers' hit rate and size (docs/operations.md). */
export function keptAnswersMetrics(kept: KeptAnswers, registry: Registry): void {
  keptReadsMetrics(
    kept,
    registry,
    {
      reads: 'gateway_kept_answer_reads_total',
      held: 'gateway_kept_answers',
      bytes: 'gateway_kept_answers_bytes',
    },
    'answers',
  );
}

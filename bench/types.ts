/** What every bench scenario answers; run.ts prints one table row per result. */
export interface ScenarioResult {
  name: string;
  /** Named figures, printed in order (`events/s`, `p99 ms`, …). */
  metrics: Record<string, number | string>;
  /** The scenario's own target, when it has one. */
  target?: string;
  pass?: boolean;
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)]!;
}

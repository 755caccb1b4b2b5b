/** What each scenario did to the users' requests, and the verdict, as the run prints it. */
import type { Outcome, RequestRecord } from './load.ts';
import type { Injected, Scenario } from './scenarios.ts';
import type { Verdict } from './verify.ts';

export interface Traffic {
  sent: number;
  /** Answers other than 2xx, by status (or `network`, `timeout`). */
  byOutcome: Map<string, number>;
  /** 5xx and unanswered. */
  failed: number;
  /** Seconds covered by at least one failed request. */
  unavailableSeconds: number;
  /** A few failed requests: what was asked and the answer. */
  examples: string[];
}

export const failedOutcome = (outcome: Outcome) => typeof outcome !== 'number' || outcome >= 500;

export function traffic(records: readonly RequestRecord[], from: number, to: number): Traffic {
  const window = records.filter((r) => r.start >= from && r.start < to);
  const byOutcome = new Map<string, number>();
  for (const r of window) {
    if (typeof r.outcome === 'number' && r.outcome < 300) continue;
    const key = String(r.outcome);
    byOutcome.set(key, (byOutcome.get(key) ?? 0) + 1);
  }
  // The union of failed requests' lifetimes: when a user would have seen the platform fail.
  const failures = window.filter((r) => failedOutcome(r.outcome));
  const spans = failures.map((r) => [r.start, r.end] as const).sort((a, b) => a[0] - b[0]);
  let covered = 0;
  let end = -Infinity;
  for (const [start, stop] of spans) {
    if (stop <= end) continue;
    covered += stop - Math.max(start, end);
    end = stop;
  }
  return {
    sent: window.length,
    byOutcome,
    failed: spans.length,
    unavailableSeconds: covered / 1000,
    examples: [...new Set(failures.map((r) => r.detail ?? String(r.outcome)))].slice(0, 3),
  };
}

export interface ScenarioResult {
  scenario: Scenario;
  injected: Injected;
  traffic: Traffic;
  verdict: Verdict;
  problems: string[];
}

/** Why the scenario fails, if it does. */
export function judge(
  scenario: Scenario,
  injected: Injected,
  seen: Traffic,
  verdict: Verdict,
): string[] {
  const problems: string[] = [];
  if (verdict.lost.length) problems.push(`lost: ${verdict.lost.slice(0, 5).join(', ')}`);
  if (verdict.doubled.length) problems.push(`doubled: ${verdict.doubled.slice(0, 5).join(', ')}`);
  if (verdict.drift.length) problems.push(`drift: ${verdict.drift.slice(0, 5).join(', ')}`);
  if (
    scenario.backWithinMs !== undefined &&
    (injected.backMs ?? Infinity) > scenario.backWithinMs
  ) {
    problems.push(
      `back after ${seconds(injected.backMs)} (limit ${seconds(scenario.backWithinMs)})`,
    );
  }
  if (scenario.maxFailed !== undefined && seen.failed > scenario.maxFailed) {
    problems.push(`${seen.failed} requests failed (limit ${scenario.maxFailed})`);
  }
  return problems;
}

const seconds = (ms: number | undefined) =>
  ms === undefined ? '–' : `${(ms / 1000).toFixed(1)} s`;

export function formatResult(result: ScenarioResult): string {
  const { traffic: t, verdict: v, injected } = result;
  const statuses = [...t.byOutcome]
    .sort()
    .map(([status, n]) => `${status}×${n}`)
    .join(' ');
  const fault =
    injected.backMs !== undefined
      ? `back in ${seconds(injected.backMs)}`
      : injected.awayMs !== undefined
        ? `away ${seconds(injected.awayMs)}`
        : '';
  const verdict = result.problems.length ? `FAIL  ${result.problems.join('; ')}` : 'pass';
  return [
    `${result.scenario.name.padEnd(38)} ${verdict}`,
    `    ${t.sent} requests, ${t.failed} failed, unavailable ${t.unavailableSeconds.toFixed(1)} s` +
      `${statuses ? `; not 2xx: ${statuses}` : ''}${fault ? `; ${fault}` : ''}`,
    `    ${v.lost.length} lost, ${v.doubled.length} counted twice, ${v.drift.length} drifting; ` +
      `projections equal a recomputation after ${seconds(v.settledMs)}`,
    ...t.examples.map((example) => `    failed: ${example}`),
  ].join('\n');
}

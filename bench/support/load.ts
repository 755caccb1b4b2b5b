/** autocannon at an offered rate (or as fast as the connections go), as a result row. */
import autocannon, { type Options } from 'autocannon';
import type { ScenarioResult } from '../types.ts';

export interface LoadOptions extends Options {
  name: string;
  connections: number;
  /** Seconds. */
  duration: number;
  /** p99 target in ms: sets `target` and `pass`. */
  targetMs?: number;
  /**
   * `throw` (default): any non-2xx answer or error fails the scenario; `report`: they are
   * columns of the row, and a targeted row passes only without non-2xx answers.
   */
  failures?: 'throw' | 'report';
}

export async function load(options: LoadOptions): Promise<ScenarioResult> {
  const { name, targetMs, failures = 'throw', ...run } = options;
  const result = await autocannon(run);
  if (failures === 'throw' && (result.non2xx > 0 || result.errors > 0)) {
    throw new Error(`${name}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
  }
  const p99 = result.latency.p99;
  return {
    name,
    metrics: {
      ...(run.overallRate ? { offered: `${run.overallRate}/s` } : {}),
      'req/s': result.requests.average,
      'p50 ms': result.latency.p50,
      'p99 ms': p99,
      'max ms': result.latency.max,
      ...(failures === 'report' ? { 'non-2xx': result.non2xx, errors: result.errors } : {}),
    },
    ...(targetMs === undefined
      ? {}
      : { target: `p99 < ${targetMs} ms`, pass: p99 < targetMs && result.non2xx === 0 }),
  };
}

/** Cycles through `paths`, one per request (autocannon's `setupRequest`). */
export function roundRobin(paths: readonly string[]): Options['requests'] {
  let next = 0;
  return [
    {
      setupRequest: (request) => {
        next = (next + 1) % paths.length;
        return { ...request, path: paths[next] };
      },
    },
  ];
}

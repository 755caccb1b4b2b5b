/**
 * One result row of load: at a fixed offered rate on a schedule (open loop, `paced.ts`), or,
 * without a rate, as fast as the connections go (autocannon, closed loop).
 */
import autocannon from 'autocannon';
import type { ScenarioResult } from '../types.ts';
import { cpuPerRequest, cpuSnapshot, cpuWanted } from './cpu.ts';
import { paced, type PacedRequest } from './paced.ts';

export interface LoadOptions {
  name: string;
  url: string;
  connections: number;
  /** Seconds. */
  duration: number;
  headers?: Record<string, string>;
  /** Requests per second offered on a fixed schedule; without it, closed loop. */
  rate?: number;
  /** With a rate: the next request (default: GET `url` with `headers`). */
  next?: () => PacedRequest;
  /** p99 target in ms: sets `target` and `pass`. */
  targetMs?: number;
  /**
   * `throw` (default): any non-2xx answer or error fails the scenario; `report`: they are
   * columns of the row, and a targeted row passes only without non-2xx answers.
   */
  failures?: 'throw' | 'report';
}

export async function load(options: LoadOptions): Promise<ScenarioResult> {
  const { name, url, connections, duration, headers, rate, targetMs, failures = 'throw' } = options;
  const path = new URL(url).pathname;
  const cpuBefore = cpuWanted() ? cpuSnapshot() : null;
  const result = rate
    ? await paced({
        url,
        rate,
        duration,
        connections,
        next: options.next ?? (() => ({ path, headers })),
      })
    : await autocannon({ url, headers, connections, duration }).then((answer) => ({
        rate: answer.requests.average,
        ...answer.latency,
        sent: answer.requests.total,
        non2xx: answer.non2xx,
        errors: answer.errors,
      }));
  if (cpuBefore) {
    const usage = cpuPerRequest(cpuBefore, cpuSnapshot(), result.sent);
    console.log(`  ${name}: ms of CPU per request: ${usage}`);
  }
  if (failures === 'throw' && (result.non2xx > 0 || result.errors > 0)) {
    throw new Error(`${name}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
  }
  return {
    name,
    metrics: {
      ...(rate ? { offered: `${rate}/s` } : {}),
      'req/s': result.rate,
      'p50 ms': result.p50,
      'p99 ms': result.p99,
      'max ms': result.max,
      ...(failures === 'report' ? { 'non-2xx': result.non2xx, errors: result.errors } : {}),
    },
    ...(targetMs === undefined
      ? {}
      : { target: `p99 < ${targetMs} ms`, pass: result.p99 < targetMs && result.non2xx === 0 }),
  };
}

/** GETs `paths` in turn. */
export function roundRobin(paths: readonly string[]): () => PacedRequest {
  let next = 0;
  return () => {
    next = (next + 1) % paths.length;
    return { path: paths[next]! };
  };
}

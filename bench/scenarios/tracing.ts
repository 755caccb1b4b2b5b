/**
 * Issue 21: tracing off against tracing on, on the platform as real processes. The measuring
 * runs under jest (bench/tracing/tracing.bench.ts: it reuses the chaos cluster, test sources that
 * need jest's TypeScript transform); this scenario starts it and turns its rounds into rows.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type * as TracingContext from '../../packages/service-kit/src/tracing/context.ts';
import type { ScenarioResult } from '../types.ts';

interface Round {
  cpuMicrosPerRequest: number;
  rate: number;
  p99: number;
  failed: number;
}

const root = path.resolve(import.meta.dirname, '..', '..');
const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/**
 * Tracing off, by construction, is the API's no-op globals (the SDK is not loaded): one
 * `activeTraceIds` per log line, one `activeTraceCarrier` per event written, one `inSpan`
 * per event relayed or applied. Their price in ns, against a request's CPU (about 500 µs).
 */
async function offPath(): Promise<ScenarioResult> {
  const kit = (await import(
    path.join(root, 'packages/service-kit/dist/src/tracing/context.js')
  )) as typeof TracingContext;
  const N = 1_000_000;
  const time = async (work: () => unknown) => {
    const start = performance.now();
    for (let i = 0; i < N; i += 1) await work();
    return ((performance.now() - start) * 1e6) / N;
  };
  const parent = kit.contextFromCarrier(null);
  const idle = await time(() => undefined);
  const ids = (await time(() => kit.activeTraceIds())) - idle;
  const carrier = (await time(() => kit.activeTraceCarrier())) - idle;
  const span =
    (await time(() => kit.inSpan('x', { parent, kind: 'consumer' }, async () => 1))) - idle;
  return {
    name: 'tracing off: the no-op calls (ns each)',
    metrics: {
      'log line': Math.max(0, ids),
      'event written': Math.max(0, carrier),
      'event relayed or applied': Math.max(0, span),
    },
  };
}

export async function run(): Promise<ScenarioResult[]> {
  const noop = await offPath();
  const dir = mkdtempSync(path.join(tmpdir(), 'tc-bench-tracing-'));
  const file = path.join(dir, 'rounds.json');
  try {
    spawnSync(
      process.execPath,
      [path.join(root, 'node_modules/jest/bin/jest.js'), '--config', 'jest.bench.config.js'],
      { cwd: root, stdio: 'inherit', env: { ...process.env, BENCH_RESULT_FILE: file } },
    );
    const rounds = JSON.parse(readFileSync(file, 'utf8')) as Record<'off' | 'on', Round[]> & {
      sampler: Record<string, string>;
    };
    const sampler = Object.values(rounds.sampler).join(' ');
    const row = (mode: 'off' | 'on') => ({
      'req/s': median(rounds[mode].map((r) => r.rate)),
      'p99 ms': median(rounds[mode].map((r) => r.p99)),
      'CPU µs/req': median(rounds[mode].map((r) => r.cpuMicrosPerRequest)),
      failed: rounds[mode].reduce((sum, r) => sum + r.failed, 0),
      rounds: rounds[mode].map((r) => r.rate.toFixed(0)).join(' / '),
    });
    const off = row('off');
    const on = row('on');
    // Each round's "on" beside the "off" run next to it (the rounds interleave), then the median:
    // a slow minute of the machine falls on both sides of a pair instead of on one side's median.
    const pairs = rounds.on.map((on, i) => ({ on, off: rounds.off[i]! }));
    const ratio = median(pairs.map(({ on, off }) => on.rate / off.rate));
    // What the CPU per request allows, as a throughput ratio: steadier than the rate on a shared machine.
    const cpuRatio = median(
      pairs.map(({ on, off }) => off.cpuMicrosPerRequest / on.cpuMicrosPerRequest),
    );
    return [
      noop,
      { name: 'mixed workload, tracing off', metrics: off },
      {
        name: `mixed workload, tracing on (OTLP export, ${sampler})`,
        metrics: {
          ...on,
          'vs off': `${(ratio * 100).toFixed(1)} %`,
          'vs off by CPU': `${(cpuRatio * 100).toFixed(1)} %`,
        },
        target: 'on ≥ 90 % of off, by rate and by CPU per request',
        pass: ratio >= 0.9 && cpuRatio >= 0.9 && on.failed === 0 && off.failed === 0,
      },
    ];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

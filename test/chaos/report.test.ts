import { judge, traffic } from './report.ts';
import type { RequestRecord } from './load.ts';
import type { Scenario } from './scenarios.ts';

const at = (start: number, end: number, outcome: RequestRecord['outcome']): RequestRecord => ({
  op: 'read',
  start,
  end,
  outcome,
});

describe('traffic', () => {
  it('counts what failed and the time covered by failures, overlaps once', () => {
    const seen = traffic(
      [
        at(0, 100, 200),
        at(1000, 1500, 503),
        at(1200, 2000, 'network'),
        at(3000, 3100, 'timeout'),
        at(3050, 3080, 502),
        at(4000, 4010, 409),
        at(9000, 9500, 500),
      ],
      0,
      5000,
    );
    expect(seen.sent).toBe(6);
    expect(seen.failed).toBe(4);
    expect(seen.unavailableSeconds).toBeCloseTo(1.1);
    expect(Object.fromEntries(seen.byOutcome)).toEqual({
      '409': 1,
      '502': 1,
      '503': 1,
      network: 1,
      timeout: 1,
    });
  });
});

describe('judge', () => {
  const clean = { lost: [], doubled: [], drift: [], settledMs: 10 };
  const quiet = traffic([], 0, 1);

  it('fails a killed process that came back late, or a rolling restart that failed requests', () => {
    const kill: Scenario = { name: 'kill', backWithinMs: 5000, inject: async () => ({}) };
    expect(judge(kill, { backMs: 4999 }, quiet, clean)).toEqual([]);
    expect(judge(kill, { backMs: 5001 }, quiet, clean)).toEqual(['back after 5.0 s (limit 5.0 s)']);
    const rolling: Scenario = { name: 'rolling', maxFailed: 0, inject: async () => ({}) };
    const failing = traffic([at(0, 10, 503)], 0, 100);
    expect(judge(rolling, {}, failing, clean)).toEqual(['1 requests failed (limit 0)']);
  });

  it('fails any scenario that lost, doubled or mis-counted a write', () => {
    const any: Scenario = { name: 'any', inject: async () => ({}) };
    expect(
      judge(any, {}, quiet, {
        lost: ['review 7'],
        doubled: ['vote 1:2 ×2'],
        drift: ['x'],
        settledMs: 0,
      }),
    ).toEqual(['lost: review 7', 'doubled: vote 1:2 ×2', 'drift: x']);
  });
});

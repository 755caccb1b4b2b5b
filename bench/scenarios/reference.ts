/**
 * Against the bare reference (issue 20): in the same run, minutes apart on the same machine,
 * R1 (one bare Express route), R2 (bare Express + http-proxy-middleware in front of Express +
 * a pg primary-key SELECT) and the platform's signed-in single-service read
 * (`GET /api/groups/user` through the gateway with a session cookie, and straight to
 * communities with the JWT the gateway would mint), the composed business page and the review
 * feed (support/reviews-data.ts: `BENCH_REFERENCE_REVIEWS`, default 100,000), in production
 * mode. The gateway answers these reads from its kept answers (nothing is written during the
 * run); one more row sends the member's read with `Cache-Control: no-cache`, which the kept
 * answers pass by, for the gateway's cost per proxied request. Closed loop
 * (autocannon, 50 connections), `BENCH_REFERENCE_ROUNDS` interleaved rounds (default 3) of
 * `BENCH_REFERENCE_SECONDS` (8); each figure is the median over the rounds, and each ratio the
 * median of the rounds' ratios. CPU µs per request by process from /proc (support/cpu.ts).
 */
import autocannon from 'autocannon';
import pg from 'pg';
import { mintUserToken } from '../support/auth.ts';
import { cpuByGroup, cpuSnapshot } from '../support/cpu.ts';
import { seedGroups } from '../support/groups-data.ts';
import { readerAndBusiness } from '../support/reader.ts';
import { seedReviews } from '../support/reviews-data.ts';
import { createBenchRun, PLATFORM_PORTS, startPlatform } from '../support/services.ts';
import type { ScenarioResult } from '../types.ts';

const ROUNDS = Number(process.env.BENCH_REFERENCE_ROUNDS ?? 3);
const SECONDS = Number(process.env.BENCH_REFERENCE_SECONDS ?? 8);
const CONNECTIONS = 50;
const REVIEWS = Number(process.env.BENCH_REFERENCE_REVIEWS ?? 100_000);
const REFERENCE_PORTS = { r1: 14890, service: 14891, gateway: 14892 };
const production = { NODE_ENV: 'production' };

interface Target {
  name: string;
  url: string;
  headers?: Record<string, string>;
}

interface Measured {
  rate: number;
  p99: number;
  errors: number;
  /** CPU µs per request by process group. */
  cpu: Map<string, number>;
}

async function measure(target: Target): Promise<Measured> {
  const before = cpuSnapshot();
  const result = await autocannon({
    url: target.url,
    connections: CONNECTIONS,
    duration: SECONDS,
    ...(target.headers ? { headers: target.headers } : {}),
  });
  const after = cpuSnapshot();
  const requests = result.requests.total;
  const cpu = new Map(
    [...cpuByGroup(before, after)]
      .filter(([group, ms]) => group !== 'bench client' && ms > 0)
      .map(([group, ms]) => [group, (ms * 1000) / requests] as const),
  );
  return {
    rate: result.requests.average,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
    cpu,
  };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};

/** "gateway 190, communities 240, postgres (communities) 270": µs, busiest first. */
function cpuColumns(rounds: Measured[]): { total: number; byProcess: string } {
  const groups = new Set(rounds.flatMap((round) => [...round.cpu.keys()]));
  const medians = [...groups]
    .map((group) => [group, median(rounds.map((round) => round.cpu.get(group) ?? 0))] as const)
    .filter(([, us]) => us >= 1)
    .sort((a, b) => b[1] - a[1]);
  return {
    total: medians.reduce((sum, [, us]) => sum + us, 0),
    byProcess: medians.map(([group, us]) => `${group} ${Math.round(us)}`).join(', '),
  };
}

async function referenceData(adminUrl: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(`
      create table reference_items (id int primary key, name text not null,
                                    created_at timestamptz not null default now());
      insert into reference_items (id, name) select i, 'Item ' || i from generate_series(1, 1000) i`);
    await client.query('vacuum analyze reference_items');
  } finally {
    await client.end();
  }
}

export async function run(): Promise<ScenarioResult[]> {
  const bench = await createBenchRun(PLATFORM_PORTS);
  const admin = new pg.Client({ connectionString: bench.database.adminUrl });
  try {
    await referenceData(bench.database.adminUrl);
    const r1 = await bench.startScript('bench/reference/r1.ts', REFERENCE_PORTS.r1, production);
    const r2Service = await bench.startScript(
      'bench/reference/r2-service.ts',
      REFERENCE_PORTS.service,
      { ...production, DATABASE_URL: bench.database.adminUrl },
    );
    const r2 = await bench.startScript('bench/reference/r2-gateway.ts', REFERENCE_PORTS.gateway, {
      ...production,
      UPSTREAM_URL: r2Service,
    });
    // `BENCH_LANES=false`: the gateway's requests through Express's router (before/after).
    const lane: Record<string, string> = process.env.BENCH_LANES
      ? { LANES: process.env.BENCH_LANES }
      : {};
    const gateway = await startPlatform(bench, lane);
    const communities = `http://127.0.0.1:${PLATFORM_PORTS.communities}`;
    await admin.connect();
    const { cookie, userId, businessId } = await readerAndBusiness(gateway, admin, {
      username: 'bench_user',
      name: 'Bench User',
      business: 'Bench Bistro',
    });
    await seedGroups(admin, userId);
    await seedReviews(admin, { userId, businessId, reviews: REVIEWS });
    const token = mintUserToken(bench.signingKey, userId);

    const allTargets: Target[] = [
      { name: 'R1: bare Express route', url: `${r1}/r1` },
      { name: 'R2: bare proxy → primary-key SELECT', url: `${r2}/items/42` },
      {
        name: 'GET /api/groups/user (gateway)',
        url: `${gateway}/api/groups/user`,
        headers: { cookie },
      },
      {
        name: 'GET /api/businesses/{id} (composed, gateway)',
        url: `${gateway}/api/businesses/${businessId}`,
        headers: { cookie },
      },
      {
        name: 'GET /api/reviews/feed (gateway)',
        url: `${gateway}/api/reviews/feed`,
        headers: { cookie },
      },
      {
        // The client's `no-cache` passes the gateway's kept answers by: proxied every time.
        name: 'GET /api/groups/user (gateway, proxied: no-cache)',
        url: `${gateway}/api/groups/user`,
        headers: { cookie, 'cache-control': 'no-cache' },
      },
      {
        name: 'GET /api/groups/user (straight to communities)',
        url: `${communities}/api/groups/user`,
        headers: { authorization: `Bearer ${token}` },
      },
    ];
    // `BENCH_REFERENCE_ONLY=no-cache`: R1, R2 and the rows whose name contains it (profiles).
    const only = process.env.BENCH_REFERENCE_ONLY;
    const targets = only ? allTargets.filter((t, i) => i < 2 || t.name.includes(only)) : allTargets;
    // Warm-up: pools, plans, JIT, the session and token caches.
    for (const target of targets) {
      await autocannon({
        url: target.url,
        connections: 10,
        duration: 2,
        ...(target.headers ? { headers: target.headers } : {}),
      });
    }
    const rounds = new Map<string, Measured[]>(targets.map((t) => [t.name, []]));
    for (let round = 1; round <= ROUNDS; round += 1) {
      // Interleaved, each round in another order, so a slow minute does not fall on one row.
      const order = round % 2 ? targets : [...targets].reverse();
      for (const target of order) {
        const measured = await measure(target);
        rounds.get(target.name)!.push(measured);
        console.log(
          `      round ${round} ${target.name}: ${Math.round(measured.rate)} req/s, ` +
            `p99 ${measured.p99} ms, ${[...measured.cpu].map(([g, us]) => `${g} ${Math.round(us)}`).join(', ')} µs`,
        );
      }
    }

    const [r1Name, r2Name, viaGateway, detail, feed, proxied, straight] = allTargets.map(
      (t) => t.name,
    ) as [string, string, string, string, string, string, string];
    const ratio = (name: string, to: string) =>
      median(rounds.get(name)!.map((m, i) => m.rate / rounds.get(to)![i]!.rate));
    const rows: ScenarioResult[] = targets.map((target) => {
      const measured = rounds.get(target.name)!;
      const cpu = cpuColumns(measured);
      return {
        name: target.name,
        metrics: {
          'req/s': median(measured.map((m) => m.rate)),
          'vs R2': target.name === r1Name ? '' : ratio(target.name, r2Name),
          'p99 ms': median(measured.map((m) => m.p99)),
          errors: measured.reduce((sum, m) => sum + m.errors, 0),
          'CPU µs/req': cpu.total,
          'by process (µs)': cpu.byProcess,
        },
      };
    });
    if (only) return rows;
    const gatewayCpu = median(rounds.get(proxied)!.map((m) => m.cpu.get('gateway') ?? 0));
    const single = ratio(viaGateway, r2Name);
    const composed = ratio(detail, r2Name);
    const feedRatio = ratio(feed, r2Name);
    const throughGateway = ratio(viaGateway, straight);
    const proxiedThrough = ratio(proxied, straight);
    rows.push(
      {
        name: 'signed-in single-service read vs R2',
        metrics: { ratio: single },
        target: '≥ 1.3 × R2 (floor 1.0)',
        pass: single >= 1.3,
      },
      {
        name: 'composed business detail vs R2',
        metrics: { ratio: composed },
        target: '≥ 1.0 × R2 (floor 0.8)',
        pass: composed >= 1.0,
      },
      {
        name: 'feed vs R2',
        metrics: { ratio: feedRatio },
        target: '≥ 1.0 × R2 (floor 0.8)',
        pass: feedRatio >= 1.0,
      },
      {
        name: 'gateway CPU per proxied request',
        metrics: { µs: gatewayCpu },
        target: '≤ 150 µs',
        pass: gatewayCpu <= 150,
      },
      {
        name: 'through the gateway vs straight to the service',
        metrics: { ratio: throughGateway, 'proxied (no-cache)': proxiedThrough },
        target: '≥ 0.85',
        pass: throughGateway >= 0.85,
      },
    );
    return rows;
  } finally {
    await admin.end().catch(() => undefined);
    await bench.stop();
  }
}

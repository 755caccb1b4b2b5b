/**
 * At scale (issue 20): the platform on the scale data (support/scale-data.ts) of size S, then
 * of size L (1M reviews, 100k users, 20k businesses, 2k groups), every process in production
 * mode but identity (it wants a real mail provider there). Each read is offered at a fixed
 * 500 req/s on a schedule (open loop, support/paced.ts) through the gateway for
 * `BENCH_SCALE_SECONDS` (10), signed in as one of 100 busy members where it is personal, over
 * many businesses, groups and searches so that no one answer is all a cache holds; the helpful
 * toggle stands for the writes. Targets: every read p99 ≤ 40 ms, writes ≤ 80 ms, no errors, and
 * each read's p99 on L ≤ 1.5 × its p99 on S. A row reads the same number of keys on both sizes
 * (the 500 most-reviewed businesses, the 200 most-reviewed groups), so that L against S shows
 * what the tables' sizes do; one more row reads any of all the groups (10 × more on L: mostly
 * pages no one read yet), with the absolute target only. `BENCH_SCALE_SIZES=S` runs one size.
 */
import pg from 'pg';
import { insertSessions, PRODUCTION_SESSION_COOKIE } from '../support/auth.ts';
import { cpuWanted, peakRssMb } from '../support/cpu.ts';
import { load } from '../support/load.ts';
import type { PacedRequest } from '../support/paced.ts';
import {
  businessesByReviews,
  groupsByReviews,
  heavyMemberIds,
  isScaleSize,
  loadScaleData,
  SCALE_SIZES,
  type ScaleSize,
} from '../support/scale-data.ts';
import { createBenchRun, PLATFORM_PORTS, startPlatform } from '../support/services.ts';
import type { ScenarioResult } from '../types.ts';

const SECONDS = Number(process.env.BENCH_SCALE_SECONDS ?? 10);
const RATE = Number(process.env.BENCH_SCALE_RATE ?? 500);
const CONNECTIONS = 50;
const READ_MS = 40;
const WRITE_MS = 80;

/** What the rows pick from: the busy members' sessions, the most-read businesses, and more. */
interface CallData {
  cookies: string[];
  businesses: number[];
  searches: string[];
  reviewIds: { id: number; user_id: number }[];
  /** A member's session who may vote on `review`: not its author. */
  voter: (review: { user_id: number }) => string;
  /** The most-reviewed groups, as many on S as on L. */
  groups: number[];
  /** How many groups there are (ids 1..groupCount). */
  groupCount: number;
}

/** The requests of one row, in turn or at random, from the data loaded. */
interface Call {
  name: string;
  targetMs: number;
  /**
   * `false`: no L / S line, because the row reads ten times more keys on L (a cold page's load
   * against a kept answer, not what the tables' sizes do).
   */
  compared?: false;
  next: (data: CallData) => PacedRequest;
}

const pick = <T>(list: readonly T[]): T => list[Math.floor(Math.random() * list.length)]!;

const signedIn = (data: CallData, path: string): PacedRequest => ({
  path,
  headers: { cookie: pick(data.cookies) },
});

const CALLS: readonly Call[] = [
  { name: 'GET /api/businesses', targetMs: READ_MS, next: () => ({ path: '/api/businesses' }) },
  {
    name: 'GET /api/businesses?search=',
    targetMs: READ_MS,
    next: (data) => ({ path: `/api/businesses?search=${encodeURIComponent(pick(data.searches))}` }),
  },
  {
    name: 'GET /api/businesses/trending',
    targetMs: READ_MS,
    next: () => ({ path: '/api/businesses/trending' }),
  },
  {
    name: 'GET /api/businesses/{id} (composed)',
    targetMs: READ_MS,
    next: (data) => signedIn(data, `/api/businesses/${pick(data.businesses)}`),
  },
  {
    name: 'GET /api/reviews/feed',
    targetMs: READ_MS,
    next: (data) => signedIn(data, '/api/reviews/feed'),
  },
  { name: 'GET /api/groups', targetMs: READ_MS, next: () => ({ path: '/api/groups' }) },
  {
    name: 'GET /api/groups/user',
    targetMs: READ_MS,
    next: (data) => signedIn(data, '/api/groups/user'),
  },
  {
    name: 'GET /api/groups/{id}/reviews',
    targetMs: READ_MS,
    next: (data) => ({ path: `/api/groups/${pick(data.groups)}/reviews` }),
  },
  {
    name: 'GET /api/groups/{id}/reviews (any group)',
    targetMs: READ_MS,
    compared: false,
    next: (data) => ({
      path: `/api/groups/${1 + Math.floor(Math.random() * data.groupCount)}/reviews`,
    }),
  },
  {
    name: 'POST /api/reviews/{id}/helpful',
    targetMs: WRITE_MS,
    next: (data) => {
      const review = pick(data.reviewIds);
      return {
        method: 'POST',
        path: `/api/reviews/${review.id}/helpful`,
        headers: { cookie: data.voter(review) },
      };
    },
  },
];

/**
 * The rows `BENCH_SCALE_CALLS=helpful,feed` names (those whose name contains one of these), or
 * all: checked before any data is loaded, so a misspelt name costs no load of L.
 */
function selectedCalls(filter = process.env.BENCH_SCALE_CALLS): readonly Call[] {
  const only = filter?.split(',');
  const calls = CALLS.filter((call) => !only || only.some((part) => call.name.includes(part)));
  if (calls.length === 0) {
    throw new Error(
      `BENCH_SCALE_CALLS: no row named so (rows: ${CALLS.map((c) => c.name).join(', ')})`,
    );
  }
  return calls;
}

/** What the rows read, from the loaded data of `size`. */
async function callData(admin: pg.Client, size: ScaleSize): Promise<CallData> {
  const members = await heavyMemberIds(admin, 100);
  const cookies = await insertSessions(admin, members, PRODUCTION_SESSION_COOKIE);
  const businesses = await businessesByReviews(admin, 500);
  const { rows: named } = await admin.query<{ name: string }>(
    'select name from catalog.businesses order by id limit 2000',
  );
  // A visitor's searches: a whole word of a name, or its first letters.
  const searches = named.flatMap(({ name }) => {
    const word = name.split(/\s+/).find((w) => w.length >= 4) ?? name;
    return [word, word.slice(0, 3)];
  });
  // Votes a member may cast: on a review shown to everyone, and not their own (a vote on a
  // hidden review is a 404, on one's own a 403: the row measures votes, not refusals).
  const { rows: reviewIds } = await admin.query<{ id: number; user_id: number }>(
    'select id, user_id from reviews.reviews where not hidden order by random() limit 5000',
  );
  const voter = (review: { user_id: number }): string => {
    for (;;) {
      const index = Math.floor(Math.random() * members.length);
      if (members[index] !== review.user_id) return cookies[index]!;
    }
  };
  const groups = await groupsByReviews(admin, 200);
  const groupCount = SCALE_SIZES[size].groups;
  return { cookies, businesses, searches, reviewIds, voter, groups, groupCount };
}

async function runSize(
  size: ScaleSize,
  calls: readonly Call[],
): Promise<Map<string, ScenarioResult>> {
  const bench = await createBenchRun(PLATFORM_PORTS);
  const admin = new pg.Client({ connectionString: bench.database.adminUrl });
  try {
    const report = await loadScaleData(bench.database, size);
    console.log(`  scale data ${size}: ${(report.totalMs / 1000).toFixed(0)} s`);
    const gateway = await startPlatform(bench);
    await admin.connect();
    const data = await callData(admin, size);
    const results = new Map<string, ScenarioResult>();
    for (const call of calls) {
      const common = { url: gateway, connections: CONNECTIONS, next: () => call.next(data) };
      // Warm-up at the measured rate: pools, plans, JIT, the caches a running platform has. At
      // 200 req/s for 2 s the first 1–2 s of the measured run were still a queue (`BENCH_TRACE`):
      // 500 req/s needs more pooled connections than 200, and opening them is slow.
      await load({ ...common, name: call.name, rate: RATE, duration: 4, failures: 'report' });
      const row = await load({
        ...common,
        name: `${size}: ${call.name}`,
        rate: RATE,
        duration: SECONDS,
        targetMs: call.targetMs,
        failures: 'report',
      });
      console.log(`    ${row.name}: p99 ${row.metrics['p99 ms']} ms`);
      results.set(call.name, row);
    }
    // `BENCH_CPU=1`: what the rows left each process holding at most (kept answers' bounds).
    if (cpuWanted()) {
      const peaks = [...peakRssMb()].map(([group, mb]) => `${group} ${Math.round(mb)}`);
      console.log(`  ${size}: peak resident MB: ${peaks.join(', ')}`);
    }
    return results;
  } finally {
    await admin.end().catch(() => undefined);
    await bench.stop();
  }
}

export async function run(): Promise<ScenarioResult[]> {
  const sizes = (process.env.BENCH_SCALE_SIZES ?? 'S,L').split(',').filter(isScaleSize);
  const calls = selectedCalls();
  const bySize = new Map<ScaleSize, Map<string, ScenarioResult>>();
  for (const size of sizes) bySize.set(size, await runSize(size, calls));
  const rows = [...bySize.values()].flatMap((results) => [...results.values()]);
  const small = bySize.get('S');
  const large = bySize.get('L');
  if (small && large) {
    for (const [name, onL] of large) {
      const onS = small.get(name);
      const call = CALLS.find((c) => c.name === name);
      if (!onS || !name.startsWith('GET ') || call?.compared === false) continue;
      const growth = Number(onL.metrics['p99 ms']) / Number(onS.metrics['p99 ms']);
      rows.push({
        name: `L vs S: ${name}`,
        metrics: { 'p99 L / S': growth },
        target: '≤ 1.5',
        pass: growth <= 1.5,
      });
    }
  }
  return rows;
}

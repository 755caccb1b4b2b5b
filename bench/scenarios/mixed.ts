/**
 * The mixed workload (issue 20): the whole platform in production mode (identity aside: it
 * wants a real mail provider there) on the scale data of size `BENCH_MIXED_SIZE` (S), offered
 * `BENCH_MIXED_RATE` (1,000) req/s on a schedule for `BENCH_MIXED_SECONDS` (20), weighted like
 * real use: mostly browsing (business pages, lists, searches, feeds, groups), some writes
 * (helpful votes, new reviews). Targets: the offered rate answered with no standing queue left
 * at the end (MAX_BACKLOG_MS), under 0.1 % errors, a new review reaching catalog's facts
 * (reviews → outbox → JetStream → catalog's consumer) within 50 ms at the 99th percentile while
 * the load runs, and no service above 250 MB resident.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { insertSessions, PRODUCTION_SESSION_COOKIE } from '../support/auth.ts';
import {
  cpuByGroup,
  cpuPerRequest,
  cpuSnapshot,
  cpuWanted,
  peakRssMb,
  untilQuiet,
} from '../support/cpu.ts';
import { paced, type PacedRequest, type PacedResult } from '../support/paced.ts';
import { propagationProbe } from '../support/propagation.ts';
import {
  businessesByReviews,
  heavyMemberIds,
  isScaleSize,
  loadScaleData,
  SCALE_SIZES,
} from '../support/scale-data.ts';
import { knobNames } from '../support/env.ts';
import { createBenchRun, PLATFORM_PORTS, startPlatform } from '../support/services.ts';
import type { ScenarioResult } from '../types.ts';

const SIZE = process.env.BENCH_MIXED_SIZE ?? 'S';
const RATE = Number(process.env.BENCH_MIXED_RATE ?? 1000);
const SECONDS = Number(process.env.BENCH_MIXED_SECONDS ?? 20);
/**
 * Seconds of the whole mix before the measured window (after 3 s at 30 %): the mix reads the
 * first pages of 1,000 businesses, and until each is kept the platform loads it from Postgres.
 * With 3 s at 30 % alone about a quarter were kept when the window opened, and its first 4 s
 * were a cold start: the relay's rounds took 30–134 ms, where they took under 50 after the
 * 7th second (docs/performance.md, fortieth session). A site in use has its pages kept; the
 * window measures that. `BENCH_MIXED_WARM_SECONDS=0` measures the cold start instead.
 */
const WARM_SECONDS = Number(process.env.BENCH_MIXED_WARM_SECONDS ?? 8);
/**
 * `BENCH_MIXED_BY_KIND=<seconds>`: after the mix, each kind alone at its share of the rate for
 * that long, with its CPU per request by process (`BENCH_CPU` style): where the mix's cost is.
 */
const BY_KIND_SECONDS = Number(process.env.BENCH_MIXED_BY_KIND ?? 0);

/**
 * The longest the last answer may come after the last request was due: a longer one is a
 * standing queue, the offered rate not kept up with (a quarter of a second's requests).
 */
const MAX_BACKLOG_MS = 250;

/** Of every 1,000 requests. */
const WEIGHTS = {
  'business page (composed)': 250,
  'business list': 100,
  search: 100,
  trending: 50,
  feed: 150,
  'my groups': 100,
  'group list': 50,
  "a group's reviews": 50,
  'helpful vote': 120,
  'new review': 30,
} as const;
type Kind = keyof typeof WEIGHTS;

const pick = <T>(list: readonly T[]): T => list[Math.floor(Math.random() * list.length)]!;

interface Writer {
  cookie: string;
  groupIds: number[];
  /**
   * Businesses this member has not reviewed yet, in an order of their own: members who all took
   * the lowest ids wrote about the same business within the same second, a burst that queued
   * nearly every new review for moderation (the integrity rule, docs/security.md), which is
   * not how reviews arrive on a working site.
   */
  unreviewed: number[];
}

async function writers(admin: pg.Client, members: number[], cookies: string[]): Promise<Writer[]> {
  const { rows } = await admin.query<{
    user_id: number;
    group_ids: number[];
    unreviewed: number[];
  }>(
    `select m.user_id,
            array(select group_id from reviews.memberships g
                   where g.user_id = m.user_id and g.member order by group_id limit 3) as group_ids,
            array(select b.id from reviews.businesses b
                   where not exists (select 1 from reviews.reviews r
                                      where r.user_id = m.user_id and r.business_id = b.id)
                   order by hashint8extended(b.id, m.user_id) limit 200) as unreviewed
       from unnest($1::int[]) as m(user_id)`,
    [members],
  );
  return rows.map((row) => ({
    cookie: cookies[members.indexOf(row.user_id)]!,
    groupIds: row.group_ids,
    unreviewed: row.unreviewed,
  }));
}

export async function run(): Promise<ScenarioResult[]> {
  if (!isScaleSize(SIZE)) throw new Error(`BENCH_MIXED_SIZE: no size ${SIZE}`);
  // `BENCH_MIXED_KINDS=new review,feed`: only those kinds alone (names as in `WEIGHTS`).
  const aloneKinds = knobNames('BENCH_MIXED_KINDS', Object.keys(WEIGHTS) as Kind[]);
  const bench = await createBenchRun(PLATFORM_PORTS);
  const admin = new pg.Client({ connectionString: bench.database.adminUrl });
  try {
    await loadScaleData(bench.database, SIZE);
    const gateway = await startPlatform(bench);
    await admin.connect();
    const members = await heavyMemberIds(admin, 100);
    const cookies = await insertSessions(admin, members, PRODUCTION_SESSION_COOKIE);
    const authors = await writers(admin, members, cookies);
    const businesses = await businessesByReviews(admin, 1000);
    const { rows: names } = await admin.query<{ name: string }>(
      'select name from catalog.businesses order by id limit 2000',
    );
    const searches = names.map(({ name }) => name.split(/\s+/)[0]!.slice(0, 4));
    const { rows: reviewRows } = await admin.query<{ id: number }>(
      'select id from reviews.reviews order by random() limit 5000',
    );
    const groups = SCALE_SIZES[SIZE].groups;
    const probe = propagationProbe(admin);
    const signedIn = (path: string): PacedRequest => ({ path, headers: { cookie: pick(cookies) } });

    const requests: Record<Kind, () => PacedRequest> = {
      'business page (composed)': () => signedIn(`/api/businesses/${pick(businesses)}`),
      'business list': () => ({ path: '/api/businesses' }),
      search: () => ({ path: `/api/businesses?search=${encodeURIComponent(pick(searches))}` }),
      trending: () => ({ path: '/api/businesses/trending' }),
      feed: () => signedIn('/api/reviews/feed'),
      'my groups': () => signedIn('/api/groups/user'),
      'group list': () => ({ path: '/api/groups' }),
      "a group's reviews": () => ({
        path: `/api/groups/${1 + Math.floor(Math.random() * groups)}/reviews`,
      }),
      'helpful vote': () => ({
        method: 'POST',
        ...signedIn(`/api/reviews/${pick(reviewRows).id}/helpful`),
      }),
      'new review': () => {
        const author = pick(authors.filter((a) => a.unreviewed.length > 0));
        const businessId = author.unreviewed.pop()!;
        return {
          method: 'POST',
          path: '/api/reviews',
          headers: { cookie: author.cookie },
          body: {
            businessId,
            rating: 4,
            content: 'A mixed-workload review: friendly service, fair prices, would go again.',
            groupIds: author.groupIds,
          },
          onAnswer: (status, text) => {
            if (status === 201) probe.written((JSON.parse(text) as { id: number }).id);
          },
        };
      },
    };

    const kinds = Object.keys(WEIGHTS) as Kind[];
    /**
     * One kind offered alone, and its CPU per request by process, less what the platform uses
     * idle (its consumers and relays polling) over as long, measured just before.
     */
    const alone = async (kind: Kind): Promise<string> => {
      await untilQuiet({ timeoutMs: 30_000 });
      const idleStart = cpuSnapshot();
      await sleep(3000);
      const idle = cpuByGroup(idleStart, cpuSnapshot());
      const before = cpuSnapshot();
      const started = Date.now();
      const result = await paced({
        url: gateway,
        rate: (RATE * WEIGHTS[kind]) / 1000,
        duration: BY_KIND_SECONDS,
        connections: 20,
        next: requests[kind],
      });
      await sleep(1000); // The events it caused, applied.
      const seconds = (Date.now() - started) / 1000;
      const used = cpuByGroup(before, cpuSnapshot());
      const rows = [...used]
        .map(([group, ms]) => [group, ms - ((idle.get(group) ?? 0) * seconds) / 3] as const)
        .filter(([, ms]) => ms / result.sent >= 0.01)
        .sort((a, b) => b[1] - a[1]);
      const total = rows.reduce((sum, [, ms]) => sum + ms, 0);
      const per = (ms: number) => (ms / result.sent).toFixed(2);
      return (
        `${result.rate.toFixed(0)}/s, p99 ${result.p99.toFixed(1)} ms; ms of CPU a request ` +
        `(idle taken off): ${rows.map(([group, ms]) => `${group} ${per(ms)}`).join(', ')}; sum ${per(total)}`
      );
    };
    const offer = (seconds: number, scale: number) =>
      Promise.all(
        kinds.map((kind) =>
          paced({
            url: gateway,
            rate: (RATE * WEIGHTS[kind] * scale) / 1000,
            duration: seconds,
            connections: 20,
            next: requests[kind],
          }),
        ),
      );
    await offer(3, 0.3); // Warm-up: pools, plans, JIT.
    if (WARM_SECONDS > 0) await offer(WARM_SECONDS, 1); // Kept pages and answers: see WARM_SECONDS.
    probe.start();
    const cpuBefore = cpuWanted() ? cpuSnapshot() : null;
    const results = await offer(SECONDS, 1);
    const propagation = await probe.stop();
    const rss = peakRssMb();

    const byKind = new Map<Kind, PacedResult>(kinds.map((kind, i) => [kind, results[i]!]));
    const sent = results.reduce((sum, r) => sum + r.sent, 0);
    const failed = results.reduce((sum, r) => sum + r.non2xx + r.errors, 0);
    /**
     * Answers per second of the schedule, with the backlog it left: answers per second until the
     * last answer can never reach the offered rate (the last request's own latency is in it), and
     * answers per second of the schedule alone would count a backlog drained afterwards as kept up.
     */
    const answered = results.reduce((sum, r) => sum + r.answered, 0) / SECONDS;
    const drainMs = Math.max(...results.map((r) => r.drainMs));
    // `BENCH_CPU=1`: where the mix's CPU went, per request sent, by process.
    if (cpuBefore) {
      console.log(
        `  mixed: ms of CPU per request: ${cpuPerRequest(cpuBefore, cpuSnapshot(), sent)}`,
      );
    }
    if (BY_KIND_SECONDS > 0) {
      for (const kind of kinds.filter((k) => !aloneKinds || aloneKinds.includes(k))) {
        console.log(`  ${kind} alone: ${await alone(kind)}`);
      }
    }
    const errorShare = (100 * failed) / sent;
    const [heaviest, mostMb] = [...rss].sort((a, b) => b[1] - a[1])[0] ?? ['none', 0];
    return [
      ...[...byKind].map(([kind, r]) => ({
        name: `mixed: ${kind}`,
        metrics: {
          offered: `${(RATE * WEIGHTS[kind]) / 1000}/s`,
          'req/s': r.rate,
          'p50 ms': r.p50,
          'p99 ms': r.p99,
          'non-2xx': r.non2xx,
          errors: r.errors,
        },
      })),
      {
        name: 'mixed workload: answered',
        metrics: { 'req/s': answered, sent, 'backlog ms': drainMs },
        target: `≥ 1,000 req/s, backlog ≤ ${MAX_BACKLOG_MS} ms`,
        pass: answered >= 1000 && drainMs <= MAX_BACKLOG_MS,
      },
      {
        name: 'mixed workload: errors',
        metrics: { '%': errorShare, failed },
        target: '< 0.1 %',
        pass: errorShare < 0.1,
      },
      {
        name: 'event propagation during it (review → catalog)',
        metrics: {
          reviews: propagation.count,
          missing: propagation.missing,
          'p50 ms': propagation.p50,
          'p99 ms': propagation.p99,
        },
        target: 'p99 ≤ 50 ms',
        pass: propagation.count > 0 && propagation.missing === 0 && propagation.p99 <= 50,
      },
      {
        name: 'peak resident memory',
        metrics: {
          'MB (largest)': mostMb,
          process: heaviest,
          all: [...rss].map(([group, mb]) => `${group} ${Math.round(mb)}`).join(', '),
        },
        target: '≤ 250 MB each',
        pass: mostMb <= 250,
      },
    ];
  } finally {
    await admin.end().catch(() => undefined);
    await bench.stop();
  }
}

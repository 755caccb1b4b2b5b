/**
 * Reviews (issue 6): 100,000 reviews (200 on the business whose composed detail is read),
 * ~190,000 group tags over 100 groups, a bench user in 10 groups, generated with SQL straight
 * into the tables. identity, catalog, reviews and the gateway run as child processes from their
 * builds on loopback, in a throwaway database and under a unique stream prefix. A fixed
 * 500 req/s is offered on a schedule (support/paced.ts) through the gateway to:
 * - `GET /api/reviews/feed` (first page of 50, the bench user in 10 groups),
 * - `GET /api/businesses/{id}` (composed at the gateway: catalog + reviews' first page),
 * - `POST /api/reviews/{id}/helpful` (1,000 users with their own sessions toggling votes on
 *   random reviews).
 * Targets: feed and detail p99 < 40 ms, helpful toggle p99 < 60 ms.
 */
import pg from 'pg';
import { insertSessions } from '../support/auth.ts';
import { readerAndBusiness } from '../support/reader.ts';
import { seedReviews } from '../support/reviews-data.ts';
import { load, type LoadOptions } from '../support/load.ts';
import { paced } from '../support/paced.ts';
import { createBenchRun } from '../support/services.ts';
import type { ScenarioResult } from '../types.ts';
import { knobNames } from '../support/env.ts';

const SECONDS = Number(process.env.BENCH_REVIEWS_SECONDS ?? 10);
const RATE = Number(process.env.BENCH_REVIEWS_RATE ?? 500);
const CONNECTIONS = Number(process.env.BENCH_REVIEWS_CONNECTIONS ?? 50);
const REVIEWS = Number(process.env.BENCH_REVIEWS_COUNT ?? 100_000);
const VOTERS = 1000;
const PORTS = { identity: 14801, catalog: 14803, reviews: 14804, gateway: 14880 };

const offered = (
  name: string,
  targetMs: number,
  options: Omit<LoadOptions, 'name' | 'connections' | 'duration'>,
) =>
  load({
    name,
    targetMs,
    connections: CONNECTIONS,
    duration: SECONDS,
    rate: RATE,
    ...options,
  });

/** The calls measured: `BENCH_REVIEWS_CALLS=feed,toggle` runs a subset (e.g. to profile one). */
const CALLS = ['feed', 'detail', 'toggle'] as const;

export async function run(): Promise<ScenarioResult[]> {
  const calls = knobNames('BENCH_REVIEWS_CALLS', CALLS) ?? CALLS;
  const bench = await createBenchRun(PORTS);
  const admin = new pg.Client({ connectionString: bench.database.adminUrl });

  try {
    await Promise.all([
      bench.start('identity'),
      bench.start('catalog'),
      bench.start('reviews', { DATABASE_POOL_MAX: '20' }),
    ]);
    const gateway = await bench.startGateway(['identity', 'catalog', 'reviews']);

    await admin.connect();
    // The business whose detail is read: created through catalog, projected into reviews.
    const { cookie, userId, businessId } = await readerAndBusiness(gateway, admin, {
      username: 'bench_reader',
      name: 'Bench Reader',
      business: 'Bench Bistro',
    });

    await seedReviews(admin, { userId, businessId, reviews: REVIEWS });
    const voterCookies = await insertSessions(
      admin,
      Array.from({ length: VOTERS }, (_, v) => 200_000 + v),
    );

    const feedUrl = `${gateway}/api/reviews/feed`;
    const detailUrl = `${gateway}/api/businesses/${businessId}`;
    const check = await fetch(feedUrl, { headers: { cookie } });
    const feed = (await check.json()) as unknown[];
    if (check.status !== 200 || feed.length !== 50) throw new Error(`feed: ${check.status}`);
    const detail = (await (await fetch(detailUrl, { headers: { cookie } })).json()) as {
      reviews?: unknown[];
    };
    if (detail.reviews?.length !== 50) throw new Error('composed detail without its reviews');

    const pick = <T>(list: T[]) => list[Math.floor(Math.random() * list.length)]!;
    const toggle = {
      url: `${gateway}/api/reviews/1/helpful`,
      next: () => ({
        method: 'POST',
        path: `/api/reviews/${1 + Math.floor(Math.random() * REVIEWS)}/helpful`,
        headers: { cookie: pick(voterCookies) },
      }),
    };
    // Warm-up at the measured rate and connections: pools, caches, JIT, the voters' sessions.
    // At 200 req/s on 10 connections the toggle's first half second measured was still the
    // reviews pool growing and cold sessions (179 of its first 250 answers over 50 ms,
    // `BENCH_TRACE`), as the scale bench found (scale.ts).
    const warm = { rate: RATE, duration: 3, connections: CONNECTIONS };
    // Only the calls measured: a warmed call's kept answers and pools are not the others'.
    if (calls.includes('feed')) {
      await paced({
        ...warm,
        url: feedUrl,
        next: () => ({ path: '/api/reviews/feed', headers: { cookie } }),
      });
    }
    if (calls.includes('detail')) {
      await paced({
        ...warm,
        url: detailUrl,
        next: () => ({ path: new URL(detailUrl).pathname, headers: { cookie } }),
      });
    }
    if (calls.includes('toggle')) await paced({ ...warm, ...toggle });

    const results: ScenarioResult[] = [];
    if (calls.includes('feed')) {
      results.push(
        await offered('GET /api/reviews/feed (10 groups, 50/page)', 40, {
          url: feedUrl,
          headers: { cookie },
        }),
      );
    }
    if (calls.includes('detail')) {
      results.push(
        await offered('GET /api/businesses/{id} (composed)', 40, {
          url: detailUrl,
          headers: { cookie },
        }),
      );
    }
    if (calls.includes('toggle')) {
      results.push(await offered('POST /api/reviews/{id}/helpful', 60, toggle));
    }
    return results;
  } finally {
    await admin.end().catch(() => undefined);
    await bench.stop();
  }
}

/**
 * Reviews (issue 6): 100,000 reviews (200 on the business whose composed detail is read),
 * ~190,000 group tags over 100 groups, a bench user in 10 groups, generated with SQL straight
 * into the tables. identity, catalog, reviews and the gateway run as child processes from their
 * builds on loopback, in a throwaway database and under a unique stream prefix. autocannon
 * offers a fixed 500 req/s (`overallRate`) through the gateway to:
 * - `GET /api/reviews/feed` (first page of 50, the bench user in 10 groups),
 * - `GET /api/businesses/{id}` (composed at the gateway: catalog + reviews' first page),
 * - `POST /api/reviews/{id}/helpful` (1,000 users with their own sessions toggling votes on
 *   random reviews).
 * Targets: feed and detail p99 < 40 ms, helpful toggle p99 < 60 ms.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import {
  dropDatabase,
  dropRoles,
  ensureDatabase,
  generateSigningKey,
  provisionServiceRole,
  urlWithCredentials,
  urlWithDatabase,
} from '@trustcircle/service-kit';
import { connect } from 'nats';
import pg from 'pg';
import type { ScenarioResult } from '../types.ts';

interface AutocannonResult {
  latency: { p50: number; p99: number; max: number; average: number };
  requests: { average: number; total: number };
  non2xx: number;
  errors: number;
}
type Autocannon = (options: Record<string, unknown>) => Promise<AutocannonResult>;
const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;

const ADMIN_URL =
  process.env.BENCH_DATABASE_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const NATS_URL = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';
const SECONDS = Number(process.env.BENCH_REVIEWS_SECONDS ?? 10);
const RATE = Number(process.env.BENCH_REVIEWS_RATE ?? 500);
const CONNECTIONS = Number(process.env.BENCH_REVIEWS_CONNECTIONS ?? 50);
const REVIEWS = Number(process.env.BENCH_REVIEWS_COUNT ?? 100_000);
const VOTERS = 1000;
const ROOT = join(import.meta.dirname, '..', '..');
const PORTS = { identity: 14801, catalog: 14803, reviews: 14804, gateway: 14880 };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitReady(url: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${url} exited with ${child.exitCode}`);
    const ok = await fetch(`${url}/readyz`).then(
      (res) => res.ok,
      () => false,
    );
    if (ok) return;
    await sleep(100);
  }
  throw new Error(`${url} not ready`);
}

async function load(
  name: string,
  targetMs: number,
  options: Record<string, unknown>,
): Promise<ScenarioResult> {
  const result = await autocannon({
    connections: CONNECTIONS,
    duration: SECONDS,
    overallRate: RATE,
    ...options,
  });
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(`${name}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
  }
  return {
    name,
    metrics: {
      offered: `${RATE}/s`,
      'req/s': result.requests.average,
      'p50 ms': result.latency.p50,
      'p99 ms': result.latency.p99,
      'max ms': result.latency.max,
    },
    target: `p99 < ${targetMs} ms`,
    pass: result.latency.p99 < targetMs,
  };
}

export async function run(): Promise<ScenarioResult[]> {
  const tag = randomBytes(4).toString('hex');
  const database = `tc_bench_${tag}`;
  const prefix = `bench${tag}`;
  await ensureDatabase(ADMIN_URL, database);
  const adminUrl = urlWithDatabase(ADMIN_URL, database);
  const roles: string[] = [];
  const urls: Record<string, string> = {};
  for (const service of ['identity', 'catalog', 'reviews', 'gateway']) {
    const role = `${database}_${service}`;
    const password = randomBytes(12).toString('hex');
    await provisionServiceRole(adminUrl, {
      role,
      password,
      schema: service,
      extensions: service === 'catalog' ? ['pg_trgm'] : undefined,
    });
    roles.push(role);
    urls[service] = urlWithCredentials(adminUrl, role, password);
  }
  const { signingKey, jwks } = generateSigningKey();
  const common = {
    PATH: process.env.PATH ?? '',
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    HOST: '127.0.0.1',
    NATS_URL,
    EVENTS_PREFIX: prefix,
    JWT_JWKS: JSON.stringify(jwks),
  };
  const children: ChildProcess[] = [];
  const start = (service: keyof typeof PORTS, main: string, env: Record<string, string>) => {
    const child = spawn(process.execPath, [join(ROOT, main)], {
      env: { ...common, PORT: String(PORTS[service]), DATABASE_URL: urls[service]!, ...env },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    children.push(child);
    return waitReady(`http://127.0.0.1:${PORTS[service]}`, child);
  };
  const admin = new pg.Client({ connectionString: adminUrl });

  try {
    await Promise.all([
      start('identity', 'services/identity/dist/src/main.js', {}),
      start('catalog', 'services/catalog/dist/src/main.js', {}),
      start('reviews', 'services/reviews/dist/src/main.js', { DATABASE_POOL_MAX: '20' }),
    ]);
    await start('gateway', 'gateway/dist/src/main.js', {
      JWT_PRIVATE_KEY: signingKey.privateKey.export({ format: 'pem', type: 'pkcs8' }).toString(),
      JWT_KID: signingKey.kid,
      IDENTITY_URL: `http://127.0.0.1:${PORTS.identity}`,
      CATALOG_URL: `http://127.0.0.1:${PORTS.catalog}`,
      REVIEWS_URL: `http://127.0.0.1:${PORTS.reviews}`,
    });
    const gateway = `http://127.0.0.1:${PORTS.gateway}`;

    const registered = await fetch(`${gateway}/api/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        username: 'bench_reader',
        email: 'bench_reader@example.com',
        name: 'Bench Reader',
        password: 'password123',
      }),
    });
    if (registered.status !== 201) throw new Error(`register: ${registered.status}`);
    const cookie = registered.headers
      .getSetCookie()
      .map((line) => line.split(';')[0])
      .join('; ');
    const userId = ((await registered.json()) as { id: number }).id;
    // The business whose detail is read: created through catalog, projected into reviews.
    const created = await fetch(`${gateway}/api/businesses`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify({ name: 'Bench Bistro', category: 'Restaurants' }),
    });
    if (created.status !== 201) throw new Error(`business: ${created.status}`);
    const businessId = ((await created.json()) as { id: number }).id;

    await admin.connect();
    const projected = Date.now() + 10_000;
    while (Date.now() < projected) {
      const { rows } = await admin.query(
        'select (select count(*) from reviews.businesses where id = $1) + (select count(*) from reviews.users where id = $2) as n',
        [businessId, userId],
      );
      if (Number(rows[0].n) === 2) break;
      await sleep(50);
    }

    const generated = Date.now();
    // Users 100001…110000 write; businesses 100001…102000; groups 1…100. Review i is by user
    // 100001 + i % 10000 on a business that user has not reviewed yet; the first 200 are on
    // the bench business. Tags: one or two groups per review.
    await admin.query(`
      insert into reviews.users (id, username, name, is_verified, version)
        select 100000 + u, 'user' || u, 'User ' || u, u % 5 = 0, 1
          from generate_series(1, 10000) u;
      insert into reviews.groups (id, name, version)
        select g, 'Group ' || g, 1 from generate_series(1, 100) g on conflict do nothing;
      insert into reviews.businesses (id, name, category, version)
        select 100000 + b, 'Business ' || b, 'Restaurants', 1 from generate_series(1, 2000) b;
      insert into reviews.memberships (user_id, group_id, member, changed_at)
        select ${userId}, g, true, now() from generate_series(1, 10) g;
      insert into reviews.reviews (id, user_id, business_id, rating, content, pros, cons,
                                   helpful_count, created_at, updated_at)
        select i, 100001 + i % 10000,
               case when i <= 200 then ${businessId}
                    else 100001 + (i % 10000 + (i / 10000) * 197) % 2000 end,
               1 + i % 5,
               'Generated review number ' || i || ': the service was fine and the prices fair.',
               'Friendly staff', 'Busy at lunch', 0,
               now() - make_interval(secs => ${REVIEWS} - i), now()
          from generate_series(1, ${REVIEWS}) i;
      select setval(pg_get_serial_sequence('reviews.reviews', 'id'), ${REVIEWS});
      insert into reviews.review_tags (review_id, group_id)
        select i, 1 + i % 100 from generate_series(1, ${REVIEWS}) i
        union
        select i, 1 + (i * 7 + 3) % 100 from generate_series(1, ${REVIEWS}) i;
      analyze reviews.reviews;
      analyze reviews.review_tags;
      analyze reviews.memberships;
    `);
    const voterCookies: string[] = [];
    for (let v = 0; v < VOTERS; v += 1) {
      const id = randomBytes(32).toString('base64url');
      await admin.query(
        `insert into gateway.sessions (id_hash, user_id, idle_expires_at, absolute_expires_at)
         values ($1, $2, now() + interval '1 day', now() + interval '1 day')`,
        [createHash('sha256').update(id).digest('hex'), 200_000 + v],
      );
      voterCookies.push(`tc_session=${id}`);
    }
    const counts = await admin.query(
      `select (select count(*)::int from reviews.reviews) as reviews,
              (select count(*)::int from reviews.review_tags) as tags,
              (select count(*)::int from reviews.reviews where business_id = $1) as on_business`,
      [businessId],
    );
    console.log(
      `  data: ${JSON.stringify(counts.rows[0])} in ${((Date.now() - generated) / 1000).toFixed(1)} s`,
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
      requests: [
        {
          method: 'POST',
          setupRequest: (request: Record<string, unknown>) => ({
            ...request,
            path: `/api/reviews/${1 + Math.floor(Math.random() * REVIEWS)}/helpful`,
            headers: { cookie: pick(voterCookies) },
          }),
        },
      ],
    };
    // Warm-up: pools, caches, JIT.
    await autocannon({ url: feedUrl, headers: { cookie }, duration: 2, connections: 10 });
    await autocannon({ url: detailUrl, headers: { cookie }, duration: 2, connections: 10 });
    await autocannon({ ...toggle, duration: 2, connections: 10 });

    return [
      await load('GET /api/reviews/feed (10 groups, 50/page)', 40, {
        url: feedUrl,
        headers: { cookie },
      }),
      await load('GET /api/businesses/{id} (composed)', 40, {
        url: detailUrl,
        headers: { cookie },
      }),
      await load('POST /api/reviews/{id}/helpful', 60, toggle),
    ];
  } finally {
    await admin.end().catch(() => undefined);
    for (const child of children) child.kill('SIGTERM');
    await Promise.all(
      children.map((child) =>
        child.exitCode !== null ? undefined : new Promise((resolve) => child.once('exit', resolve)),
      ),
    );
    await deleteStreams(prefix).catch(() => undefined);
    await dropDatabase(ADMIN_URL, database);
    await dropRoles(ADMIN_URL, roles);
  }
}

async function deleteStreams(prefix: string): Promise<void> {
  const nc = await connect({ servers: NATS_URL });
  try {
    const jsm = await nc.jetstreamManager();
    for (const stream of await jsm.streams.list().next()) {
      if (stream.config.name.startsWith(`${prefix.toUpperCase()}_`)) {
        await jsm.streams.delete(stream.config.name);
      }
    }
  } finally {
    await nc.close();
  }
}

/**
 * Issue 18: live notifications fanned out to many open streams. identity, social and the gateway
 * run as child processes from their builds; BENCH_SSE_CONNECTIONS (1,000) members follow one
 * author (rows written with SQL: the bench is about delivery, not sign-ups) and each holds a
 * notification stream open through the gateway with its session cookie. The author's review
 * (`reviews.review.created`, published to JetStream as reviews would) becomes one notification
 * per follower; latency is from the publish to each stream's receipt of its event (target p99
 * ≤ 200 ms). Memory per open connection is the RSS growth of social and the gateway while the
 * streams open, divided by their number.
 */
import http from 'node:http';
import { buildEnvelope, eventNaming } from '@trustcircle/service-kit';
import { connect } from 'nats';
import pg from 'pg';
// By its path: the bench runs on plain Node, where @trustcircle/testing (jest sources) is not built.
import { reviewEvent } from '../../packages/testing/src/review-event.ts';
import { insertSessions, registerUser } from '../support/auth.ts';
import { NATS_URL, sleep, waitUntil } from '../support/env.ts';
import { createBenchRun } from '../support/services.ts';
import { percentile, type ScenarioResult } from '../types.ts';

const CONNECTIONS = Number(process.env.BENCH_SSE_CONNECTIONS ?? 1000);
const ROUNDS = Number(process.env.BENCH_SSE_ROUNDS ?? 5);
const PORTS = { identity: 14901, social: 14905, gateway: 14980 };
const FIRST_FOLLOWER = 500_000;

/** One open stream: when each notification event arrived. */
function openStream(gatewayUrl: string, cookie: string, agent: http.Agent) {
  const arrivals: number[] = [];
  return new Promise<{ arrivals: number[]; close(): void }>((resolve, reject) => {
    const req = http.get(
      `${gatewayUrl}/api/notifications/stream`,
      { agent, headers: { cookie, accept: 'text/event-stream' } },
      (res) => {
        if (res.statusCode !== 200) {
          reject(new Error(`stream answered ${res.statusCode}`));
          res.resume();
          return;
        }
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          const at = performance.now();
          for (const _ of chunk.matchAll(/^event: notification$/gm)) arrivals.push(at);
        });
        res.on('error', () => undefined);
        resolve({ arrivals, close: () => req.destroy() });
      },
    );
    req.on('error', reject);
  });
}

/** Resident memory of a process, from its Prometheus endpoint. */
async function rss(metricsUrl: string): Promise<number> {
  const text = await (await fetch(metricsUrl)).text();
  const line = text.split('\n').find((l) => l.startsWith('process_resident_memory_bytes'));
  return Number(line?.split(' ').at(-1));
}

export async function run(): Promise<ScenarioResult[]> {
  const bench = await createBenchRun(PORTS);
  const admin = new pg.Client({ connectionString: bench.database.adminUrl });
  const nc = await connect({ servers: NATS_URL });
  const agent = new http.Agent({ keepAlive: false, maxSockets: Infinity });
  const streams: { arrivals: number[]; close(): void }[] = [];
  try {
    await Promise.all([bench.start('identity'), bench.start('social')]);
    const gateway = await bench.startGateway(['identity', 'social']);
    const socialMetrics = `http://127.0.0.1:${PORTS.social}/metrics`;
    const gatewayMetrics = `http://127.0.0.1:${PORTS.gateway + 1000}/metrics`;

    // The author through the gateway (identity's event reaches social); the followers as rows.
    const author = await registerUser(gateway, 'bench_author', 'Bench Author');
    await admin.connect();
    await waitUntil(
      async () =>
        (await admin.query('select 1 from social.users where id = $1', [author.userId]))
          .rowCount === 1,
      'the author in social',
    );
    const followers = Array.from({ length: CONNECTIONS }, (_, i) => FIRST_FOLLOWER + i);
    await admin.query(
      `insert into social.users (id, username, name, version)
         select u, 'follower' || u, 'Follower ' || u, 1 from unnest($1::int[]) u`,
      [followers],
    );
    await admin.query(
      `insert into social.follows (follower_id, followee_id)
         select u, $2 from unnest($1::int[]) u`,
      [followers, author.userId],
    );
    const cookies = await insertSessions(admin, followers);

    const before = { social: await rss(socialMetrics), gateway: await rss(gatewayMetrics) };
    for (let i = 0; i < cookies.length; i += 50) {
      streams.push(
        ...(await Promise.all(cookies.slice(i, i + 50).map((c) => openStream(gateway, c, agent)))),
      );
    }
    await sleep(2000);
    const after = { social: await rss(socialMetrics), gateway: await rss(gatewayMetrics) };

    const naming = eventNaming(bench.prefix);
    const subject = naming.wireSubject('reviews.review.created');
    // When the push (social.notification.created) is on NATS: the rest is the streams' part.
    const pushes: number[] = [];
    nc.subscribe(naming.wireSubject('social.notification.created'), {
      callback: () => pushes.push(performance.now()),
    });
    const js = nc.jetstream();
    const latencies: number[] = [];
    const writtenAfter: number[] = [];
    const pushedAfter: number[] = [];
    let delivered = 0;
    for (let round = 1; round <= ROUNDS; round += 1) {
      const envelope = buildEnvelope(
        'reviews.review.created',
        reviewEvent({ id: round, businessId: 1, userId: author.userId }),
      );
      const sent = performance.now();
      const sentAt = Date.now();
      await js.publish(subject, JSON.stringify(envelope), { msgID: envelope.id });
      await waitUntil(
        () => streams.every((s) => s.arrivals.length >= round),
        () => `round ${round}: ${streams.filter((s) => s.arrivals.length >= round).length} streams`,
        { timeoutMs: 30_000, intervalMs: 5 },
      );
      for (const stream of streams) latencies.push(stream.arrivals[round - 1]! - sent);
      pushedAfter.push(pushes[pushes.length - 1]! - sent);
      // When the fan-out's transaction began (its rows' created_at): the rest is delivery.
      const { rows } = await admin.query(
        `select extract(epoch from max(created_at)) * 1000 as at from social.notifications
          where (payload->>'reviewId')::int = $1`,
        [round],
      );
      writtenAfter.push(Number(rows[0].at) - sentAt);
      delivered += streams.length;
      await sleep(1000);
    }
    latencies.sort((a, b) => a - b);
    const p99 = percentile(latencies, 99);
    return [
      {
        name: `notifications fan-out (${CONNECTIONS} streams via gateway)`,
        metrics: {
          delivered,
          'written ms': writtenAfter.reduce((a, b) => a + b, 0) / writtenAfter.length,
          'pushed ms': pushedAfter.reduce((a, b) => a + b, 0) / pushedAfter.length,
          'p50 ms': percentile(latencies, 50),
          'p99 ms': p99,
          'max ms': latencies[latencies.length - 1]!,
          'social KiB/conn': (after.social - before.social) / 1024 / CONNECTIONS,
          'gateway KiB/conn': (after.gateway - before.gateway) / 1024 / CONNECTIONS,
        },
        target: 'p99 ≤ 200 ms',
        pass: p99 <= 200,
      },
    ];
  } finally {
    for (const stream of streams) stream.close();
    agent.destroy();
    await nc.close();
    await admin.end().catch(() => undefined);
    await bench.stop();
  }
}

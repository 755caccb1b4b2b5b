/**
 * Abuse (issue 15): do big photo uploads starve everyone else? identity, catalog, reviews and
 * the gateway run from their builds; a business with 200 reviews and a reader in 10 groups.
 * Reads are offered at a fixed rate (support/paced.ts) through the gateway, alternating
 * `GET /api/businesses/{id}` (composed) and `GET /api/reviews/feed`: first alone, then while
 * ten uploaders (ten accounts) each keep one 40-megapixel PNG upload in flight (a flat image:
 * 0.1 MB on the wire, 120 MB of pixels to decode). An uploader refused with 503 tries again
 * after its Retry-After, as the web client does.
 * Target: reads during the uploads p99 < 100 ms; at least one upload must be stored, or the
 * run measured nothing. `BENCH_ABUSE_BEFORE=1` runs the reviews service as it was before
 * issue 15 (the "before" of docs/performance.md): ten decodes at once (libuv's four threads
 * then), at normal CPU priority.
 */
import pg from 'pg';
import sharp from 'sharp';
import { insertSessions } from '../support/auth.ts';
import { sleep } from '../support/env.ts';
import { readerAndBusiness } from '../support/reader.ts';
import { load } from '../support/load.ts';
import { paced, type PacedRequest } from '../support/paced.ts';
import { createBenchRun } from '../support/services.ts';
import { percentile, type ScenarioResult } from '../types.ts';

const SECONDS = Number(process.env.BENCH_ABUSE_SECONDS ?? 8);
const RATE = Number(process.env.BENCH_ABUSE_RATE ?? 100);
const UPLOADERS = 10;
const WIDTH = 8000;
const HEIGHT = 5000;
const PORTS = { identity: 14601, catalog: 14603, reviews: 14604, gateway: 14680 };

interface UploadTally {
  latencies: number[];
  statuses: Map<number, number>;
}

/** Keeps one upload of `png` in flight for `cookie` until `running()` turns false. */
async function uploader(
  gateway: string,
  cookie: string,
  png: Buffer,
  running: () => boolean,
  tally: UploadTally,
): Promise<void> {
  while (running()) {
    const form = new FormData();
    form.append('photos', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'big.png');
    const started = performance.now();
    const res = await fetch(`${gateway}/api/photos`, {
      method: 'POST',
      body: form,
      headers: { cookie },
    }).catch(() => null);
    await res?.arrayBuffer();
    tally.latencies.push(performance.now() - started);
    const status = res?.status ?? 0;
    tally.statuses.set(status, (tally.statuses.get(status) ?? 0) + 1);
    if (status === 503) await sleep(1000 * Number(res?.headers.get('retry-after') ?? 1));
  }
}

export async function run(): Promise<ScenarioResult[]> {
  const bench = await createBenchRun(PORTS);
  const admin = new pg.Client({ connectionString: bench.database.adminUrl });
  const before = Boolean(process.env.BENCH_ABUSE_BEFORE);

  try {
    await Promise.all([
      bench.start('identity'),
      bench.start('catalog'),
      bench.start(
        'reviews',
        before
          ? { PHOTO_DECODE_CONCURRENCY: '10', PHOTO_DECODE_QUEUE: '100', PHOTO_DECODE_NICE: '0' }
          : {},
      ),
    ]);
    const gateway = await bench.startGateway(['identity', 'catalog', 'reviews']);
    await admin.connect();
    // The business whose detail is read: created through catalog, projected into reviews.
    const { cookie, userId, businessId } = await readerAndBusiness(gateway, admin, {
      username: 'abuse_reader',
      name: 'Abuse Reader',
      business: 'Abuse Bistro',
    });
    // 200 reviews on the business by 200 writers, each tagged with one of the reader's groups.
    await admin.query(`
      insert into reviews.users (id, username, name, is_verified, version)
        select 100000 + u, 'user' || u, 'User ' || u, false, 1 from generate_series(1, 200) u;
      insert into reviews.groups (id, name, version)
        select g, 'Group ' || g, 1 from generate_series(1, 10) g on conflict do nothing;
      insert into reviews.memberships (user_id, group_id, member, changed_at)
        select ${userId}, g, true, now() from generate_series(1, 10) g;
      insert into reviews.reviews (id, user_id, business_id, rating, content, pros, cons,
                                   helpful_count, created_at, updated_at)
        select i, 100000 + i, ${businessId}, 1 + i % 5,
               'Generated review number ' || i || ': the service was fine and the prices fair.',
               'Friendly staff', 'Busy at lunch', 0, now() - make_interval(secs => 200 - i), now()
          from generate_series(1, 200) i;
      select setval(pg_get_serial_sequence('reviews.reviews', 'id'), 200);
      insert into reviews.review_tags (review_id, group_id)
        select i, 1 + i % 10 from generate_series(1, 200) i;
    `);
    await admin.query('vacuum analyze reviews.reviews, reviews.review_tags, reviews.memberships');
    const uploaderCookies = await insertSessions(
      admin,
      Array.from({ length: UPLOADERS }, (_, u) => 300_000 + u),
    );
    const png = await sharp({
      create: { width: WIDTH, height: HEIGHT, channels: 3, background: '#4a6fa5' },
    })
      .png({ compressionLevel: 9 })
      .toBuffer();
    console.log(`  upload: one ${WIDTH} × ${HEIGHT} PNG, ${(png.length / 1024).toFixed(0)} kB`);

    const detailPath = `/api/businesses/${businessId}`;
    let turn = 0;
    const reads = {
      url: `${gateway}${detailPath}`,
      connections: 20,
      rate: RATE,
      duration: SECONDS,
      failures: 'report' as const,
      next: (): PacedRequest => {
        turn += 1;
        return { path: turn % 2 ? detailPath : '/api/reviews/feed', headers: { cookie } };
      },
    };
    await paced({ ...reads, duration: 2 });
    const results: ScenarioResult[] = [
      await load({ ...reads, name: 'reads alone (detail + feed)' }),
    ];

    let uploading = true;
    const tally: UploadTally = { latencies: [], statuses: new Map() };
    const uploads = uploaderCookies.map((uploaderCookie) =>
      uploader(gateway, uploaderCookie, png, () => uploading, tally),
    );
    // Let the first decodes start before the reads are counted.
    await sleep(500);
    results.push(
      await load({
        ...reads,
        name: `reads while ${UPLOADERS} × ${(WIDTH * HEIGHT) / 1e6} MP uploads run`,
        targetMs: 100,
      }),
    );
    uploading = false;
    await Promise.all(uploads);

    const { rows } = await admin.query('select count(*)::int as n from reviews.photos');
    const stored = rows[0].n as number;
    const latencies = tally.latencies.sort((a, b) => a - b);
    const count = (status: number) => tally.statuses.get(status) ?? 0;
    const others = [...tally.statuses.keys()].filter((status) => status !== 201 && status !== 503);
    results.push({
      name: `uploads (${before ? 'before: 10 decodes at once, nice 0' : 'limiter defaults'})`,
      metrics: {
        sent: latencies.length,
        '201': count(201),
        '503': count(503),
        other: others.map((status) => `${status}×${count(status)}`).join(' ') || 0,
        'stored photos': stored,
        'p50 ms': percentile(latencies, 50),
        'max ms': latencies.at(-1) ?? Number.NaN,
      },
      // A refused upload stores nothing: every photo stored was answered 201.
      target: 'some stored; stored = 201s',
      pass: count(201) > 0 && stored === count(201),
    });
    return results;
  } finally {
    await admin.end().catch(() => undefined);
    await bench.stop();
  }
}

/**
 * Demo data, seeded once THROUGH THE PUBLIC API (so every event flows to every projection):
 * the plan of scripts/seed/plan.ts (300 people of Riverton, the first `demo`, and `moderator`;
 * 30 groups; 200 businesses with addresses, phones and hours; 3,000 reviews whose words agree
 * with their stars, shared with their authors' groups; helpful votes) plus a few photos.
 * `node scripts/seed.ts --plan` prints the plan as JSON and sends nothing.
 * A second run finds `demo` able to sign in and seeds nothing. Run by `npm start` after
 * everything is healthy, with TC_BASE_URL = the gateway. Every user signs in once (register
 * answers the session cookie) and keeps it, so the gateway's per-IP limits see 300 sign-ups:
 * npm start must give the gateway REGISTER_LIMIT_PER_IP (and LOGIN_LIMIT_PER_IP) of at least
 * 400 while seeding, and LIMITS_SCALE (3,000 reviews and 6,000 votes from one address).
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { deflateSync, crc32 } from 'node:zlib';
import { Progress } from './launcher/progress.ts';
import { demoPlan } from './seed/plan.ts';
import { setTimeout as sleep } from 'node:timers/promises';

const BASE = process.env.TC_BASE_URL ?? 'http://127.0.0.1:8080';
const PASSWORD = process.env.SEED_PASSWORD ?? 'trustcircle-demo';
/** The demo user's bio, set when seeding has finished. */
const COMPLETE_MARKER = 'The TrustCircle demo account: every review here is sample data.';
/** `SEED_SCALE` (default 1) shrinks the demo for tests. */
const SCALE = Number(process.env.SEED_SCALE ?? 1);
const PHOTOS = 12;
const CONCURRENCY = 8;

interface Answer {
  status: number;
  body: unknown;
}

class Session {
  cookie = '';
  id = 0;
  username = '';
  groups: number[] = [];

  async call(
    method: string,
    path: string,
    body?: unknown,
    extraHeaders: Record<string, string> = {},
  ): Promise<Answer> {
    const headers: Record<string, string> = { ...extraHeaders };
    if (this.cookie) headers.cookie = this.cookie;
    let payload: string | FormData | undefined;
    if (body instanceof FormData) payload = body;
    else if (body !== undefined) {
      headers['content-type'] = 'application/json';
      payload = JSON.stringify(body);
    }
    for (let attempt = 0; ; attempt += 1) {
      const res = await fetch(new URL(path, BASE), { method, headers, body: payload });
      const cookies = res.headers.getSetCookie();
      if (cookies.length) this.cookie = cookies.map((line) => line.split(';')[0]).join('; ');
      const text = await res.text();
      const parsed = (text ? JSON.parse(text) : null) as { message?: string } | null;
      // 503: a service is busy; 409 + Retry-After: a projection (e.g. a new membership) is
      // still arriving. Both are worth another try; any other answer is final.
      const retryable =
        res.status === 503 || (res.status === 409 && res.headers.has('retry-after'));
      if (retryable && attempt < 10) {
        await sleep(500);
        continue;
      }
      if (res.status === 429) {
        throw new Error(
          `${method} ${path}: ${parsed?.message ?? 'rate limited'} Start the gateway with ` +
            'REGISTER_LIMIT_PER_IP=1000, LOGIN_LIMIT_PER_IP=1000 and LIMITS_SCALE=1000 for the demo seed.',
        );
      }
      return { status: res.status, body: parsed };
    }
  }
}

/** Runs `work` over `items`, CONCURRENCY at a time, showing `label`'s progress. */
async function pool<T>(
  label: string,
  items: T[],
  work: (item: T, index: number) => Promise<void>,
): Promise<Progress> {
  const progress = new Progress(label, items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < items.length) {
        const index = next++;
        await work(items[index]!, index);
        progress.tick();
      }
    }),
  );
  return progress;
}

/**
 * Like `pool`, but each CONCURRENCY items finish before the next begin: a review's id is taken
 * when its insert runs, so only across waves do ids follow the order items were sent in.
 */
async function waves<T>(
  label: string,
  items: T[],
  work: (item: T, index: number) => Promise<void>,
): Promise<Progress> {
  const progress = new Progress(label, items.length);
  for (let start = 0; start < items.length; start += CONCURRENCY) {
    await Promise.all(
      items.slice(start, start + CONCURRENCY).map(async (item, offset) => {
        await work(item, start + offset);
        progress.tick();
      }),
    );
  }
  return progress;
}

/**
 * Development only (contracts' REVIEW_WRITTEN_AT_HEADER): the date a review was written. A
 * gateway without ALLOW_BACKDATED_REVIEWS drops it; a reviews service without it answers 400.
 */
const WRITTEN_AT_HEADER = 'X-Review-Written-At';

function refusedBackdating(answer: Answer): boolean {
  const issues = (answer.body as { issues?: { path?: string }[] } | null)?.issues;
  return answer.status === 400 && issues?.[0]?.path === WRITTEN_AT_HEADER;
}

function expectOk<T = { id: number }>(answer: Answer, what: string): T {
  if (answer.status >= 300) {
    throw new Error(`${what}: ${answer.status} ${JSON.stringify(answer.body)}`);
  }
  return answer.body as T;
}

/** A small solid-colour PNG, built by hand (signature, IHDR, IDAT, IEND). */
function png(width: number, height: number, rgb: [number, number, number]): Uint8Array {
  const chunk = (type: string, data: Buffer) => {
    const out = Buffer.alloc(12 + data.length);
    out.writeUInt32BE(data.length, 0);
    out.write(type, 4, 'latin1');
    data.copy(out, 8);
    out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)) >>> 0, 8 + data.length);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8;
  header[9] = 2;
  const row = Buffer.alloc(1 + width * 3);
  for (let x = 0; x < width; x += 1) row.set(rgb, 1 + x * 3);
  const pixels = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(pixels)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

async function main(): Promise<void> {
  const demo = new Session();
  const probe = await demo.call('POST', '/api/login', { username: 'demo', password: PASSWORD });
  if (probe.status === 200) {
    const me = await demo.call('GET', '/api/user');
    if ((me.body as { bio?: string | null } | null)?.bio === COMPLETE_MARKER) {
      console.log(`seed | demo data already there; sign in as "demo" with password "${PASSWORD}"`);
    } else {
      console.log(
        'seed | a previous demo seed did not finish; to seed again, start with an empty database ' +
          '(drop it, or point DATABASE_URL at a new one)',
      );
    }
    return;
  }
  const started = Date.now();
  const categories = expectOk<string[]>(await demo.call('GET', '/api/categories'), 'categories');
  const plan = demoPlan(SCALE, categories);
  console.log(
    `seed | seeding the demo: ${plan.users.length} people, ${plan.groups.length} groups, ` +
      `${plan.businesses.length} businesses, ${plan.reviews.length.toLocaleString('en')} reviews, ` +
      `${plan.votes.length.toLocaleString('en')} helpful votes`,
  );

  const users = plan.users.map(() => new Session());
  const registered = await pool('users', plan.users, async (planned, i) => {
    const body = expectOk(
      await users[i]!.call('POST', '/api/register', {
        username: planned.username,
        email: `${planned.username}@demo.trustcircle.test`,
        name: planned.name,
        password: PASSWORD,
        confirmPassword: PASSWORD,
        // Verified people prove it through the sandbox provider.
        ...(planned.verified ? { clearMeToken: `CLR-DEMO${String(i).padStart(4, '0')}` } : {}),
      }),
      `register ${planned.username}`,
    );
    users[i]!.id = body.id;
  });
  registered.finish();
  await seedModerator();
  console.log('seed | ✓ user "moderator" with the moderator role');

  const groupIds: number[] = [];
  const created = await pool('groups', plan.groups, async (group, i) => {
    const answer = expectOk(
      await users[group.creator]!.call('POST', '/api/groups', {
        name: group.name,
        description: group.description,
      }),
      `group ${group.name}`,
    );
    groupIds[i] = answer.id;
  });
  created.finish();
  let joins = 0;
  const joined = await pool('memberships', plan.users, async (planned, i) => {
    for (const group of planned.groups) {
      if (plan.groups[group]!.creator === i) continue;
      expectOk(await users[i]!.call('POST', `/api/groups/${groupIds[group]}/join`), 'join');
      joins += 1;
    }
  });
  joined.finish(`${joins.toLocaleString('en')} memberships`);

  const businessIds: number[] = [];
  const listed = await pool('businesses', plan.businesses, async (business, i) => {
    const { owner, ...body } = business;
    businessIds[i] = expectOk(
      await users[owner]!.call('POST', '/api/businesses', body),
      `business ${business.name}`,
    ).id;
  });
  listed.finish();

  const photoOwners = users.slice(0, PHOTOS);
  const photoOf = new Map<Session, string>();
  const uploaded = await pool('photos', photoOwners, async (user, i) => {
    const form = new FormData();
    const colour: [number, number, number] = [(i * 40) % 256, 120, 200 - i * 10];
    form.append('photos', new Blob([png(64, 48, colour)], { type: 'image/png' }), 'photo.png');
    const [photo] = expectOk<{ url: string }[]>(
      await user.call('POST', '/api/photos', form),
      'photo',
    );
    photoOf.set(user, photo!.url);
  });
  uploaded.finish();

  const reviewIds: number[] = [];
  const seededAt = Date.now();
  let backdating = true;
  // Lists sort "Newest" by id: the reviews of one wave share its oldest date, so no review
  // with a higher id is dated earlier.
  const written = await waves('reviews', plan.reviews, async (review, i) => {
    const author = users[review.author]!;
    const photo = photoOf.get(author);
    photoOf.delete(author);
    const body = {
      businessId: businessIds[review.business],
      rating: review.rating,
      content: review.content,
      groupIds: review.groups.map((group) => groupIds[group]),
      photos: photo ? [photo] : [],
      pros: review.pros,
      cons: review.cons,
    };
    const waveAge = plan.reviews[i - (i % CONCURRENCY)]!.ageMinutes;
    const writtenAt = new Date(seededAt - waveAge * 60_000).toISOString();
    let answer = await author.call(
      'POST',
      '/api/reviews',
      body,
      backdating ? { [WRITTEN_AT_HEADER]: writtenAt } : {},
    );
    if (backdating && refusedBackdating(answer)) {
      backdating = false;
      answer = await author.call('POST', '/api/reviews', body);
    }
    const created = expectOk<{ id: number; createdAt: string }>(answer, 'review');
    // A gateway without the switch drops the header: the review says today.
    if (backdating && created.createdAt !== writtenAt) backdating = false;
    reviewIds[i] = created.id;
  });
  written.finish();
  if (!backdating) {
    console.log(
      'seed | reviews are dated today: start gateway and reviews with ' +
        'ALLOW_BACKDATED_REVIEWS=true (development only) for a year of history',
    );
  }

  const voting = await pool('helpful votes', plan.votes, async ([voter, review]) => {
    expectOk(await users[voter]!.call('PUT', `/api/reviews/${reviewIds[review]}/helpful`), 'vote');
  });
  voting.finish();

  // Written last: a later start knows the demo is complete, not half-seeded.
  expectOk(await users[0]!.call('PATCH', '/api/user', { bio: COMPLETE_MARKER }), 'demo bio');

  console.log(
    `seed | demo data seeded in ${((Date.now() - started) / 1000).toFixed(0)} s; sign in as "demo" ` +
      `(or any seeded user) with password "${PASSWORD}"`,
  );
}

/**
 * The demo's moderator (issue 15). Roles never change through the public API, so it gets its
 * role as every moderator does: the operator command (`npm run grant`, built by npm start).
 */
async function seedModerator(): Promise<void> {
  expectOk(
    await new Session().call('POST', '/api/register', {
      username: 'moderator',
      email: 'moderator@demo.trustcircle.test',
      name: 'Demo Moderator',
      password: PASSWORD,
      confirmPassword: PASSWORD,
    }),
    'register moderator',
  );
  const cli = path.join(
    import.meta.dirname,
    '..',
    'services/identity/dist/src/operator/grant-cli.js',
  );
  const granted = spawnSync(process.execPath, [cli, 'moderator', 'moderator'], {
    stdio: 'inherit',
  });
  if (granted.status !== 0) throw new Error('granting the demo moderator its role failed');
}

if (process.argv.includes('--plan')) {
  // The categories are the contracts' (the same list GET /api/categories answers).
  const { CATEGORIES } = await import('@trustcircle/contracts');
  process.stdout.write(`${JSON.stringify(demoPlan(SCALE, CATEGORIES))}\n`);
} else {
  await main().catch((error: unknown) => {
    console.error(`seed failed: ${(error as Error).message}`);
    process.exit(1);
  });
}

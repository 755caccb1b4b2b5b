/**
 * Demo data, seeded once THROUGH THE PUBLIC API (so every event flows to every projection):
 * 300 users (the first is `demo`) and `moderator`, 30 groups with members, 200 businesses over
 * the ten categories, 3,000 reviews shared with their authors' groups, helpful votes and a few
 * photos.
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
import { setTimeout as sleep } from 'node:timers/promises';

const BASE = process.env.TC_BASE_URL ?? 'http://127.0.0.1:8080';
const PASSWORD = process.env.SEED_PASSWORD ?? 'trustcircle-demo';
/** The demo user's bio, set when seeding has finished. */
const COMPLETE_MARKER = 'The TrustCircle demo account: every review here is sample data.';
/** `SEED_SCALE` (default 1) shrinks the demo for tests. */
const SCALE = Number(process.env.SEED_SCALE ?? 1);
const scaled = (count: number) => Math.max(2, Math.ceil(count * SCALE));
const USERS = scaled(300);
const GROUPS = scaled(30);
const BUSINESSES = scaled(200);
const REVIEWS = Math.min(scaled(3000), Math.floor((USERS * BUSINESSES) / 2));
const VOTES = scaled(6000);
const PHOTOS = Math.min(12, USERS);
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

  async call(method: string, path: string, body?: unknown): Promise<Answer> {
    const headers: Record<string, string> = {};
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

/** A deterministic pseudo-random sequence, so every fresh install gets the same demo. */
let state = 20260601;
function random(): number {
  // mulberry32: all 32-bit integer arithmetic (Math.imul), so no precision is lost and the
  // sequence does not collapse into a short cycle as a float-multiplied LCG does.
  state = (state + 0x6d2b79f5) | 0;
  let t = Math.imul(state ^ (state >>> 15), 1 | state);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}
const pick = <T>(list: T[]): T => list[Math.floor(random() * list.length)]!;

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

const FIRST = [
  'Alex',
  'Sam',
  'Jordan',
  'Taylor',
  'Morgan',
  'Casey',
  'Riley',
  'Jamie',
  'Avery',
  'Quinn',
];
const LAST = [
  'Smith',
  'Garcia',
  'Chen',
  'Okafor',
  'Müller',
  'Rossi',
  'Novak',
  'Silva',
  'Kim',
  'Haddad',
];
const GROUP_THEMES = [
  'Foodies',
  'Tech Lovers',
  'Parents',
  'Fitness Fans',
  'Car Owners',
  'Bookworms',
  'Students',
  'Pet Owners',
  'Home Improvers',
  'Night Owls',
  'Coffee Snobs',
  'Budget Shoppers',
];
const OPINIONS = [
  ['Great service and friendly staff.', 'Friendly staff\nFair prices', 'Busy at weekends'],
  ['Solid experience overall, would come back.', 'Reliable\nClean', 'Parking is hard'],
  ['Not worth the price in my opinion.', 'Central location', 'Expensive\nSlow service'],
  ['Exceeded my expectations in every way.', 'Excellent quality\nGreat advice', ''],
  ['Average at best, nothing special here.', 'Open late', 'Mediocre quality'],
];

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
  console.log(
    `seed | seeding the demo: ${USERS} users, ${GROUPS} groups, ${BUSINESSES} businesses, ` +
      `${REVIEWS.toLocaleString('en')} reviews, ${VOTES.toLocaleString('en')} helpful votes`,
  );
  const categories = expectOk<string[]>(await demo.call('GET', '/api/categories'), 'categories');

  const users = Array.from({ length: USERS }, () => new Session());
  const registered = await pool('users', users, async (user, i) => {
    const username = i === 0 ? 'demo' : `${pick(FIRST).toLowerCase()}${i}`;
    const name = i === 0 ? 'Demo User' : `${pick(FIRST)} ${pick(LAST)}`;
    const body = expectOk(
      await user.call('POST', '/api/register', {
        username,
        email: `${username}@demo.trustcircle.test`,
        name,
        password: PASSWORD,
        confirmPassword: PASSWORD,
        // Every fifth demo user is verified through the sandbox provider.
        ...(i % 5 === 0 ? { clearMeToken: `CLR-DEMO${String(i).padStart(4, '0')}` } : {}),
      }),
      `register ${username}`,
    );
    user.id = body.id;
    user.username = username;
  });
  registered.finish();
  await seedModerator();
  console.log('seed | ✓ user "moderator" with the moderator role');

  const groups: number[] = [];
  const created = await pool(
    'groups',
    Array.from({ length: GROUPS }, (_, i) => i),
    async (i) => {
      const creator = users[i % users.length]!;
      const theme = GROUP_THEMES[i % GROUP_THEMES.length]!;
      const group = expectOk(
        await creator.call('POST', '/api/groups', {
          name: `${theme} ${Math.floor(i / GROUP_THEMES.length) + 1}`,
          description: `A community of ${theme.toLowerCase()} sharing honest reviews.`,
        }),
        'group',
      );
      groups.push(group.id);
      creator.groups.push(group.id);
    },
  );
  created.finish();
  // The demo user is in 10 groups; everyone else in 3 to 6.
  let joins = 0;
  const joined = await pool('memberships', users, async (user, i) => {
    const wanted = Math.min(groups.length, i === 0 ? 10 : 3 + Math.floor(random() * 4));
    while (user.groups.length < wanted) {
      const groupId = pick(groups);
      if (user.groups.includes(groupId)) continue;
      expectOk(await user.call('POST', `/api/groups/${groupId}/join`), 'join');
      user.groups.push(groupId);
      joins += 1;
    }
  });
  joined.finish(`${joins.toLocaleString('en')} memberships`);

  const businesses: number[] = [];
  const listed = await pool(
    'businesses',
    Array.from({ length: BUSINESSES }, (_, i) => i),
    async (i) => {
      const category = categories[i % categories.length]!;
      const business = expectOk(
        await pick(users).call('POST', '/api/businesses', {
          name: `${pick(LAST)} ${category.split(' ')[0]} ${Math.floor(i / categories.length) + 1}`,
          category,
          description: `A local ${category.toLowerCase()} business.`,
        }),
        'business',
      );
      businesses.push(business.id);
    },
  );
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

  const reviewed = new Set<string>();
  const reviews: { id: number; author: Session }[] = [];
  const plan: { author: Session; businessId: number }[] = [];
  while (plan.length < REVIEWS) {
    const author = pick(users);
    const businessId = pick(businesses);
    if (reviewed.has(`${author.id}:${businessId}`)) continue;
    reviewed.add(`${author.id}:${businessId}`);
    plan.push({ author, businessId });
  }
  const written = await pool('reviews', plan, async ({ author, businessId }) => {
    const [content, pros, cons] = pick(OPINIONS);
    const photo = photoOf.get(author);
    photoOf.delete(author);
    const shared = [pick(author.groups)];
    if (random() < 0.3) shared.push(pick(author.groups));
    const review = expectOk(
      await author.call('POST', '/api/reviews', {
        businessId,
        rating: 1 + Math.floor(random() * 5),
        content: `${content} ${random() < 0.5 ? 'I would recommend it to friends.' : 'Visited last month.'}`,
        groupIds: [...new Set(shared)],
        photos: photo ? [photo] : [],
        pros,
        cons,
      }),
      'review',
    );
    reviews.push({ id: review.id, author });
  });
  written.finish();

  const voted = new Set<string>();
  const votes: { voter: Session; reviewId: number }[] = [];
  for (let attempt = 0; votes.length < VOTES && attempt < VOTES * 20; attempt += 1) {
    const review = pick(reviews);
    const voter = pick(users);
    if (voter === review.author || voted.has(`${voter.id}:${review.id}`)) continue;
    voted.add(`${voter.id}:${review.id}`);
    votes.push({ voter, reviewId: review.id });
  }
  const voting = await pool('helpful votes', votes, async ({ voter, reviewId }) => {
    expectOk(await voter.call('PUT', `/api/reviews/${reviewId}/helpful`), 'vote');
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

main().catch((error: unknown) => {
  console.error(`seed failed: ${(error as Error).message}`);
  process.exit(1);
});

import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { catalogService } from '@trustcircle/catalog';
import { communitiesService } from '@trustcircle/communities';
import { createReviewsWorld, type ReviewsWorld } from './support/world';

/** scripts/seed.ts against the whole stack, shrunk (SEED_SCALE), run twice. */
let world: ReviewsWorld;

beforeAll(async () => {
  // As `npm start` runs it: backdating on, so the demo's reviews span a year.
  world = await createReviewsWorld({
    extraServices: [communitiesService, catalogService],
    reviewsEnv: { ALLOW_BACKDATED_REVIEWS: 'true' },
    gatewayEnv: { ALLOW_BACKDATED_REVIEWS: 'true' },
  });
}, 90_000);

afterAll(async () => {
  await world?.stop();
});

/** Asynchronous: the stack runs in this process and must keep answering. */
const seed = () =>
  new Promise<{ status: number | null; stdout: string; stderr: string }>((resolve) => {
    execFile(
      process.execPath,
      [join(__dirname, '..', '..', '..', 'scripts', 'seed.ts')],
      {
        env: {
          ...process.env,
          TC_BASE_URL: world.stack.gatewayUrl,
          SEED_SCALE: '0.05',
          // For the operator command that makes `moderator` a moderator (npm run grant).
          DATABASE_URL: world.stack.db.adminUrl,
        },
        encoding: 'utf8',
        timeout: 150_000,
      },
      (error, stdout, stderr) =>
        resolve({ status: error ? ((error as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
  });

it('seeds through the public API once, and nothing the second time', async () => {
  const first = await seed();
  expect(first.stderr).not.toMatch(/seed failed/);
  expect(first.status).toBe(0);
  expect(first.stdout).toMatch(/sign in as "demo".*password "trustcircle-demo"/);
  const reviews = Number((await world.admin('reviews').count({ n: '*' }))[0]!.n);
  expect(reviews).toBeGreaterThan(50);
  expect(Number((await world.admin('helpful_votes').count({ n: '*' }))[0]!.n)).toBeGreaterThan(50);
  expect(
    Number((await world.admin('photos').whereNotNull('review_id').count({ n: '*' }))[0]!.n),
  ).toBeGreaterThan(0);
  // A year of history, not one afternoon; catalog holds the same dates (from the events).
  const dated: { id: number; created_at: Date }[] = await world
    .admin('reviews')
    .orderBy('id')
    .select('id', 'created_at');
  const ages = dated.map((r) => (Date.now() - r.created_at.getTime()) / 86_400_000);
  expect(Math.max(...ages)).toBeLessThan(366);
  expect(Math.max(...ages) - Math.min(...ages)).toBeGreaterThan(180);
  // "Newest" lists sort by id: a higher id is never dated earlier.
  const outOfOrder = dated.filter((r, i) => i > 0 && r.created_at < dated[i - 1]!.created_at);
  expect(outOfOrder).toEqual([]);
  const oldest = dated.reduce((a, b) => (a.created_at < b.created_at ? a : b));
  const fact = await world.until(
    () => world.admin('catalog.review_facts').where({ review_id: oldest.id }).first('created_at'),
    'catalog fact of the oldest review',
  );
  expect(fact.created_at.toISOString()).toBe(oldest.created_at.toISOString());
  const moderator = await world.stack
    .client()
    .post('/api/login', { username: 'moderator', password: 'trustcircle-demo' });
  expect(moderator.body.roles).toEqual(['member', 'moderator']);

  const second = await seed();
  expect(second.status).toBe(0);
  expect(second.stdout).toMatch(/already there/);
  expect(Number((await world.admin('reviews').count({ n: '*' }))[0]!.n)).toBe(reviews);
}, 180_000);

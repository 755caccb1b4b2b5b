import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { createDb, type Knex } from '@trustcircle/service-kit';
import { eventually, type TestClient, type TestStack } from '@trustcircle/testing';
import { startPlatform, written } from './support/platform';
// scripts/ are ES modules run by Node itself (the test loads them through jest's transform).
import type * as EngineModule from '../scripts/reconcile/engine.ts' with {
  'resolution-mode': 'import',
};

/**
 * `npm run reconcile` against the real services: data written through the API reconciles
 * clean; drift injected with SQL is reported check by check (exit 1), repaired by --fix, and
 * the repaired projections still take later events.
 */
type Engine = typeof EngineModule;
type Report = Awaited<ReturnType<Engine['reconcile']>>;

const root = path.resolve(__dirname, '..');
let engine: Engine;
let stack: TestStack;
let admin: Knex;

beforeAll(async () => {
  engine = await import('../scripts/reconcile/engine.ts');
  stack = await startPlatform();
  admin = createDb({ url: stack.db.adminUrl, schema: 'public', poolMax: 2 });
}, 90_000);

afterAll(async () => {
  await admin?.destroy();
  await stack?.stop();
});

const run = (options: { fix?: boolean } = {}) =>
  engine.reconcile({ databaseUrl: stack.db.adminUrl, settleSeconds: 0, ...options });

/** Drift keys per check, only checks with drift. */
const driftOf = (report: Report) =>
  Object.fromEntries(
    report.results.filter((r) => r.drift.length).map((r) => [r.name, r.drift.map((d) => d.key)]),
  );

let users = 0;
async function register(): Promise<{ client: TestClient; id: number }> {
  const client = stack.client();
  const username = `recon${(users += 1)}${Date.now() % 100000}`;
  const body = await written(() =>
    client.post('/api/register', {
      username,
      email: `${username}@example.com`,
      name: `Name ${username}`,
      password: 'correct horse battery',
      confirmPassword: 'correct horse battery',
    }),
  );
  return { client, id: body.id as number };
}

const review = (businessId: number, groupIds: number[], rating: number) => ({
  businessId,
  rating,
  content: 'Friendly staff and fair prices, would go again.',
  pros: 'Friendly',
  cons: 'Busy at noon',
  groupIds,
  photos: [],
});

async function untilClean(): Promise<Report> {
  const report = await eventually(run, (r) => r.drifted === 0, {
    timeoutMs: 15_000,
    intervalMs: 200,
  });
  expect(driftOf(report)).toEqual({});
  return report;
}

describe('npm run reconcile', () => {
  it('reports injected drift, repairs it with --fix, and repaired rows take later events', async () => {
    const owner = await register();
    const [writer, voter, late] = [await register(), await register(), await register()];
    const groupId = (
      await written(() =>
        owner.client.post('/api/groups', {
          name: 'Reconcilers',
          description: 'Counting what drifts.',
        }),
      )
    ).id as number;
    for (const user of [writer, voter]) {
      await written(() => user.client.post('/api/groups/join', { groupId }));
    }
    const businessId = (
      await written(() =>
        owner.client.post('/api/businesses', { name: 'Drift Diner', category: 'Restaurants' }),
      )
    ).id as number;
    const voted = (
      await written(() => writer.client.post('/api/reviews', review(businessId, [groupId], 5)))
    ).id as number;
    const other = (
      await written(() => voter.client.post('/api/reviews', review(businessId, [groupId], 3)))
    ).id as number;
    await written(() => voter.client.request('PUT', `/api/reviews/${voted}/helpful`));
    const usernameOf = async (id: number) =>
      (await admin.raw('select username from identity.users where id = ?', [id])).rows[0].username;
    const followed = await eventually(
      async () => voter.client.post(`/api/users/${await usernameOf(writer.id)}/follow`),
      (res) => res.status !== 404,
    );
    expect(followed.status).toBe(200);

    const clean = await untilClean();
    expect(clean.exitCode).toBe(0);
    const checked = Object.fromEntries(clean.results.map((r) => [r.name, r.checked]));
    expect(checked['reviews.helpful_count']).toBe(2);
    expect(checked['communities.groups.member_count']).toBe(1);
    expect(checked['catalog.review_facts']).toBe(2);

    // Group sums kept relative to an older time of their own (as newer reviews leave them,
    // docs/trust-score.md), read at the business's reference: the same scores, no drift.
    await admin.raw(
      `update catalog.business_group_scores
          set weight = weight * 2, weighted_rating = weighted_rating * 2 where business_id = ?`,
      [businessId],
    );
    await admin.raw(
      `update catalog.businesses
          set group_sums_at = coalesce(group_sums_at, score_newest_at) - interval '180 days'
        where id = ?`,
      [businessId],
    );
    expect(driftOf(await run())).toEqual({});

    // Drift of each kind, as a lost event or a bug would leave it.
    await admin.raw('update reviews.reviews set helpful_count = 7 where id = ?', [voted]);
    await admin.raw('update communities.groups set member_count = 9 where id = ?', [groupId]);
    await admin.raw('update catalog.businesses set global_trust_score = 1.25 where id = ?', [
      businessId,
    ]);
    await admin.raw('delete from catalog.review_facts where review_id = ?', [other]);
    await admin.raw(`update reviews.users set name = 'Stale Name' where id = ?`, [writer.id]);
    await admin.raw(`update social.users set name = 'Stale Name' where id = ?`, [writer.id]);
    await admin.raw('delete from reviews.follows where follower_id = ?', [voter.id]);
    await admin.raw(`update catalog.people set name = 'Stale Name' where id = ?`, [writer.id]);
    // An owner reviews knows of and catalog does not: they could reply without owning it.
    await admin.raw(
      'insert into reviews.business_owners (business_id, user_id, approved_at) values (?, ?, now())',
      [businessId, voter.id],
    );

    const found = await run();
    expect(found.exitCode).toBe(1);
    const drift = driftOf(found);
    expect(drift['reviews.helpful_count']).toEqual([String(voted)]);
    expect(drift['communities.groups.member_count']).toEqual([String(groupId)]);
    expect(drift['catalog.scores']).toEqual([String(businessId)]);
    expect(drift['catalog.review_facts']).toEqual(
      expect.arrayContaining([String(voted), String(other)]),
    );
    expect(drift['reviews.users']).toEqual([String(writer.id)]);
    expect(drift['social.users']).toEqual([String(writer.id)]);
    expect(drift['reviews.follows']).toEqual([`${voter.id}-${writer.id}`]);
    expect(drift['catalog.people']).toEqual([String(writer.id)]);
    expect(drift['reviews.business_owners']).toEqual([`${businessId}-${voter.id}`]);

    // The CLI, as the CronJob runs it: one line per check, a summary, exit code 1.
    const cli = spawnSync(
      process.execPath,
      [
        '--disable-warning=MODULE_TYPELESS_PACKAGE_JSON',
        path.join(root, 'scripts/reconcile.ts'),
        // Drift that is still there after the recheck is reported.
        '--settle',
        '1',
      ],
      { env: { ...process.env, DATABASE_URL: stack.db.adminUrl }, encoding: 'utf8' },
    );
    expect(cli.stderr).toBe('');
    expect(cli.status).toBe(1);
    const lines = cli.stdout.trim().split('\n');
    expect(lines).toHaveLength(found.results.length + 1);
    expect(lines.find((l) => l.startsWith('reviews.helpful_count'))).toMatch(
      new RegExp(`DRIFT 1 .*${voted} \\(7≠1 votes\\)`),
    );
    expect(lines.at(-1)).toMatch(/rows drifted in \d+ check\(s\); run with --fix to repair$/);

    const fixed = await run({ fix: true });
    expect(fixed.remaining).toBe(0);
    expect(fixed.exitCode).toBe(0);
    // The business's scores are rescored with its repaired facts, before their own check.
    const repaired = Object.fromEntries(fixed.results.map((r) => [r.name, r.repaired]));
    expect(repaired).toMatchObject({
      'reviews.helpful_count': 1,
      'reviews.users': 1,
      'social.users': 1,
      'reviews.follows': 1,
      'catalog.people': 1,
      'reviews.business_owners': 1,
      'communities.groups.member_count': 1,
      'catalog.review_facts': 1,
      'catalog.scores': 0,
    });
    await untilClean();
    const card = await admin.raw('select card from reviews.reviews where id = ?', [voted]);
    expect(card.rows[0].card.user.name).toMatch(/^Name recon/);

    // Repaired projections still take the next event of each source.
    await written(() => late.client.post('/api/groups/join', { groupId }));
    await written(() => late.client.request('PUT', `/api/reviews/${other}/helpful`));
    const after = await eventually(
      async () =>
        (
          await admin.raw(
            `select f.helpful_count, g.member_count from catalog.review_facts f,
                    communities.groups g where f.review_id = ? and g.id = ?`,
            [other, groupId],
          )
        ).rows[0],
      (row) => row?.helpful_count === 1 && row?.member_count === 4,
    );
    expect(after).toEqual({ helpful_count: 1, member_count: 4 });
    await untilClean();
  }, 90_000);
});

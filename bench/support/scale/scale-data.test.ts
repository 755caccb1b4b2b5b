import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { dropDatabase, dropRoles, urlWithDatabase } from '@trustcircle/service-kit';
import { verifyPassword } from '../../../services/identity/src/domain/passwords.ts';
import { reconcile } from '../../../scripts/reconcile/engine.ts';
import { ADMIN_URL } from '../env.ts';
import {
  BENCH_PASSWORD,
  BENCH_USERNAME,
  businessesByReviews,
  heavyMemberIds,
} from './bench-users.ts';
import { SCALE_SIZES } from './sizes.ts';

/**
 * Issue 20's scale data at size XS, loaded twice by the CLI into fresh databases (the loader is
 * an ES module run by Node itself: faker is ESM-only): counts, skew and ratings as documented,
 * every projection and counter as the reconciler recomputes it (and a changed score is found,
 * so the check can see), and the same rows twice.
 */
const XS = SCALE_SIZES.XS;
const CLI = path.resolve(__dirname, '..', '..', 'scale', 'load.ts');
const loads: { database: string; roles: string[] }[] = [];
let admin: pg.Client;

/** A kept XS database's admin URL; dropped with its roles after the tests. */
async function loaded(): Promise<string> {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['--disable-warning=MODULE_TYPELESS_PACKAGE_JSON', CLI, '--size', 'XS', '--keep', '--json'],
    { env: { ...process.env, BENCH_DATABASE_ADMIN_URL: ADMIN_URL } },
  );
  const load = JSON.parse(stdout) as { database: string; roles: string[] };
  loads.push(load);
  return urlWithDatabase(ADMIN_URL, load.database);
}

const one = async <Row extends object>(text: string, values: unknown[] = []) =>
  (await admin.query<Row>(text, values)).rows[0]!;

/** What must come out the same from every load of a size (times move with the load's day). */
const CHECKSUM = `
  select md5(string_agg(concat_ws('|', id, user_id, business_id, rating, content, pros, cons,
                                  helpful_count, version), ',' order by id))
           || (select md5(string_agg(concat_ws('|', id, username, name, is_verified), ','
                                     order by id)) from identity.users)
           || (select md5(string_agg(concat_ws('|', id, name, category, global_trust_score,
                                               review_count), ',' order by id))
                 from catalog.businesses)
           || (select md5(string_agg(concat_ws('|', review_id, group_id), ','
                                     order by review_id, group_id)) from reviews.review_tags)
           || (select md5(string_agg(concat_ws('|', user_id, group_id), ','
                                     order by user_id, group_id)) from communities.group_members)
           as sum
    from reviews.reviews`;

let url: string;

beforeAll(async () => {
  url = await loaded();
  admin = new pg.Client({ connectionString: url });
  await admin.connect();
}, 120_000);

afterAll(async () => {
  await admin?.end();
  for (const load of loads) {
    await dropDatabase(ADMIN_URL, load.database);
    await dropRoles(ADMIN_URL, load.roles);
  }
});

describe('scale data (size XS)', () => {
  it('has the size’s rows, a projection row for each, and sequences past the loaded ids', async () => {
    const counts = await one<Record<string, number>>(`
      select (select count(*)::int from identity.users) as users,
             (select count(*)::int from catalog.businesses) as businesses,
             (select count(*)::int from communities.groups) as groups,
             (select count(*)::int from reviews.reviews) as reviews,
             (select count(*)::int from catalog.review_facts) as facts,
             (select count(*)::int from reviews.users) as "reviewsUsers",
             (select count(*)::int from social.users) as "socialUsers",
             (select count(*)::int from reviews.review_tags) as tags,
             (select count(*)::int from reviews.helpful_votes) as votes,
             (select count(*)::int from social.follows) as follows`);
    expect(counts).toMatchObject({
      users: XS.users,
      businesses: XS.businesses,
      groups: XS.groups,
      reviews: XS.reviews,
      facts: XS.reviews,
      reviewsUsers: XS.users,
      socialUsers: XS.users,
    });
    expect(counts.tags).toBeGreaterThanOrEqual(XS.reviews);
    expect(counts.votes).toBeGreaterThan(XS.reviews / 2);
    expect(counts.follows).toBeGreaterThan(XS.users / 2);
    const odd = await one<{ own: number; early: number }>(`
      select count(*) filter (where v.user_id = r.user_id)::int as own,
             count(*) filter (where v.created_at < r.created_at)::int as early
        from reviews.helpful_votes v join reviews.reviews r on r.id = v.review_id`);
    expect(odd).toEqual({ own: 0, early: 0 });
    const next = await one<{ id: number }>(`select nextval('reviews.reviews_id_seq')::int as id`);
    expect(next.id).toBe(XS.reviews + 1);
  });

  it('is skewed like real use: busy businesses, authors and reviews, most ratings 4–5 stars', async () => {
    const skew = await one<Record<string, number>>(`
      select (select max(review_count) from catalog.businesses) as "topBusiness",
             (select percentile_cont(0.5) within group (order by review_count)
                from catalog.businesses) as "medianBusiness",
             (select max(n)::int from (select count(*) as n from reviews.reviews group by user_id) a)
               as "topAuthor",
             (select percentile_cont(0.5) within group (order by n)
                from (select count(*) as n from reviews.reviews group by user_id) a)
               as "medianAuthor",
             (select max(helpful_count) from reviews.reviews) as "topVotes",
             (select percentile_cont(0.5) within group (order by helpful_count)
                from reviews.reviews) as "medianVotes",
             (select avg((rating >= 4)::int) from reviews.reviews)::float8 as "fourOrFive",
             (select avg((rating = 1)::int) from reviews.reviews)::float8 as "oneStar",
             (select count(distinct date_trunc('month', created_at))::int from reviews.reviews)
               as months,
             (select extract(epoch from max(created_at) - min(created_at)) / 86400
                from reviews.reviews)::float8 as "spanDays"`);
    expect(skew.topBusiness).toBeGreaterThanOrEqual(5 * skew.medianBusiness!);
    expect(skew.topAuthor).toBeGreaterThanOrEqual(3 * skew.medianAuthor!);
    expect(skew.topVotes).toBeGreaterThanOrEqual(20);
    expect(skew.medianVotes).toBeLessThanOrEqual(1);
    expect(skew.fourOrFive).toBeGreaterThan(0.6);
    expect(skew.oneStar).toBeLessThan(0.1);
    expect(skew.months).toBeGreaterThanOrEqual(12);
    expect(skew.spanDays).toBeGreaterThan(350);
    expect(skew.spanDays).toBeLessThanOrEqual(365);
  });

  it('signs in as bench_user, in many groups like the other heavy members', async () => {
    const user = await one<{ id: number; password_hash: string }>(
      'select id, password_hash from identity.users where username = $1',
      [BENCH_USERNAME],
    );
    expect(user.id).toBe(1);
    await expect(verifyPassword(user.password_hash, BENCH_PASSWORD)).resolves.toBe(true);
    const heavy = await heavyMemberIds(admin, XS.heavyMembers);
    expect(heavy).toContain(1);
    const least = await one<{ n: number }>(
      'select min(n)::int as n from (select count(*) as n from communities.group_members where user_id = any($1) group by user_id) c',
      [heavy],
    );
    expect(least.n).toBeGreaterThanOrEqual(15);
    const [busiest] = await businessesByReviews(admin, 1);
    const top = await one<{ id: number }>(
      'select id from catalog.businesses order by review_count desc, id limit 1',
    );
    expect(busiest).toBe(top.id);
  });

  it("reconciles without drift, and the reconciler sees a score or a group's sums changed behind its back", async () => {
    const clean = await reconcile({ databaseUrl: url, settleSeconds: 0 });
    const drifting = clean.results.filter((r) => r.drift.length > 0).map((r) => r.name);
    expect(drifting).toEqual([]);
    expect(clean.exitCode).toBe(0);
    const checked = Object.fromEntries(clean.results.map((r) => [r.name, r.checked]));
    expect(checked).toMatchObject({
      'catalog.review_facts': XS.reviews,
      'reviews.card': XS.reviews,
    });

    const { score } = await one<{ score: number }>(
      'select global_trust_score as score from catalog.businesses where id = 1',
    );
    await admin.query('update catalog.businesses set global_trust_score = $1 where id = 1', [
      score + 0.01,
    ]);
    try {
      const drift = await reconcile({ databaseUrl: url, settleSeconds: 0 });
      const scores = drift.results.find((r) => r.name === 'catalog.scores');
      expect(scores?.drift.map((d) => d.key)).toEqual(['1']);
    } finally {
      await admin.query('update catalog.businesses set global_trust_score = $1 where id = 1', [
        score,
      ]);
    }

    // A group's sums, its score's source, drifting alone.
    const group = await one<{ group_id: number; weight: number }>(
      `select group_id, weight from catalog.business_group_scores
        where business_id = 1 order by group_id limit 1`,
    );
    const setWeight = (weight: number) =>
      admin.query(
        'update catalog.business_group_scores set weight = $1 where business_id = 1 and group_id = $2',
        [weight, group.group_id],
      );
    await setWeight(group.weight * 1.001);
    try {
      const drift = await reconcile({ databaseUrl: url, settleSeconds: 0 });
      const scores = drift.results.find((r) => r.name === 'catalog.scores');
      expect(scores?.drift).toEqual([{ key: '1', detail: 'group scores' }]);
    } finally {
      await setWeight(group.weight);
    }
  }, 60_000);

  it('loads the same rows every time', async () => {
    const first = await one<{ sum: string }>(CHECKSUM);
    const again = new pg.Client({ connectionString: await loaded() });
    await again.connect();
    try {
      const second = (await again.query<{ sum: string }>(CHECKSUM)).rows[0]!;
      expect(second.sum).toBe(first.sum);
    } finally {
      await again.end();
    }
  }, 120_000);
});

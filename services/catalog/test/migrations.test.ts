import { createDb, migrate, SERVICE_EXTENSIONS, type Knex } from '@trustcircle/service-kit';
import { createTestDatabase, type TestDatabase } from '@trustcircle/testing';
import { migrations } from '../migrations';
import { computeBusinessScores } from '../src/domain/trust-score';

let database: TestDatabase;
let db: Knex;

beforeAll(async () => {
  database = await createTestDatabase();
  const url = await database.provision('catalog', SERVICE_EXTENSIONS.catalog);
  db = createDb({ url, schema: 'catalog', poolMax: 2 });
});

afterAll(async () => {
  await db?.destroy();
  await database?.drop();
});

const DAY = 86_400_000;
const NEWEST = Date.UTC(2026, 5, 1);

const fact = (reviewId: number, businessId: number, changes: Record<string, unknown>) => ({
  review_id: reviewId,
  business_id: businessId,
  user_id: reviewId,
  rating: 4,
  group_ids: db.raw('?::integer[]', [[7]]),
  helpful_count: 0,
  author_verified: false,
  author_new_account: false,
  created_at: new Date(NEWEST),
  hidden: false,
  version: 1,
  facts_version: 1,
  helpful_version: 1,
  ...changes,
});

it('fills the stored sums of existing scores from the facts (008_score_sums)', async () => {
  // The schema before the sums: scores only, each group's score stored.
  const before = migrations.findIndex((migration) => migration.name === '008_score_sums');
  await migrate(db, 'catalog', migrations.slice(0, before));
  const [scored, empty] = (await db('businesses')
    .insert([
      { name: 'Scored', category: 'Restaurants' },
      { name: 'Empty', category: 'Restaurants' },
    ])
    .returning('id')) as { id: number }[];
  const businessId = scored!.id;
  await db('review_facts').insert([
    fact(1, businessId, { rating: 5, helpful_count: 4, author_verified: true }),
    fact(2, businessId, {
      rating: 2,
      created_at: new Date(NEWEST - 90 * DAY),
      group_ids: db.raw('?::integer[]', [[7, 8]]),
    }),
    fact(3, businessId, { rating: 1, hidden: true }),
    fact(4, businessId, { rating: null, facts_version: null }),
  ]);
  await db('business_group_scores').insert([
    { business_id: businessId, group_id: 7, score: 3.3, review_count: 2 },
    { business_id: businessId, group_id: 8, score: 2.9, review_count: 1 },
  ]);

  await migrate(db, 'catalog', migrations);

  const expected = computeBusinessScores([
    {
      rating: 5,
      helpfulCount: 4,
      authorVerified: true,
      authorNewAccount: false,
      createdAtMs: NEWEST,
      groupIds: [7],
    },
    {
      rating: 2,
      helpfulCount: 0,
      authorVerified: false,
      authorNewAccount: false,
      createdAtMs: NEWEST - 90 * DAY,
      groupIds: [7, 8],
    },
  ]);
  const businesses = await db('businesses')
    .whereIn('id', [businessId, empty!.id])
    .orderBy('id')
    .select('score_weight', 'score_weighted_rating', 'score_newest_at');
  expect(businesses).toEqual([
    {
      score_weight: expect.closeTo(expected.sums.weight, 12),
      score_weighted_rating: expect.closeTo(expected.sums.weightedRating, 12),
      score_newest_at: new Date(NEWEST),
    },
    { score_weight: 0, score_weighted_rating: 0, score_newest_at: null },
  ]);
  const groups = await db('business_group_scores')
    .where({ business_id: businessId })
    .orderBy('group_id')
    .select('group_id', 'review_count', 'weight', 'weighted_rating');
  expect(groups).toEqual(
    expected.groups.map((group) => ({
      group_id: group.groupId,
      review_count: group.reviewCount,
      weight: expect.closeTo(group.sums.weight, 12),
      weighted_rating: expect.closeTo(group.sums.weightedRating, 12),
    })),
  );
  // `score` stays for the previous release (operations.md: backward compatible for one
  // release), kept as it was and defaulted for rows written without it.
  const kept = await db('business_group_scores')
    .where({ business_id: businessId })
    .orderBy('group_id')
    .pluck('score');
  expect(kept).toEqual([3.3, 2.9]);
  const [column] = await db('information_schema.columns')
    .where({ table_schema: 'catalog', table_name: 'business_group_scores', column_name: 'score' })
    .select('column_default');
  expect(column).toEqual({ column_default: '0' });
});

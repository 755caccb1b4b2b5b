import { DETAIL_GROUP_SCORES, NEXT_CURSOR_HEADER } from '@trustcircle/contracts';
import { Client } from 'pg';
import type { TestClient, TestStack } from '@trustcircle/testing';
import { catalogStack } from './support/stack';

/** A business's trust score per group: the detail's first ones, the rest page by page. */
let stack: TestStack;
let member: TestClient;
let busy: number;
let quiet: number;
/** Groups 7001…7030: group g has 100 − (g − 7000) × 3 reviews, two pairs tied. */
const GROUPS = 30;

beforeAll(async () => {
  ({ stack, member } = await catalogStack('groups'));
  const create = async (name: string) =>
    (
      (await member.post('/api/businesses', { name, category: 'Restaurants' })).body as {
        id: number;
      }
    ).id;
  busy = await create('Crowded Canteen');
  quiet = await create('Quiet Corner Cafe');
  // Sums as catalog's consumer leaves them (with the business's global score 0, group g's score
  // is (2·0 + 4·(3 + g/100)) / (2 + 2) = 3 + g/100), written directly: thirty groups' worth of events
  // would only slow the test down (the scoring itself is tested in catalog.test.ts).
  const admin = new Client({ connectionString: stack.db.adminUrl });
  await admin.connect();
  try {
    await admin.query(
      `insert into catalog.groups (id, name, version)
       select 7000 + g, 'Circle ' || g, 1 from generate_series(1, $1::int) g`,
      [GROUPS],
    );
    await admin.query(
      `insert into catalog.business_group_scores
              (business_id, group_id, review_count, weight, weighted_rating)
       select $1, 7000 + g,
              case when g in (5, 6) then 50 when g in (20, 21) then 10 else 100 - g * 3 end,
              2, 4 * (3 + g / 100.0)
         from generate_series(1, $2::int) g`,
      [busy, GROUPS],
    );
  } finally {
    await admin.end();
  }
}, 60_000);

afterAll(async () => {
  await stack?.stop();
});

interface Score {
  groupId: number;
  groupName: string;
  score: number;
  reviewCount: number;
}

/** Most reviews first, ties by group id: the order every answer keeps. */
const expectedOrder = Array.from({ length: GROUPS }, (_, i) => i + 1)
  .map((g) => ({
    groupId: 7000 + g,
    reviewCount: g === 5 || g === 6 ? 50 : g === 20 || g === 21 ? 10 : 100 - g * 3,
  }))
  .sort((a, b) => b.reviewCount - a.reviewCount || a.groupId - b.groupId)
  .map((g) => g.groupId);

describe('GET /api/businesses/{id}', () => {
  it('carries the first group scores, most reviews first, and how many groups there are', async () => {
    const res = await stack.client().get(`/api/businesses/${busy}`);
    expect(res.status).toBe(200);
    const scores = res.body.groupTrustScores as Score[];
    expect(scores.map((s) => s.groupId)).toEqual(expectedOrder.slice(0, DETAIL_GROUP_SCORES));
    expect(scores[0]).toEqual({
      groupId: 7001,
      groupName: 'Circle 1',
      score: expect.closeTo(3.01, 12),
      reviewCount: 97,
    });
    expect(res.body.communityCount).toBe(GROUPS);

    const none = await stack.client().get(`/api/businesses/${quiet}`);
    expect(none.body).toMatchObject({ groupTrustScores: [], communityCount: 0 });
  });
});

describe('GET /api/businesses/{id}/group-scores', () => {
  it('pages through every group score with X-Next-Cursor, none twice', async () => {
    const seen: number[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const query: string = cursor ? `&cursor=${encodeURIComponent(cursor)}` : '';
      const res = await stack.client().get(`/api/businesses/${busy}/group-scores?limit=7${query}`);
      expect(res.status).toBe(200);
      seen.push(...(res.body as Score[]).map((s) => s.groupId));
      cursor = res.headers.get(NEXT_CURSOR_HEADER);
      pages += 1;
    } while (cursor && pages < 10);
    expect(seen).toEqual(expectedOrder);
    expect(pages).toBe(Math.ceil(GROUPS / 7));
  });

  it('answers an empty list for a business no group reviewed, 404 and 400 where it must', async () => {
    const empty = await stack.client().get(`/api/businesses/${quiet}/group-scores`);
    expect(empty.status).toBe(200);
    expect(empty.body).toEqual([]);
    expect(empty.headers.get(NEXT_CURSOR_HEADER)).toBeNull();

    const unknown = await stack.client().get('/api/businesses/999999/group-scores');
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toEqual(expect.any(String));
    for (const id of ['abc', '99999999999', '-1']) {
      const malformed = await stack.client().get(`/api/businesses/${id}/group-scores`);
      expect(malformed.status).toBe(404);
    }
    // A NUL byte in the path never reaches catalog: the gateway refuses the URL.
    const nul = await stack.client().get('/api/businesses/1%00/group-scores');
    expect(nul.status).toBe(400);
    expect(nul.body.message).toEqual(expect.any(String));

    for (const query of [
      'limit=0',
      'limit=101',
      'limit=x',
      'cursor=not-a-cursor',
      'cursor=%00',
      `cursor=${'a'.repeat(300)}`,
    ]) {
      const bad = await stack.client().get(`/api/businesses/${busy}/group-scores?${query}`);
      expect(bad.status).toBe(400);
      expect(bad.body.message).toEqual(expect.any(String));
    }
  });
});

/**
 * What benches need to find in the scale data: who to sign in as (every user has the same
 * password; user 1 is `bench_user`) and which users, businesses and groups are the busy ones.
 */
import type pg from 'pg';

export const BENCH_USERNAME = 'bench_user';
export const BENCH_PASSWORD = 'bench user password';

/** Users in the most groups, most first (1..heavyMembers are in about 20): feeds, "my groups". */
export async function heavyMemberIds(db: pg.Client, count: number): Promise<number[]> {
  const result = await db.query<{ user_id: number }>(
    `select user_id from communities.group_members group by user_id
      order by count(*) desc, user_id limit $1`,
    [count],
  );
  return result.rows.map((row) => row.user_id);
}

/** Business ids by their number of reviews, most first. */
export async function businessesByReviews(db: pg.Client, count: number): Promise<number[]> {
  const result = await db.query<{ id: number }>(
    'select id from catalog.businesses order by review_count desc, id limit $1',
    [count],
  );
  return result.rows.map((row) => row.id);
}

/** Group ids by their number of reviews, most first (the most-read group pages). */
export async function groupsByReviews(db: pg.Client, count: number): Promise<number[]> {
  const result = await db.query<{ id: number }>(
    'select id from communities.groups order by review_count desc, id limit $1',
    [count],
  );
  return result.rows.map((row) => row.id);
}

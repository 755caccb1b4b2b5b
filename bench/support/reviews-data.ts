/** The reviews the feed and the composed business page read in the benches, made with SQL. */
import type pg from 'pg';
import { logGenerated } from './env.ts';

/**
 * `reviews` reviews straight into reviews' tables (about 1.9 tags each over 100 groups), the
 * reader in 10 of those groups, the first 200 reviews on the reader's business. Users
 * 100001…110000 write; businesses 100001…102000; review i is by user 100001 + i % 10000 on a
 * business that user has not reviewed yet. `admin` must be connected to the bench database.
 */
export async function seedReviews(
  admin: pg.Client,
  options: { userId: number; businessId: number; reviews: number },
): Promise<void> {
  const { userId, businessId, reviews } = options;
  const generated = Date.now();
  await admin.query(`
    insert into reviews.users (id, username, name, is_verified, version)
      select 100000 + u, 'user' || u, 'User ' || u, u % 5 = 0, 1
        from generate_series(1, 10000) u;
    insert into reviews.groups (id, name, version)
      select g, 'Group ' || g, 1 from generate_series(1, 100) g on conflict do nothing;
    insert into reviews.businesses (id, name, category, version)
      select 100000 + b, 'Business ' || b, 'Restaurants', 1 from generate_series(1, 2000) b;
    insert into reviews.memberships (user_id, group_id, member, changed_at)
      select ${userId}, g, true, now() from generate_series(1, 10) g;
    insert into reviews.reviews (id, user_id, business_id, rating, content, pros, cons,
                                 helpful_count, created_at, updated_at)
      select i, 100001 + i % 10000,
             case when i <= 200 then ${businessId}
                  else 100001 + (i % 10000 + (i / 10000) * 197) % 2000 end,
             1 + i % 5,
             'Generated review number ' || i || ': the service was fine and the prices fair.',
             'Friendly staff', 'Busy at lunch', 0,
             now() - make_interval(secs => ${reviews} - i), now()
        from generate_series(1, ${reviews}) i;
    select setval(pg_get_serial_sequence('reviews.reviews', 'id'), ${reviews});
    insert into reviews.review_tags (review_id, group_id)
      select i, 1 + i % 100 from generate_series(1, ${reviews}) i
      union
      select i, 1 + (i * 7 + 3) % 100 from generate_series(1, ${reviews}) i;
  `);
  // The steady state autovacuum keeps: statistics (of the projections too) and the
  // visibility map, so the index-only scans of the feed stay index-only.
  await admin.query(`vacuum analyze reviews.reviews, reviews.review_tags, reviews.memberships,
                     reviews.users, reviews.businesses, reviews.groups, reviews.helpful_votes`);
  const counts = await admin.query(
    `select (select count(*)::int from reviews.reviews) as reviews,
            (select count(*)::int from reviews.review_tags) as tags,
            (select count(*)::int from reviews.reviews where business_id = $1) as on_business`,
    [businessId],
  );
  logGenerated(counts.rows[0], generated);
}

/**
 * Reviews' schema: its projections of the others (which the review cards show), then the
 * reviews, tags and votes from the staging tables. Run with session_replication_role = replica
 * (the caller's): the cards' row triggers would render each card once per insert and again per
 * tag statement, and take an advisory lock per row; here each card is rendered once, by the
 * same `review_card()` the triggers call, from projections already in place, and the foreign
 * keys hold by construction.
 */
import type { Fill } from './sql.ts';

/** Before the reviews: their cards show these names. */
export const REVIEWS_PROJECTIONS: Fill[] = [
  {
    table: 'reviews.users',
    sql: `insert into reviews.users (id, username, name, avatar, is_verified, version, verified_at,
                 email_confirmed_at, created_at)
          select id, username, name, avatar, is_verified, version, verified_at,
                 email_confirmed_at, created_at
            from identity.users order by id`,
  },
  {
    table: 'reviews.businesses',
    sql: `insert into reviews.businesses (id, name, category, version)
          select id, name, category, version from catalog.businesses order by id`,
  },
  {
    table: 'reviews.groups',
    sql: `insert into reviews.groups (id, name, version)
          select id, name, version from communities.groups order by id`,
  },
  {
    table: 'reviews.memberships',
    sql: `insert into reviews.memberships (user_id, group_id, member, changed_at)
          select user_id, group_id, true, joined_at from communities.group_members`,
  },
  {
    table: 'reviews.follows',
    sql: `insert into reviews.follows (follower_id, followee_id, following, changed_at)
          select follower_id, followee_id, true, created_at from social.follows`,
  },
];

/** Tags first: a card lists its review's groups. Each vote raised the review's version. */
export const REVIEWS_OWN: Fill[] = [
  {
    table: 'reviews.review_tags',
    sql: `insert into reviews.review_tags (id, review_id, group_id, hidden)
          select row_number() over (order by review_id, group_id), review_id, group_id, false
            from scale_tags`,
  },
  {
    table: 'reviews.reviews',
    sql: `insert into reviews.reviews (id, user_id, business_id, rating, content, pros, cons,
                 helpful_count, version, created_at, updated_at, card)
          select r.id, r.user_id, r.business_id, r.rating, r.content, r.pros, r.cons,
                 r.helpful_count, r.version, r.created_at, r.created_at,
                 reviews.review_card(json_populate_record(null::reviews.reviews, row_to_json(r)))
            from (select s.id, s.user_id, s.business_id, s.rating, t.content, t.pros, t.cons,
                         '{}'::text[] as photos, s.helpful_count, false as hidden,
                         1 + s.helpful_count as version, s.created_at, s.created_at as updated_at,
                         'published' as status, false as appealed, false as author_left
                    from scale_reviews s
                    join scale_texts t
                      on t.category = s.category and t.rating = s.rating and t.slot = s.slot) r
           order by r.id`,
  },
  {
    table: 'reviews.helpful_votes',
    sql: `insert into reviews.helpful_votes (id, user_id, review_id, created_at)
          select row_number() over (order by created_at, review_id, user_id), user_id,
                 review_id, created_at
            from scale_votes`,
  },
];

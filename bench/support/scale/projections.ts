/**
 * Every other projection and counter, computed from the sources in one statement each, the way
 * scripts/reconcile recomputes them (so a fresh load reconciles clean): communities' users,
 * reviews, tags and counts; catalog's people, authors, groups, review facts and scores; social's
 * users, businesses, reviews and voters.
 */
import type pg from 'pg';
import type { Fill } from './sql.ts';
import {
  GLOBAL_PRIOR_MEAN,
  GLOBAL_PRIOR_WEIGHT,
  HALF_LIFE_DAYS,
  NEW_ACCOUNT_WEIGHT,
  POSITIVE_RATING,
  VERIFIED_WEIGHT,
} from '../../../services/catalog/src/domain/trust-score.ts';
import { ESTABLISHED_ACCOUNT_DAYS } from '../../../services/reviews/src/domain/standing.ts';

const ESTABLISHED = `interval '${ESTABLISHED_ACCOUNT_DAYS} days'`;

export const COMMUNITIES_PROJECTIONS: Fill[] = [
  {
    table: 'communities.users',
    sql: `insert into communities.users (id, username, name, version)
          select id, username, name, version from identity.users order by id`,
  },
  {
    table: 'communities.reviews',
    sql: `insert into communities.reviews (id, version, hidden)
          select id, version, hidden from reviews.reviews order by id`,
  },
  {
    table: 'communities.review_groups',
    sql: `insert into communities.review_groups (review_id, group_id)
          select t.review_id, t.group_id from reviews.review_tags t
           where not t.hidden
             and exists (select 1 from communities.groups g where g.id = t.group_id)
           order by 1, 2`,
  },
  {
    table: 'communities.groups',
    sql: `update communities.groups g
             set member_count = coalesce(m.n, 0), review_count = coalesce(x.n, 0)
            from communities.groups k
            left join (select group_id, count(*)::int as n from communities.group_members
                        group by 1) m on m.group_id = k.id
            left join (select group_id, count(*)::int as n from communities.review_groups
                        group by 1) x on x.group_id = k.id
           where g.id = k.id`,
  },
];

export const CATALOG_PROJECTIONS: Fill[] = [
  {
    table: 'catalog.people',
    sql: `insert into catalog.people (id, username, name, version)
          select id, username, name, version from identity.users order by id`,
  },
  {
    table: 'catalog.authors',
    sql: `insert into catalog.authors (user_id, is_verified, version)
          select id, is_verified, version from identity.users order by id`,
  },
  {
    table: 'catalog.groups',
    sql: `insert into catalog.groups (id, name, version)
          select id, name, version from communities.groups order by id`,
  },
  {
    // As reviews publishes a review (reconcile's sourceFacts), every version at the review's.
    table: 'catalog.review_facts',
    sql: `insert into catalog.review_facts (review_id, business_id, user_id, rating, group_ids,
                 helpful_count, author_verified, author_new_account, created_at, hidden,
                 version, facts_version, helpful_version)
          select r.id, r.business_id, r.user_id, r.rating, coalesce(t.groups, '{}'),
                 r.helpful_count, coalesce(u.is_verified, false),
                 coalesce(r.created_at - u.created_at < ${ESTABLISHED}, false),
                 r.created_at, r.hidden, r.version, r.version, r.version
            from reviews.reviews r
            left join identity.users u on u.id = r.user_id
            left join (select review_id, array_agg(distinct group_id order by group_id) as groups
                         from reviews.review_tags group by 1) t on t.review_id = r.id
           order by r.id`,
  },
];

/**
 * Design §6 in SQL, term for term as trust-score.ts computes it (ages in days from the
 * business's newest counted review, log10, the priors); sums in another order differ by far
 * less than the reconciler's tolerance.
 */
export async function computeScores(db: pg.Client) {
  await db.query(`
    create temp table scale_weights as
    select f.business_id, f.rating, f.group_ids,
           max(f.created_at) over (partition by f.business_id) as newest,
           (case when f.author_verified then ${VERIFIED_WEIGHT} else 1 end)
           * (case when f.author_new_account then ${NEW_ACCOUNT_WEIGHT} else 1 end)
           * (1 + log(1 + greatest(0, f.helpful_count)::float8))
           * power(0.5::float8, greatest(0, extract(epoch from
               max(f.created_at) over (partition by f.business_id) - f.created_at)::float8
               / 86400) / ${HALF_LIFE_DAYS}) as w
      from catalog.review_facts f where f.rating is not null and not f.hidden`);
  await db.query(`
    update catalog.businesses b
       set global_trust_score = (${GLOBAL_PRIOR_WEIGHT} * ${GLOBAL_PRIOR_MEAN} + s.wr)
                                / (${GLOBAL_PRIOR_WEIGHT} + s.w),
           review_count = s.n, positive_count = s.positive,
           score_weight = s.w, score_weighted_rating = s.wr, score_newest_at = s.newest
      from (select business_id, sum(w) as w, sum(w * rating) as wr, count(*)::int as n,
                   max(newest) as newest,
                   count(*) filter (where rating >= ${POSITIVE_RATING})::int as positive
              from scale_weights group by 1) s
     where s.business_id = b.id`);
  await db.query(`
    insert into catalog.business_group_scores (business_id, group_id, review_count, weight,
                                               weighted_rating)
    select g.business_id, g.group_id, g.n, g.w, g.wr
      from (select business_id, group_id, sum(w) as w, sum(w * rating) as wr, count(*)::int as n
              from scale_weights, unnest(group_ids) as group_id group by 1, 2) g
     order by 1, 2`);
}

export const SOCIAL_PROJECTIONS: Fill[] = [
  {
    table: 'social.users',
    sql: `insert into social.users (id, username, name, avatar, is_verified, version)
          select id, username, name, avatar, is_verified, version from identity.users order by id`,
  },
  {
    table: 'social.businesses',
    sql: `insert into social.businesses (id, name, version)
          select id, name, version from catalog.businesses order by id`,
  },
  {
    table: 'social.reviews',
    sql: `insert into social.reviews (id, user_id, business_id, version)
          select id, user_id, business_id, version from reviews.reviews order by id`,
  },
  {
    table: 'social.helpful_voters',
    sql: `insert into social.helpful_voters (review_id, voter_id)
          select review_id, user_id from reviews.helpful_votes order by 1, 2`,
  },
];

/** Rows were inserted with their ids: the services' next insert takes the next id. */
/** The owners' tables with serial ids, filled with ids of our own. */
export const OWNED_TABLES = [
  'identity.users',
  'catalog.businesses',
  'communities.groups',
  'communities.group_members',
  'social.follows',
  'reviews.reviews',
  'reviews.review_tags',
  'reviews.helpful_votes',
];

export async function advanceSequences(db: pg.Client) {
  for (const table of OWNED_TABLES) {
    await db.query(
      `select setval(pg_get_serial_sequence($1, 'id'), greatest(1, (select max(id) from ${table})))`,
      [table],
    );
  }
}

/**
 * The owners' rows (design §2: identity's users, catalog's businesses, communities' groups and
 * members, social's follows) and the staging tables reviews' reviews, tags and votes come from
 * (reviews.ts inserts them after the projections their cards show). Skew: review authors, reviewed businesses, groups joined and people followed are drawn
 * as u^k of a uniform u (a power law: id 1 is the busiest, most ids get a few); ratings lean to
 * 4–5 around each business's quality, as the demo's do; helpful votes are Pareto-distributed.
 */
import { CATEGORIES, DEFAULT_GROUP_COLOR, DEFAULT_GROUP_ICON } from '@trustcircle/contracts';
import type pg from 'pg';
import type { Businesses, People, TextPool } from './names.ts';
import { TEXTS_PER_KIND } from './names.ts';
import { before, rnd, type Shape } from './sql.ts';

export async function insertUsers(db: pg.Client, s: Shape, p: People, passwordHash: string) {
  const created = before(s.anchor, 700, 400, rnd('u.id', 11));
  await db.query(
    `insert into identity.users (id, username, email, name, password_hash, is_verified, clear_me_id,
            version, created_at, updated_at, verified_at, email_confirmed_at)
     select u.id, u.username, u.username || '@example.com', u.name, $3, v.verified,
            case when v.verified then 'scale-' || u.id end, case when v.verified then 2 else 1 end,
            c.at, c.at, case when v.verified then c.at + interval '2 days' end,
            case when u.id % 10 <> 0 then c.at + interval '1 hour' end
       from unnest($1::text[], $2::text[]) with ordinality as n(username, name, i)
       cross join lateral (select n.i::int as id, n.username, n.name) u
       cross join lateral (select u.id = 1 or u.id % 5 = 0 as verified) v
       cross join lateral (select ${created} as at) c`,
    [p.usernames, p.names, passwordHash],
  );
}

export async function insertBusinesses(db: pg.Client, s: Shape, b: Businesses) {
  const created = before(s.anchor, 700, 400, rnd('n.i', 12));
  await db.query(
    `insert into catalog.businesses (id, name, category, description, address, phone, website,
            opening_hours, created_by, version, created_at, updated_at)
     select n.i, n.name, n.category, n.description, n.address, n.phone, n.website, n.hours,
            1 + (n.i * 7919) % ${s.users}, 1, ${created}, ${created}
       from unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[],
                   $7::text[]) with ordinality
            as n(name, category, description, address, phone, website, hours, i)`,
    [b.names, b.categories, b.descriptions, b.addresses, b.phones, b.websites, b.hours],
  );
  // The demo plan's ratingFor around a quality leaning a little further to the top than the
  // demo's (cube root, not square root): about 70% of reviews give 4–5 stars, as on review sites.
  await db.query(`
    create temp table scale_quality as
    select id, 1.6 + 3.3 * cbrt(${rnd('id', 13)}) as quality, (id - 1) % ${CATEGORIES.length} as category
      from generate_series(1, ${s.businesses}) id`);
}

export async function insertGroups(
  db: pg.Client,
  s: Shape,
  g: { names: string[]; descriptions: string[] },
) {
  const created = before(s.anchor, 700, 400, rnd('n.i', 14));
  await db.query(
    `insert into communities.groups (id, name, description, icon, color, creator_id, version,
            created_at, updated_at)
     select n.i, n.name, n.description, $3, $4,
            1 + ((n.i - 1) * 7919) % ${s.users}, 1, ${created}, ${created}
       from unnest($1::text[], $2::text[]) with ordinality as n(name, description, i)`,
    [g.names, g.descriptions, DEFAULT_GROUP_ICON, DEFAULT_GROUP_COLOR],
  );
}

/**
 * Memberships: creators in their groups, heavy members in 20, everyone else in 2–8 (most in
 * 2–3), drawn towards the first groups. `scale_members` numbers each user's groups 1..n so a
 * review can pick its groups among its author's by number.
 */
export async function insertMembers(db: pg.Client, s: Shape) {
  const wanted = `case when u <= ${s.heavyMembers} then 20
                       else 2 + floor(6 * ${rnd('u', 31)} ^ 2)::int end`;
  await db.query(`
    create temp table scale_members as
    with wanted as (
      select u as user_id, least(${s.groups}, ${wanted}) as n from generate_series(1, ${s.users}) u
    ), candidates as (
      select id as group_id, creator_id as user_id, 0 as j from communities.groups
      union all
      select 1 + floor(${s.groups} * ${rnd('w.user_id * 128 + j', 32)} ^ 2)::int, w.user_id, j
        from wanted w, generate_series(1, 3 * w.n) j
    ), firsts as (
      select distinct on (user_id, group_id) user_id, group_id, j
        from candidates order by user_id, group_id, j
    ), ranked as (
      select f.*, row_number() over (partition by f.user_id order by f.j, f.group_id) as k, w.n
        from firsts f join wanted w using (user_id)
    )
    select user_id, group_id, k::int,
           ${before(s.anchor, 370, 300, rnd('user_id * 4096 + group_id', 33))} as joined_at
      from ranked where k <= n or j = 0`);
  await db.query(`alter table scale_members add primary key (user_id, k)`);
  await db.query(`
    create temp table scale_member_counts as
    select user_id, count(*)::int as n from scale_members group by 1`);
  await db.query(`alter table scale_member_counts add primary key (user_id)`);
  await db.query(`
    insert into communities.group_members (id, group_id, user_id, joined_at)
    select row_number() over (order by joined_at, user_id, group_id), group_id, user_id, joined_at
      from scale_members`);
}

/** Up to 5 follows each (most 0–1), towards the first users: a few are followed by many. */
export async function insertFollows(db: pg.Client, s: Shape) {
  await db.query(`
    insert into social.follows (id, follower_id, followee_id, created_at)
    with wanted as (
      select u, floor(6 * ${rnd('u', 61)} ^ 2)::int as n from generate_series(1, ${s.users}) u
    ), candidates as (
      select w.u as follower_id, w.n, j,
             1 + floor(${s.users} * ${rnd('w.u * 64 + j', 62)} ^ 2.5)::int as followee_id
        from wanted w, generate_series(1, 2 * w.n) j
    ), firsts as (
      select distinct on (follower_id, followee_id) * from candidates
       where follower_id <> followee_id order by follower_id, followee_id, j
    ), kept as (
      select *, row_number() over (partition by follower_id order by j) as k from firsts
    ), timed as (
      select follower_id, followee_id,
             ${before(s.anchor, 0, 365, rnd('follower_id::bigint * 1000003 + followee_id', 63))} as at
        from kept where k <= n
    )
    select row_number() over (order by at, follower_id, followee_id), follower_id, followee_id, at
      from timed`);
}

/**
 * `scale_reviews`: one row per review with its text slot and vote count, ids in date order (as
 * the demo sends its reviews oldest first, lists sort by id); `scale_tags`: one or two of the
 * author's groups; `scale_votes`: voters `author + m · 7919 (mod users)` for n consecutive m in
 * 1..users-1 (7919 is prime, no size a multiple of it): distinct, never the author.
 */
export async function stageReviews(db: pg.Client, s: Shape) {
  const votes = `least(${s.maxVotes}, floor((1 - ${rnd('c', 46)}) ^ -0.7) - 1)::int`;
  await db.query(`
    create temp table scale_reviews as
    with candidates as (
      select c, 1 + floor(${s.users} * ${rnd('c', 41)} ^ 1.5)::int as user_id,
             1 + floor(${s.businesses} * ${rnd('c', 42)} ^ 2)::int as business_id
        from generate_series(1, ${2 * s.reviews}) c
    ), firsts as (
      select distinct on (user_id, business_id) * from candidates order by user_id, business_id, c
    ), chosen as (
      select * from firsts order by c limit ${s.reviews}
    )
    select row_number() over (order by x.created_at, x.c)::int as id, x.*
      from (select ch.c, ch.user_id, ch.business_id,
                   least(5, greatest(1, round(q.quality + ${rnd('ch.c', 44)} * 2.8 - 1.4)))::smallint
                     as rating,
                   q.category, floor(${rnd('ch.c', 45)} * ${TEXTS_PER_KIND})::int as slot,
                   ${votes} as helpful_count, ${before(s.anchor, 0, 365, rnd('ch.c', 43))} as created_at,
                   ${rnd('ch.c', 47)} < 0.3 as second_tag, ${rnd('ch.c', 48)} as tag_pick
              from chosen ch join scale_quality q on q.id = ch.business_id) x`);
  await db.query('alter table scale_reviews add primary key (id)');
  await db.query(`
    create temp table scale_tags as
    select r.id as review_id, m.group_id
      from scale_reviews r join scale_member_counts n using (user_id)
      join scale_members m on m.user_id = r.user_id
       and (m.k = 1 + floor(r.tag_pick * n.n)::int
            or (r.second_tag and n.n > 1 and m.k = 1 + (floor(r.tag_pick * n.n)::int + 1) % n.n))`);
  await db.query(`
    create temp table scale_votes as
    select r.id as review_id,
           ((r.user_id - 1 + (j + r.id % ${s.users - s.maxVotes}) * 7919) % ${s.users}) + 1
             as user_id,
           r.created_at + floor(${rnd('r.id::bigint * 1024 + j', 51)}
             * extract(epoch from timestamptz '${s.anchor}' - r.created_at)) * interval '1 second'
             as created_at
      from scale_reviews r, generate_series(1, r.helpful_count) j`);
}

export async function insertTextPool(db: pg.Client, pool: TextPool) {
  await db.query(
    `create temp table scale_texts as
     select * from unnest($1::int[], $2::int[], $3::int[], $4::text[], $5::text[], $6::text[])
              as t(category, rating, slot, content, pros, cons)`,
    [pool.categories, pool.ratings, pool.slots, pool.contents, pool.pros, pool.cons],
  );
  await db.query('alter table scale_texts add primary key (category, rating, slot)');
}

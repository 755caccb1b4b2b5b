import { countOf, lockRows, type Sql } from './db.ts';
import type { Check } from './engine.ts';
import { counterCheck } from './counter.ts';
import { mirrorCheck } from './mirror.ts';

/** Communities' counters (schema communities) and its projections of users and reviews. */

const memberCount = counterCheck({
  name: 'communities.groups.member_count',
  source: 'communities.group_members',
  table: 'communities.groups',
  column: 'member_count',
  unit: 'members',
  counted: 'select group_id as id, count(*)::int as n from communities.group_members group by 1',
});

/** The rows `review_count` is moved from: the (review, group) pairs counted. */
const COUNTED_TAGS =
  'select group_id as id, count(*)::int as n from communities.review_groups group by 1';

/**
 * Published reviews tagged with the group. The consumer moves the counter by the difference of
 * `review_groups`, so the repair sets it to those rows (equal to the source once
 * `communities.review_groups` is clean, which runs just before).
 */
const reviewCount = counterCheck({
  name: 'communities.groups.review_count',
  source: 'published reviews tagged',
  table: 'communities.groups',
  column: 'review_count',
  unit: 'reviews',
  counted: `select t.group_id as id, count(*)::int as n
              from reviews.review_tags t join reviews.reviews r on r.id = t.review_id
             where not r.hidden group by 1`,
  repairCounted: COUNTED_TAGS,
});

/**
 * The projection behind group review counts: per review, its hidden flag and the groups it
 * counts in (the review's tags when published, none otherwise; groups communities knows).
 */
const SOURCE_REVIEWS = `
  select r.id, r.hidden, r.version,
         array(select t.group_id from reviews.review_tags t
                 join communities.groups g on g.id = t.group_id
                where t.review_id = r.id and not r.hidden order by 1) as groups
    from reviews.reviews r`;

const reviewGroups: Check = {
  name: 'communities.review_groups',
  source: 'reviews.reviews + review_tags',
  async find(query: Sql) {
    const rows = await query<{
      id: number;
      s_hidden: boolean | null;
      p_hidden: boolean | null;
      s_groups: number[] | null;
      p_groups: number[] | null;
    }>(
      `select coalesce(s.id, p.id) as id, s.hidden as s_hidden, p.hidden as p_hidden,
              s.groups as s_groups, p.groups as p_groups
         from (${SOURCE_REVIEWS}) s
         full join (select c.id, c.hidden,
                           array(select x.group_id from communities.review_groups x
                                  where x.review_id = c.id order by 1) as groups
                      from communities.reviews c) p on p.id = s.id
        where s.id is null or p.id is null or s.hidden <> p.hidden or s.groups <> p.groups
        order by 1`,
    );
    return {
      checked: await countOf(query, 'reviews.reviews'),
      drift: rows.map((r) => ({
        key: String(r.id),
        detail:
          r.p_hidden === null
            ? 'missing'
            : r.s_hidden === null
              ? 'no source row'
              : `hidden ${r.p_hidden}→${r.s_hidden} groups [${r.p_groups}]→[${r.s_groups}]`,
      })),
    };
  },
  async repair(query: Sql, keys: string[]) {
    const ids = keys.map(Number).sort((a, b) => a - b);
    // The consumer's lock: the review's projection row (created if missing, as it does).
    await query(
      `insert into communities.reviews (id, version, hidden)
       select id, 0, false from unnest($1::int[]) as id order by id on conflict do nothing`,
      [ids],
    );
    await lockRows(query, 'communities.reviews', ids);
    const affected = await query<{ group_id: number }>(
      `select group_id from communities.review_groups where review_id = any($1::int[])
       union select unnest(s.groups) from (${SOURCE_REVIEWS}) s where s.id = any($1::int[])`,
      [ids],
    );
    await query(
      `delete from communities.review_groups x where x.review_id = any($1::int[])
          and not exists (select 1 from (${SOURCE_REVIEWS}) s
                           where s.id = x.review_id and x.group_id = any(s.groups))`,
      [ids],
    );
    await query(
      `insert into communities.review_groups (review_id, group_id)
       select s.id, unnest(s.groups) from (${SOURCE_REVIEWS}) s
        where s.id = any($1::int[]) order by 1, 2
       on conflict do nothing`,
      [ids],
    );
    await query(
      `update communities.reviews c set hidden = s.hidden, version = s.version
         from (${SOURCE_REVIEWS}) s where s.id = c.id and c.id = any($1::int[])`,
      [ids],
    );
    await query(
      `delete from communities.reviews c where c.id = any($1::int[])
          and not exists (select 1 from reviews.reviews r where r.id = c.id)`,
      [ids],
    );
    // The counts of the groups whose tags moved, in the same transaction (as the consumer does).
    await reviewCount.repair(
      query,
      affected.map((row) => String(row.group_id)),
    );
  },
};

export const COMMUNITIES_CHECKS: Check[] = [
  memberCount,
  mirrorCheck({
    name: 'communities.users',
    target: 'communities.users',
    targetKey: 'id',
    source: 'identity.users',
    columns: { username: 's.username', name: 's.name' },
    version: 's.version',
  }),
  reviewGroups,
  reviewCount,
];

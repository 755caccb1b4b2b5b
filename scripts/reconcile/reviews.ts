import { countOf, lockRows, type Sql } from './db.ts';
import type { Check } from './engine.ts';
import { counterCheck } from './counter.ts';
import { mirrorCheck } from './mirror.ts';
import { findPairDrift, pairColumns, type PairSet } from './pairs.ts';

/** Reviews' own counters and copies (schema reviews), and its projections of the others. */

// Not a new version when repaired: the count is what the version already stood for; catalog's
// copy is repaired from this row by `catalog.review_facts`.
const helpfulCount = counterCheck({
  name: 'reviews.helpful_count',
  source: 'reviews.helpful_votes',
  table: 'reviews.reviews',
  column: 'helpful_count',
  unit: 'votes',
  counted: 'select review_id as id, count(*)::int as n from reviews.helpful_votes group by 1',
});

/** `review_tags.hidden` copies the review's flag so a group's list is one index range. */
const tagHidden: Check = {
  name: 'reviews.review_tags.hidden',
  source: 'reviews.reviews.hidden',
  async find(query: Sql) {
    const rows = await query<{ review_id: number; group_id: number; hidden: boolean }>(
      `select t.review_id, t.group_id, t.hidden
         from reviews.review_tags t join reviews.reviews r on r.id = t.review_id
        where t.hidden <> r.hidden order by t.review_id, t.group_id`,
    );
    return {
      checked: await countOf(query, 'reviews.review_tags'),
      drift: rows.map((r) => ({
        key: String(r.review_id),
        detail: `group ${r.group_id} hidden=${r.hidden}`,
      })),
    };
  },
  async repair(query: Sql, keys: string[]) {
    const ids = [...new Set(keys.map(Number))];
    await lockRows(query, 'reviews.reviews', ids);
    await query(
      `update reviews.review_tags t set hidden = r.hidden from reviews.reviews r
        where r.id = t.review_id and t.review_id = any($1::int[]) and t.hidden <> r.hidden`,
      [ids],
    );
  },
};

/** The rendered read views (migration 004): equal to a fresh render from today's names. */
const cards: Check = {
  name: 'reviews.card',
  source: 'reviews.review_card()',
  async find(query: Sql) {
    const rows = await query<{ id: number }>(
      `select r.id from reviews.reviews r
        where r.card::text is distinct from reviews.review_card(r)::text order by r.id`,
    );
    return {
      checked: await countOf(query, 'reviews.reviews'),
      drift: rows.map((r) => ({ key: String(r.id), detail: 'stale card' })),
    };
  },
  async repair(query: Sql, keys: string[]) {
    // Rows locked in id order, then rendered in the next statement (the renames' protocol).
    const ids = keys.map(Number);
    await lockRows(query, 'reviews.reviews', ids);
    await query(
      'update reviews.reviews r set card = reviews.review_card(r) where r.id = any($1::int[])',
      [ids],
    );
  },
};

const MEMBER_PAIRS: PairSet = {
  source: 'communities.group_members',
  projected: 'select * from reviews.memberships where member',
  columns: ['user_id', 'group_id'],
  separator: ':',
  details: ['member not projected', 'not a member'],
};

/**
 * Memberships: a `member` row for exactly the pairs in communities.group_members. A repaired
 * join keeps the source's `joined_at` as its time and a repaired leave now, so a later leave or
 * join event (ordered by time) still applies and an older one does not.
 */
const memberships: Check = {
  name: 'reviews.memberships',
  source: 'communities.group_members',
  find: (query: Sql) => findPairDrift(query, MEMBER_PAIRS),
  async repair(query: Sql, keys: string[]) {
    await query(
      `insert into reviews.memberships as m (user_id, group_id, member, changed_at)
       select k.user_id, k.group_id, s.user_id is not null, coalesce(s.joined_at, now())
         from unnest($1::int[], $2::int[]) as k(user_id, group_id)
         left join communities.group_members s
           on s.user_id = k.user_id and s.group_id = k.group_id
        order by 1, 2
       on conflict (user_id, group_id) do update
         set member = excluded.member,
             changed_at = case when excluded.member then excluded.changed_at
                               else greatest(m.changed_at, excluded.changed_at) end`,
      pairColumns(keys, MEMBER_PAIRS.separator),
    );
  },
};

export const REVIEWS_CHECKS: Check[] = [
  helpfulCount,
  tagHidden,
  mirrorCheck({
    name: 'reviews.users',
    target: 'reviews.users',
    targetKey: 'id',
    source: 'identity.users',
    columns: {
      username: 's.username',
      name: 's.name',
      avatar: 's.avatar',
      is_verified: 's.is_verified',
      // Events carry times in milliseconds.
      verified_at: "date_trunc('milliseconds', s.verified_at)",
      email_confirmed_at: "date_trunc('milliseconds', s.email_confirmed_at)",
      created_at: "date_trunc('milliseconds', s.created_at)",
    },
    version: 's.version',
  }),
  mirrorCheck({
    name: 'reviews.businesses',
    target: 'reviews.businesses',
    targetKey: 'id',
    source: 'catalog.businesses',
    columns: { name: 's.name', category: 's.category' },
    version: 's.version',
  }),
  mirrorCheck({
    name: 'reviews.groups',
    target: 'reviews.groups',
    targetKey: 'id',
    source: 'communities.groups',
    columns: { name: 's.name' },
    version: 's.version',
  }),
  memberships,
  // After the projections: a card shows their names.
  cards,
];

import { countOf, type Sql } from './db.ts';
import type { Check, Drift } from './engine.ts';
import { mirrorCheck } from './mirror.ts';
import { findPairDrift, pairColumns, type PairSet } from './pairs.ts';

/**
 * Social's projections of identity's users and catalog's business names, and reviews'
 * projection of social's follows (issue 18). social.users keeps tombstones (`deleted_at`) for members who left: only its live
 * rows mirror identity.users.
 */

const LIVE_USERS = 'select * from social.users where deleted_at is null';
const USER_FIELDS = ['username', 'name', 'avatar', 'is_verified'] as const;

const socialUsers: Check = {
  name: 'social.users',
  source: 'identity.users',
  async find(query: Sql) {
    const rows = await query<{ key: number; missing: boolean; orphan: boolean }>(
      `select coalesce(s.id, p.id) as key, p.id is null as missing, s.id is null as orphan
         from identity.users s full join (${LIVE_USERS}) p on p.id = s.id
        where s.id is null or p.id is null
           or (${USER_FIELDS.map((c) => `s.${c}`).join(', ')})
              is distinct from (${USER_FIELDS.map((c) => `p.${c}`).join(', ')})
        order by 1`,
    );
    return {
      checked: await countOf(query, 'identity.users'),
      drift: rows.map((row): Drift => ({
        key: String(row.key),
        detail: row.missing ? 'missing' : row.orphan ? 'no source row (left)' : 'differs',
      })),
    };
  },
  async repair(query: Sql, keys: string[]) {
    const ids = keys.map(Number).sort((a, b) => a - b);
    await query(
      `insert into social.users as p (id, ${USER_FIELDS.join(', ')}, version, deleted_at)
       select s.id, ${USER_FIELDS.map((c) => `s.${c}`).join(', ')}, s.version, null
         from identity.users s where s.id = any($1::int[]) order by s.id
       on conflict (id) do update
         set ${USER_FIELDS.map((c) => `${c} = excluded.${c}`).join(', ')},
             version = excluded.version, deleted_at = null`,
      [ids],
    );
    // A live row whose member left (the deletion event was lost): what the consumer does.
    const gone = (
      await query<{ id: number }>(
        `update social.users p set username = '', name = '', avatar = null,
                is_verified = false, deleted_at = now()
          where p.id = any($1::int[]) and p.deleted_at is null
            and not exists (select 1 from identity.users s where s.id = p.id)
        returning p.id`,
        [ids],
      )
    ).map((row) => row.id);
    if (gone.length === 0) return;
    await query(
      'delete from social.follows where follower_id = any($1::int[]) or followee_id = any($1::int[])',
      [gone],
    );
    await query(
      'delete from social.notifications where user_id = any($1::int[]) or actor_id = any($1::int[])',
      [gone],
    );
    await query('delete from social.notification_preferences where user_id = any($1::int[])', [
      gone,
    ]);
  },
};

const FOLLOW_PAIRS: PairSet = {
  source: 'social.follows',
  projected: 'select * from reviews.follows where following',
  columns: ['follower_id', 'followee_id'],
  separator: '-',
  details: ['missing', 'no source row'],
};

/** The pairs reviews counts as following, against social's follows. */
const reviewsFollows: Check = {
  name: 'reviews.follows',
  source: 'social.follows',
  find: (query: Sql) => findPairDrift(query, FOLLOW_PAIRS),
  async repair(query: Sql, keys: string[]) {
    await query(
      `insert into reviews.follows (follower_id, followee_id, following, changed_at)
       select p.a, p.b,
              exists (select 1 from social.follows s where s.follower_id = p.a and s.followee_id = p.b),
              now()
         from unnest($1::int[], $2::int[]) as p(a, b) order by 1, 2
       on conflict (follower_id, followee_id) do update
         set following = excluded.following, changed_at = excluded.changed_at`,
      pairColumns(keys, FOLLOW_PAIRS.separator),
    );
  },
};

export const SOCIAL_CHECKS: Check[] = [
  socialUsers,
  mirrorCheck({
    name: 'social.businesses',
    target: 'social.businesses',
    targetKey: 'id',
    source: 'catalog.businesses',
    columns: { name: 's.name' },
    version: 's.version',
  }),
  reviewsFollows,
];

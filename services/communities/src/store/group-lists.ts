import type { Group } from '@trustcircle/contracts';
import { forgivingTsQuery, preparedRows, searchRank, type Knex } from '@trustcircle/service-kit';
import { selectGroups, toStored, type GroupRow } from './groups-store';

/** Which groups a list holds: all, or leaving out one user's (`/groups`, "All Groups"). */
export interface GroupFilter {
  notMemberOf?: number;
}

/** A query over groups `g` without the groups `userId` is in. */
function withoutMemberOf<Q extends Knex.QueryBuilder>(query: Q, userId: number | undefined): Q {
  if (userId === undefined) return query;
  query.whereNotExists(function memberships() {
    this.select(1)
      .from('group_members as nm')
      .whereRaw('nm.group_id = g.id and nm.user_id = ?', [userId]);
  });
  return query;
}

/**
 * The list screens' reads of groups: every group oldest first (keyset by id), a search ranked
 * by relevance (offset: the rank is not a key), a user's groups (keyset by membership), each
 * with its count for the screens that show one.
 */
export const groupLists = {
  async list(db: Knex, filter: GroupFilter & { limit: number; afterId?: number }) {
    const query = selectGroups(db).orderBy('g.id', 'asc').limit(filter.limit);
    if (filter.afterId !== undefined) query.where('g.id', '>', filter.afterId);
    const rows = await preparedRows<GroupRow>(db, withoutMemberOf(query, filter.notMemberOf));
    return rows.map((row) => toStored(row).group);
  },

  async count(db: Knex, filter: GroupFilter): Promise<number> {
    const query = db('groups as g').count<{ n: string }[]>('* as n');
    return Number((await withoutMemberOf(query, filter.notMemberOf))[0]?.n ?? 0);
  },

  /** The `to_tsquery` text for `text` (service-kit search.ts), null when it has no word. */
  tsQuery(db: Knex, text: string): Promise<string | null> {
    return forgivingTsQuery(db, text, 'variants');
  },

  /** Groups matching `tsQuery`, best first, with how many match in all. */
  async search(
    db: Knex,
    filter: GroupFilter & { tsQuery: string; limit: number; offset: number },
  ): Promise<{ groups: Group[]; total: number }> {
    const query = selectGroups(db)
      .select(db.raw('count(*) over () as total'))
      .joinRaw("cross join to_tsquery('english', ?) q", [filter.tsQuery])
      .whereRaw('g.search_doc @@ q')
      .orderByRaw(`${searchRank('g.search_doc', 'q')} desc, g.id`)
      .limit(filter.limit)
      .offset(filter.offset);
    const rows = (await withoutMemberOf(query, filter.notMemberOf)) as (GroupRow & {
      total: string;
    })[];
    return {
      groups: rows.map((row) => toStored(row).group),
      total: Number(rows[0]?.total ?? 0),
    };
  },

  /** A user's groups, newest membership first, only those matching `tsQuery` when given. */
  async ofUser(
    db: Knex,
    userId: number,
    options: { limit: number; beforeMembershipId?: number; tsQuery?: string },
  ): Promise<{ group: Group; membershipId: number }[]> {
    const query = selectGroups(db)
      .join({ m: 'group_members' }, 'm.group_id', 'g.id')
      .select('m.id as membership_id')
      .where('m.user_id', userId)
      .orderBy('m.id', 'desc')
      .limit(options.limit);
    if (options.beforeMembershipId !== undefined)
      query.where('m.id', '<', options.beforeMembershipId);
    if (options.tsQuery)
      query.whereRaw("g.search_doc @@ to_tsquery('english', ?)", [options.tsQuery]);
    const rows = await preparedRows<GroupRow & { membership_id: number }>(db, query);
    return rows.map((row) => ({ group: toStored(row).group, membershipId: row.membership_id }));
  },

  async countOfUser(db: Knex, userId: number, tsQuery?: string): Promise<number> {
    const query = db('group_members as m')
      .join('groups as g', 'g.id', 'm.group_id')
      .where('m.user_id', userId)
      .count<{ n: string }[]>('* as n');
    if (tsQuery) query.whereRaw("g.search_doc @@ to_tsquery('english', ?)", [tsQuery]);
    return Number((await query)[0]?.n ?? 0);
  },
};

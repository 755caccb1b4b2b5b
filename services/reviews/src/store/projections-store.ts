import type {
  BusinessEventData,
  FollowCreatedEventData,
  FollowRemovedEventData,
  GroupEventData,
  MemberJoinedEventData,
  MemberLeftEventData,
  UserEventData,
} from '@trustcircle/contracts';
import { preparedRows, upsertNewestVersion, type Knex } from '@trustcircle/service-kit';
import type { GroupMembership } from '../domain/projection-gaps';

/** What a review's event says of its author (verification, account age) and its business. */
export interface AuthorAndBusinessFacts {
  isVerified: boolean;
  createdAt: Date | null;
  businessCategory: string | null;
}

/** Unknown users are unverified and new (domain/standing.ts); an unknown business has no category. */
export function toEventFacts(
  row:
    { is_verified: boolean | null; created_at: Date | null; category: string | null } | undefined,
): AuthorAndBusinessFacts {
  return {
    isVerified: row?.is_verified === true,
    createdAt: row?.created_at ?? null,
    businessCategory: row?.category ?? null,
  };
}

/**
 * All SQL on the projections (users, businesses, groups, memberships). Upserts never replace a
 * newer version with an older one, so redelivered or reordered events are harmless.
 */
export const projectionsStore = {
  /**
   * Answers whether the row changed and the verified flag it had before (null: a new row).
   * A first projection is an insert that cannot race (`do nothing` on conflict); anything else
   * updates the locked row only with a newer version, so two deliveries of one user in
   * parallel never let the older one win.
   */
  async upsertUser(
    trx: Knex,
    user: UserEventData,
  ): Promise<{ changed: boolean; wasVerified: boolean | null }> {
    const fields = {
      username: user.username,
      name: user.name,
      avatar: user.avatar,
      is_verified: user.isVerified,
      verified_at: user.verifiedAt ?? null,
      email_confirmed_at: user.emailConfirmedAt ?? null,
      created_at: user.createdAt,
      version: user.version,
    };
    const inserted = await trx('users')
      .insert({ id: user.id, ...fields })
      .onConflict('id')
      .ignore()
      .returning('id');
    if (inserted.length) return { changed: true, wasVerified: null };
    const before = await trx('users')
      .where({ id: user.id })
      .first('is_verified', 'version')
      .forUpdate();
    if (before.version >= user.version) return { changed: false, wasVerified: before.is_verified };
    await trx('users').where({ id: user.id }).update(fields);
    return { changed: true, wasVerified: before.is_verified };
  },

  async upsertBusiness(trx: Knex, business: BusinessEventData): Promise<void> {
    const { id, name, category, version } = business;
    await upsertNewestVersion(trx, 'businesses', 'id', { id, name, category, version });
  },

  async upsertGroup(trx: Knex, group: GroupEventData): Promise<void> {
    const { id, name, version } = group;
    await upsertNewestVersion(trx, 'groups', 'id', { id, name, version });
  },

  /** A member by username, in any letter case (profile pages address people so). */
  async userIdByUsername(db: Knex, username: string): Promise<number | null> {
    const row = await db('users')
      .whereRaw('lower(username) = lower(?)', [username])
      .first<{ id: number } | undefined>('id');
    return row?.id ?? null;
  },

  /** Follow and unfollow of one pair are ordered by their time; an unfollow wins a tie. */
  async followed(trx: Knex, event: FollowCreatedEventData): Promise<void> {
    await trx.raw(
      `insert into follows (follower_id, followee_id, following, changed_at) values (?, ?, true, ?)
       on conflict (follower_id, followee_id) do update set following = true,
         changed_at = excluded.changed_at
       where follows.changed_at < excluded.changed_at`,
      [event.followerId, event.followeeId, event.createdAt],
    );
  },

  async unfollowed(trx: Knex, event: FollowRemovedEventData): Promise<void> {
    await trx.raw(
      `insert into follows (follower_id, followee_id, following, changed_at) values (?, ?, false, ?)
       on conflict (follower_id, followee_id) do update set following = false,
         changed_at = excluded.changed_at
       where follows.changed_at <= excluded.changed_at`,
      [event.followerId, event.followeeId, event.removedAt],
    );
  },

  /** Join and leave of one pair are ordered by their time; a leave wins a tie. */
  async memberJoined(trx: Knex, event: MemberJoinedEventData): Promise<void> {
    await trx.raw(
      `insert into memberships (user_id, group_id, member, changed_at) values (?, ?, true, ?)
       on conflict (user_id, group_id) do update set member = true, changed_at = excluded.changed_at
       where memberships.changed_at < excluded.changed_at`,
      [event.userId, event.groupId, event.joinedAt],
    );
  },

  async memberLeft(trx: Knex, event: MemberLeftEventData): Promise<void> {
    await trx.raw(
      `insert into memberships (user_id, group_id, member, changed_at) values (?, ?, false, ?)
       on conflict (user_id, group_id) do update set member = false, changed_at = excluded.changed_at
       where memberships.changed_at <= excluded.changed_at`,
      [event.userId, event.groupId, event.leftAt],
    );
  },

  async findBusiness(
    db: Knex,
    id: number,
  ): Promise<{ id: number; name: string; category: string } | null> {
    const row = await db('businesses').where({ id }).first('id', 'name', 'category');
    return row ?? null;
  },

  async groupExists(db: Knex, id: number): Promise<boolean> {
    return Boolean(await db('groups').where({ id }).first('id'));
  },

  /** The user's membership row (if any) for each group, whether the group is known, and the newest. */
  async memberships(
    db: Knex,
    userId: number,
    groupIds: number[],
  ): Promise<{ rows: GroupMembership[]; highestGroupId: number | null }> {
    const result = await db.raw<{
      rows: { group_id: number; member: boolean | null; known: boolean; highest: number | null }[];
    }>(
      `select asked.id as group_id, m.member,
              exists (select 1 from groups g where g.id = asked.id) as known,
              (select max(id) from groups) as highest
         from unnest(?::int[]) as asked(id)
         left join memberships m on m.user_id = ? and m.group_id = asked.id`,
      [groupIds, userId],
    );
    return {
      rows: result.rows.map((row) => ({
        groupId: row.group_id,
        member: row.member,
        groupKnown: row.known,
      })),
      highestGroupId: result.rows[0]?.highest ?? null,
    };
  },

  /**
   * What a review's event says of its author (verification, account age) and its business
   * (category), in one statement: every review written, edited or moderated publishes one.
   */
  async eventFacts(db: Knex, userId: number, businessId: number): Promise<AuthorAndBusinessFacts> {
    // One row, always: the outer joins leave what is not known null.
    const [row] = await preparedRows<{
      is_verified: boolean | null;
      created_at: Date | null;
      category: string | null;
    }>(
      db,
      db.raw(
        `select u.is_verified, u.created_at, b.category
           from (select 1) one
           left join users u on u.id = ?
           left join businesses b on b.id = ?`,
        [userId, businessId],
      ),
    );
    return toEventFacts(row);
  },
};

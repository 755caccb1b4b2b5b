import type {
  BusinessEventData,
  GroupEventData,
  MemberJoinedEventData,
  MemberLeftEventData,
  UserEventData,
} from '@trustcircle/contracts';
import type { Knex } from '@trustcircle/service-kit';

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
    await trx.raw(
      `insert into businesses (id, name, category, version) values (?, ?, ?, ?)
       on conflict (id) do update set name = excluded.name, category = excluded.category,
         version = excluded.version
       where businesses.version < excluded.version`,
      [business.id, business.name, business.category, business.version],
    );
  },

  async upsertGroup(trx: Knex, group: GroupEventData): Promise<void> {
    await trx.raw(
      `insert into groups (id, name, version) values (?, ?, ?)
       on conflict (id) do update set name = excluded.name, version = excluded.version
       where groups.version < excluded.version`,
      [group.id, group.name, group.version],
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

  /** Which of `groupIds` the user belongs to. */
  async memberOf(db: Knex, userId: number, groupIds: number[]): Promise<Set<number>> {
    const rows: { group_id: number }[] = await db('memberships')
      .where({ user_id: userId, member: true })
      .whereIn('group_id', groupIds)
      .select('group_id');
    return new Set(rows.map((row) => row.group_id));
  },

  /** What an author's or reporter's standing is made of; unknown users are unverified and new. */
  async standingFacts(
    db: Knex,
    userId: number,
  ): Promise<{ isVerified: boolean; createdAt: Date | null }> {
    const row = await db('users').where({ id: userId }).first('is_verified', 'created_at');
    return { isVerified: row?.is_verified === true, createdAt: row?.created_at ?? null };
  },
};

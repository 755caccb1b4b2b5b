import type { CommunitiesExport, Group } from '@trustcircle/contracts';
import type { Knex } from '@trustcircle/service-kit';

export interface GroupRow {
  id: number;
  name: string;
  description: string;
  icon: string;
  color: string;
  creator_id: number;
  member_count: number;
  review_count: number;
  version: number;
  created_at: Date;
  creator_name: string | null;
  creator_username: string | null;
}

export interface StoredGroup {
  group: Group;
  version: number;
}

export interface NewGroup {
  name: string;
  description: string;
  icon: string;
  color: string;
  creatorId: number;
}

export interface GroupChanges {
  name?: string;
  description?: string;
  icon?: string;
  color?: string;
}

export interface Membership {
  id: number;
  joinedAt: string;
}

/** The unique index on lower(name): the domain turns it into a 409. */
export const GROUP_NAME_KEY = 'groups_name_lower_key';

const GROUP_COLUMNS = [
  'g.id',
  'g.name',
  'g.description',
  'g.icon',
  'g.color',
  'g.creator_id',
  'g.member_count',
  'g.review_count',
  'g.version',
  'g.created_at',
  'u.name as creator_name',
  'u.username as creator_username',
];

export function toStored(row: GroupRow): StoredGroup {
  return {
    version: row.version,
    group: {
      id: row.id,
      name: row.name,
      description: row.description,
      icon: row.icon,
      color: row.color,
      createdAt: row.created_at.toISOString(),
      creatorId: row.creator_id,
      creator:
        row.creator_name !== null && row.creator_username !== null
          ? { id: row.creator_id, name: row.creator_name, username: row.creator_username }
          : null,
      memberCount: row.member_count,
      reviewCount: row.review_count,
    },
  };
}

/** Groups with their creator (users projection); every read is one indexed query. */
export function selectGroups(db: Knex) {
  return db({ g: 'groups' })
    .leftJoin({ u: 'users' }, 'u.id', 'g.creator_id')
    .select<GroupRow[]>(GROUP_COLUMNS);
}

/** All SQL on groups and group_members. */
export const groupsStore = {
  async find(db: Knex, id: number): Promise<StoredGroup | null> {
    const row = await selectGroups(db).where('g.id', id).first();
    return row ? toStored(row) : null;
  },

  async exists(db: Knex, id: number): Promise<boolean> {
    return Boolean(await db('groups').where({ id }).first('id'));
  },

  /** Locks the group row for the rest of the transaction (updates by its creator). */
  async lock(trx: Knex.Transaction, id: number): Promise<{ creatorId: number } | null> {
    const row = await trx('groups').where({ id }).forUpdate().first('creator_id');
    return row ? { creatorId: row.creator_id as number } : null;
  },

  async insert(trx: Knex.Transaction, group: NewGroup): Promise<number> {
    const [row] = await trx('groups')
      .insert({
        name: group.name,
        description: group.description,
        icon: group.icon,
        color: group.color,
        creator_id: group.creatorId,
      })
      .returning('id');
    return (row as { id: number }).id;
  },

  async update(trx: Knex.Transaction, id: number, changes: GroupChanges): Promise<void> {
    await trx('groups')
      .where({ id })
      .update({
        ...changes,
        version: trx.raw('version + 1'),
        updated_at: trx.fn.now(),
      });
  },

  /**
   * Adds the membership unless it exists, and counts it only when a row was inserted: both in
   * the caller's transaction, so `member_count` is exact under any concurrency.
   */
  async addMember(
    trx: Knex.Transaction,
    groupId: number,
    userId: number,
  ): Promise<Membership | null> {
    const result = await trx.raw<{ rows: { id: number; joined_at: Date }[] }>(
      `insert into group_members (group_id, user_id) values (?, ?)
       on conflict (group_id, user_id) do nothing returning id, joined_at`,
      [groupId, userId],
    );
    const row = result.rows[0];
    if (!row) return null;
    await trx('groups')
      .where({ id: groupId })
      .update({ member_count: trx.raw('member_count + 1') });
    return { id: row.id, joinedAt: row.joined_at.toISOString() };
  },

  /** Removes the membership if there is one, and uncounts it only then; answers when. */
  async removeMember(
    trx: Knex.Transaction,
    groupId: number,
    userId: number,
  ): Promise<{ leftAt: string } | null> {
    const result = await trx.raw<{ rows: { left_at: Date }[] }>(
      `delete from group_members where group_id = ? and user_id = ? returning now() as left_at`,
      [groupId, userId],
    );
    const row = result.rows[0];
    if (!row) return null;
    await trx('groups')
      .where({ id: groupId })
      .update({ member_count: trx.raw('member_count - 1') });
    return { leftAt: row.left_at.toISOString() };
  },

  /** The groups a user is in, ascending (the order every multi-group lock takes). */
  async groupIdsOf(db: Knex, userId: number): Promise<number[]> {
    const rows = await db('group_members').where({ user_id: userId }).orderBy('group_id');
    return rows.map((row: { group_id: number }) => row.group_id);
  },

  /** What an export shows of a user: memberships and the groups they created. */
  async exportOf(db: Knex, userId: number): Promise<CommunitiesExport> {
    const memberships = await db('group_members as m')
      .join('groups as g', 'g.id', 'm.group_id')
      .where('m.user_id', userId)
      .orderBy('m.id')
      .select('m.group_id', 'g.name', 'm.joined_at');
    const created = await db('groups')
      .where({ creator_id: userId })
      .orderBy('id')
      .select('id', 'name', 'created_at');
    return {
      memberships: memberships.map((row: { group_id: number; name: string; joined_at: Date }) => ({
        groupId: row.group_id,
        groupName: row.name,
        joinedAt: row.joined_at.toISOString(),
      })),
      groupsCreated: created.map((row: { id: number; name: string; created_at: Date }) => ({
        id: row.id,
        name: row.name,
        createdAt: row.created_at.toISOString(),
      })),
    };
  },

  async isMember(db: Knex, groupId: number, userId: number): Promise<boolean> {
    return Boolean(
      await db('group_members').where({ group_id: groupId, user_id: userId }).first('id'),
    );
  },
};

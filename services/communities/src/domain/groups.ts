import {
  GROUP_NAME_TAKEN,
  GROUP_NOT_FOUND,
  GROUP_UPDATE_FORBIDDEN,
  type Group,
  type GroupCreate,
  type GroupUpdate,
  type Page,
} from '@trustcircle/contracts';
import {
  conflict,
  forbidden,
  isUniqueViolation,
  notFound,
  type Knex,
} from '@trustcircle/service-kit';
import {
  publishGroupCreated,
  publishGroupUpdated,
  publishMemberJoined,
  publishMemberLeft,
} from '../events/group-events';
import { GROUP_NAME_KEY, groupsStore, type StoredGroup } from '../store/groups-store';

/** Cursors are plain positive integers (a group id or a membership id). */
export function parseCursor(cursor: string | undefined): number | undefined {
  if (cursor === undefined) return undefined;
  return /^[1-9]\d{0,9}$/.test(cursor) ? Number(cursor) : 0;
}

function translateUniqueViolation(error: unknown): never {
  if (isUniqueViolation(error, GROUP_NAME_KEY)) {
    throw conflict(GROUP_NAME_TAKEN, [{ path: 'name', message: GROUP_NAME_TAKEN }]);
  }
  throw error;
}

async function mustFind(db: Knex, id: number): Promise<StoredGroup> {
  const stored = await groupsStore.find(db, id);
  if (!stored) throw notFound(GROUP_NOT_FOUND);
  return stored;
}

export function createGroups({ db }: { db: Knex }) {
  return {
    async get(id: number): Promise<Group> {
      return (await mustFind(db, id)).group;
    },

    async list({ limit, cursor }: { limit: number; cursor?: string }): Promise<Page<Group>> {
      const afterId = parseCursor(cursor);
      // A malformed cursor points past every page.
      if (afterId === 0) return { items: [] };
      const items = await groupsStore.list(db, { limit: limit + 1, afterId });
      const more = items.length > limit;
      const page = items.slice(0, limit);
      return { items: page, nextCursor: more ? String(page.at(-1)!.id) : undefined };
    },

    async listForUser(
      userId: number,
      { limit, cursor }: { limit: number; cursor?: string },
    ): Promise<Page<Group>> {
      const before = parseCursor(cursor);
      if (before === 0) return { items: [] };
      const rows = await groupsStore.listForUser(db, userId, {
        limit: limit + 1,
        beforeMembershipId: before,
      });
      const more = rows.length > limit;
      const page = rows.slice(0, limit);
      return {
        items: page.map((row) => row.group),
        nextCursor: more ? String(page.at(-1)!.membershipId) : undefined,
      };
    },

    async isMember(groupId: number, userId: number): Promise<boolean> {
      return groupsStore.isMember(db, groupId, userId);
    },

    /** Creates the group; its creator is its first member (one transaction, two events). */
    async create(creatorId: number, input: GroupCreate): Promise<Group> {
      try {
        return await db.transaction(async (trx) => {
          const id = await groupsStore.insert(trx, { ...input, creatorId });
          const membership = await groupsStore.addMember(trx, id, creatorId);
          const stored = await mustFind(trx, id);
          await publishGroupCreated(trx, stored);
          if (membership) {
            await publishMemberJoined(trx, {
              groupId: id,
              userId: creatorId,
              joinedAt: membership.joinedAt,
            });
          }
          return stored.group;
        });
      } catch (error) {
        return translateUniqueViolation(error);
      }
    },

    /** The creator changes the group's name, description, icon or colour. */
    async update(userId: number, id: number, changes: GroupUpdate): Promise<Group> {
      try {
        return await db.transaction(async (trx) => {
          const locked = await groupsStore.lock(trx, id);
          if (!locked) throw notFound(GROUP_NOT_FOUND);
          if (locked.creatorId !== userId) throw forbidden(GROUP_UPDATE_FORBIDDEN);
          await groupsStore.update(trx, id, changes);
          const stored = await mustFind(trx, id);
          await publishGroupUpdated(trx, stored);
          return stored.group;
        });
      } catch (error) {
        return translateUniqueViolation(error);
      }
    },

    /** Idempotent: joining again changes nothing and answers the group as it is. */
    async join(userId: number, groupId: number): Promise<Group> {
      return db.transaction(async (trx) => {
        if (!(await groupsStore.exists(trx, groupId))) throw notFound(GROUP_NOT_FOUND);
        const membership = await groupsStore.addMember(trx, groupId, userId);
        if (membership) {
          await publishMemberJoined(trx, { groupId, userId, joinedAt: membership.joinedAt });
        }
        return (await mustFind(trx, groupId)).group;
      });
    },

    /** Idempotent: leaving a group one is not in changes nothing. */
    async leave(userId: number, groupId: number): Promise<Group> {
      return db.transaction(async (trx) => {
        if (!(await groupsStore.exists(trx, groupId))) throw notFound(GROUP_NOT_FOUND);
        const removed = await groupsStore.removeMember(trx, groupId, userId);
        if (removed) await publishMemberLeft(trx, { groupId, userId, leftAt: removed.leftAt });
        return (await mustFind(trx, groupId)).group;
      });
    },
  };
}

export type Groups = ReturnType<typeof createGroups>;

import {
  GROUP_NAME_TAKEN,
  GROUP_NOT_FOUND,
  GROUP_UPDATE_FORBIDDEN,
  USER_NOT_FOUND,
  isUsernameShaped,
  type Group,
  type GroupCreate,
  type GroupListQuery,
  type GroupUpdate,
  type MyGroupsQuery,
  type Page,
} from '@trustcircle/contracts';
import {
  conflict,
  cursorCodec,
  cursorId,
  cutPage,
  forbidden,
  isUniqueViolation,
  notFound,
  type Knex,
} from '@trustcircle/service-kit';
import { z } from 'zod';
import {
  publishGroupCreated,
  publishGroupUpdated,
  publishMemberJoined,
  publishMemberLeft,
} from '../events/group-events';
import { groupLists } from '../store/group-lists';
import { GROUP_NAME_KEY, groupsStore, type StoredGroup } from '../store/groups-store';
import { projectionsStore } from '../store/projections-store';

/** All groups, oldest first, after a group id; "my groups", newest membership first. */
const groupsCursor = cursorCodec('groups', z.object({ id: cursorId }));
const membershipsCursor = cursorCodec('memberships', z.object({ id: cursorId }));
/** Search results are ranked: paged by offset (the rank is not a stable key). */
const searchCursor = cursorCodec(
  'group-search',
  z.object({ offset: z.number().int().min(0).max(1_000_000) }),
);

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

    /**
     * `/groups` and search: every group oldest first, or those matching `search` best first;
     * `joined=false` leaves out the viewer's own (a visitor has none).
     */
    async list(query: GroupListQuery, viewerId?: number): Promise<Page<Group>> {
      const filter = { notMemberOf: query.joined === 'false' ? viewerId : undefined };
      const text = query.search?.trim() ?? '';
      if (text) {
        const offset = searchCursor.decode(query.cursor)?.offset ?? 0;
        const tsQuery = await groupLists.tsQuery(db, text);
        if (!tsQuery) return { items: [], nextCursor: null, ...(query.total ? { total: 0 } : {}) };
        const found = await groupLists.search(db, {
          ...filter,
          tsQuery,
          limit: query.limit + 1,
          offset,
        });
        return {
          items: found.groups.slice(0, query.limit),
          nextCursor:
            found.groups.length > query.limit
              ? searchCursor.encode({ offset: offset + query.limit })
              : null,
          ...(query.total && offset === 0 ? { total: found.total } : {}),
        };
      }
      const afterId = groupsCursor.decode(query.cursor)?.id;
      const [rows, total] = await Promise.all([
        groupLists.list(db, { ...filter, limit: query.limit + 1, afterId }),
        query.total && afterId === undefined ? groupLists.count(db, filter) : undefined,
      ]);
      const page = cutPage(rows, query.limit, groupsCursor, (last) => ({ id: last.id }));
      return { ...page, ...(total !== undefined ? { total } : {}) };
    },

    /** "My groups", newest membership first, only those matching `search` when given. */
    /** A member's groups on their profile (issue 18), as their own list answers them. */
    async listForUsername(username: string, query: MyGroupsQuery): Promise<Page<Group>> {
      const userId = isUsernameShaped(username)
        ? await projectionsStore.userIdByUsername(db, username)
        : null;
      if (userId === null) throw notFound(USER_NOT_FOUND);
      return this.listForUser(userId, query);
    },

    async listForUser(userId: number, query: MyGroupsQuery): Promise<Page<Group>> {
      const text = query.search?.trim() ?? '';
      const tsQuery = text ? await groupLists.tsQuery(db, text) : undefined;
      if (tsQuery === null)
        return { items: [], nextCursor: null, ...(query.total ? { total: 0 } : {}) };
      const before = membershipsCursor.decode(query.cursor)?.id;
      const [rows, total] = await Promise.all([
        groupLists.ofUser(db, userId, {
          limit: query.limit + 1,
          beforeMembershipId: before,
          tsQuery,
        }),
        query.total && before === undefined
          ? groupLists.countOfUser(db, userId, tsQuery)
          : undefined,
      ]);
      const page = cutPage(rows, query.limit, membershipsCursor, (last) => ({
        id: last.membershipId,
      }));
      return {
        items: page.items.map((row) => row.group),
        nextCursor: page.nextCursor,
        ...(total !== undefined ? { total } : {}),
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

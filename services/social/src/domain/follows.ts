import {
  FOLLOW_SELF,
  USER_NOT_FOUND,
  type FollowStatus,
  type PageQuery,
  type PersonSummary,
} from '@trustcircle/contracts';
import {
  badRequest,
  cursorCodec,
  cursorId,
  cutPage,
  notFound,
  type Knex,
} from '@trustcircle/service-kit';
import { publishFollowCreated, publishFollowRemoved, type Announce } from '../events/social-events';
import { followsStore } from '../store/follows-store';
import { notificationsStore } from '../store/notifications-store';
import { usersStore, type UserRow } from '../store/users-store';

const followersCursor = cursorCodec('followers', cursorId);
const followingCursor = cursorCodec('following', cursorId);

/**
 * Follows (issue 18). Profiles are found by username in the users projection: someone identity
 * has not told us about (or who left) is "User not found". Follow and unfollow are idempotent;
 * only a change publishes its event, and a new follow notifies the followee (once while unread,
 * however often someone follows and unfollows).
 */
export function createFollows({ db, announce }: { db: Knex; announce: Announce }) {
  async function profile(username: string): Promise<UserRow> {
    const user = await usersStore.byUsername(db, username);
    if (!user) throw notFound(USER_NOT_FOUND);
    return user;
  }

  async function status(user: UserRow, viewerId: number | undefined): Promise<FollowStatus> {
    const [counts, isFollowing] = await Promise.all([
      followsStore.counts(db, user.id),
      viewerId === undefined || viewerId === user.id
        ? false
        : followsStore.isFollowing(db, viewerId, user.id),
    ]);
    return {
      userId: user.id,
      username: user.username,
      followerCount: counts.followers,
      followingCount: counts.following,
      isFollowing,
    };
  }

  return {
    async status(username: string, viewerId: number | undefined) {
      return status(await profile(username), viewerId);
    },

    async follow(followerId: number, username: string): Promise<FollowStatus> {
      const followee = await profile(username);
      if (followee.id === followerId) throw badRequest(FOLLOW_SELF);
      await db.transaction(async (trx) => {
        const row = await followsStore.add(trx, followerId, followee.id);
        if (!row) return;
        await publishFollowCreated(trx, {
          followerId,
          followeeId: followee.id,
          createdAt: row.created_at.toISOString(),
        });
        await notificationsStore.lockRecipients(trx, [followee.id]);
        const written = await notificationsStore.insert(trx, {
          userIds: [followee.id],
          kind: 'new_follower',
          payload: {},
          actorId: followerId,
          groupKey: `follower:${followerId}`,
        });
        await announce(trx, written);
      });
      return status(followee, followerId);
    },

    async unfollow(followerId: number, username: string): Promise<FollowStatus> {
      const followee = await profile(username);
      await db.transaction(async (trx) => {
        if (!(await followsStore.remove(trx, followerId, followee.id))) return;
        await publishFollowRemoved(trx, {
          followerId,
          followeeId: followee.id,
          removedAt: new Date().toISOString(),
        });
      });
      return status(followee, followerId);
    },

    async list(side: 'followers' | 'following', username: string, query: PageQuery) {
      const user = await profile(username);
      const codec = side === 'followers' ? followersCursor : followingCursor;
      const beforeId = codec.decode(query.cursor) ?? undefined;
      const rows = await followsStore.list(db, side, user.id, {
        limit: query.limit + 1,
        beforeId,
      });
      const page = cutPage(rows, query.limit, codec, (last) => last.followId);
      return {
        items: page.items.map((row): PersonSummary => row.person),
        nextCursor: page.nextCursor,
      };
    },
  };
}
export type Follows = ReturnType<typeof createFollows>;

import type { SocialExport } from '@trustcircle/contracts';
import type { Knex } from '@trustcircle/service-kit';
import { preferencesFrom } from '../domain/preferences';
import { notificationsStore } from './notifications-store';

type FollowRow = { username: string; created_at: Date };

/** Social's part of a member's export (issue 19's composed download). */
export async function socialExportOf(db: Knex, userId: number): Promise<SocialExport> {
  const side = (own: string, other: string) =>
    db('follows as f')
      .join('users as u', 'u.id', `f.${other}`)
      .whereNull('u.deleted_at')
      .where(`f.${own}`, userId)
      .orderBy('f.id')
      .select<FollowRow[]>('u.username', 'f.created_at');
  const [following, followers, notifications, disabled] = await Promise.all([
    side('follower_id', 'followee_id'),
    side('followee_id', 'follower_id'),
    db('notifications').where({ user_id: userId }).orderBy('id').select<
      {
        id: string;
        kind: string;
        payload: Record<string, unknown>;
        read_at: Date | null;
        created_at: Date;
      }[]
    >('id', 'kind', 'payload', 'read_at', 'created_at'),
    notificationsStore.disabledKinds(db, userId),
  ]);
  const follow = (row: FollowRow) => ({
    username: row.username,
    since: row.created_at.toISOString(),
  });
  return {
    following: following.map(follow),
    followers: followers.map(follow),
    notifications: notifications.map((row) => ({
      id: Number(row.id),
      kind: row.kind,
      payload: row.payload,
      readAt: row.read_at?.toISOString() ?? null,
      createdAt: row.created_at.toISOString(),
    })),
    notificationPreferences: preferencesFrom(disabled),
  };
}

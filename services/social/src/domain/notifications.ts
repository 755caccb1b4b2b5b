import {
  NOTIFICATION_NOT_FOUND,
  type Notification,
  type NotificationListQuery,
  type NotificationPreferences,
  type NotificationPreferencesUpdate,
} from '@trustcircle/contracts';
import { cursorCodec, cursorId, cutPage, notFound, type Knex } from '@trustcircle/service-kit';
import { notificationsStore } from '../store/notifications-store';
import { toNotification } from './notification-view';
import { preferenceChanges, preferencesFrom } from './preferences';

const listCursor = cursorCodec('notifications', cursorId);

/** A member's notifications: the list, the unread count, reading, and per-kind preferences. */
export function createNotifications({ db }: { db: Knex }) {
  const preferences = async (userId: number) =>
    preferencesFrom(await notificationsStore.disabledKinds(db, userId));

  return {
    async list(userId: number, query: NotificationListQuery) {
      const beforeId = listCursor.decode(query.cursor) ?? undefined;
      const rows = await notificationsStore.list(db, userId, {
        limit: query.limit + 1,
        beforeId,
        unread: query.unread,
      });
      const page = cutPage(rows.map(toNotification), query.limit, listCursor, (last) => last.id);
      return page;
    },

    unreadCount: async (userId: number) => ({
      count: await notificationsStore.unreadCount(db, userId),
    }),

    async markRead(userId: number, id: number): Promise<Notification> {
      if (!(await notificationsStore.markRead(db, userId, id))) {
        throw notFound(NOTIFICATION_NOT_FOUND);
      }
      const row = await notificationsStore.one(db, userId, id);
      if (!row) throw notFound(NOTIFICATION_NOT_FOUND);
      return toNotification(row);
    },

    markAllRead: async (userId: number) => ({
      marked: await notificationsStore.markAllRead(db, userId),
    }),

    preferences,

    async setPreferences(
      userId: number,
      update: NotificationPreferencesUpdate,
    ): Promise<NotificationPreferences> {
      await notificationsStore.setPreferences(db, userId, preferenceChanges(update));
      return preferences(userId);
    },
  };
}
export type Notifications = ReturnType<typeof createNotifications>;

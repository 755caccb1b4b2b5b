import type { Notification } from '@trustcircle/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, getPage, profilePath, useEventSource, usePagedList } from '@trustcircle/ui';
import { NOTIFICATION_STREAM_EVENT, REVIEW_HELD_NOTICE } from '@trustcircle/contracts/constants';

/** Every notification query starts with this key: one invalidation refreshes them all. */
export const NOTIFICATIONS_KEY = ['/api/notifications'] as const;
/** How many the bell's dropdown shows. */
export const BELL_LATEST = 5;
/** A page of /notifications. */
export const NOTIFICATIONS_PAGE = 20;
export const STREAM_PATH = '/api/notifications/stream';

export function useUnreadCount() {
  return useQuery({
    queryKey: [...NOTIFICATIONS_KEY, 'unread-count'],
    queryFn: () => api.get<{ count: number }>('/api/notifications/unread-count'),
  });
}

export function useLatestNotifications(enabled: boolean) {
  return useQuery({
    queryKey: [...NOTIFICATIONS_KEY, 'latest'],
    queryFn: async () =>
      (await getPage<Notification>(`/api/notifications?limit=${BELL_LATEST}`)).items,
    enabled,
  });
}

export const useNotificationPages = () =>
  usePagedList<Notification>(
    [...NOTIFICATIONS_KEY, 'pages'],
    `/api/notifications?limit=${NOTIFICATIONS_PAGE}`,
  );

/**
 * The live stream, open while the bell is (signed in): each pushed notification, and every
 * (re)opening, which may follow a gap, refreshes the count and lists. No polling: between
 * events nothing is asked.
 */
export function useNotificationStream() {
  const client = useQueryClient();
  const refresh = () => void client.invalidateQueries({ queryKey: NOTIFICATIONS_KEY });
  useEventSource(STREAM_PATH, {
    events: { [NOTIFICATION_STREAM_EVENT]: refresh },
    onOpen: refresh,
  });
}

export function useMarkRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.post<Notification>(`/api/notifications/${id}/read`),
    onSuccess: () => client.invalidateQueries({ queryKey: NOTIFICATIONS_KEY }),
  });
}

export function useMarkAllRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<{ marked: number }>('/api/notifications/read-all'),
    onSuccess: () => client.invalidateQueries({ queryKey: NOTIFICATIONS_KEY }),
  });
}

/**
 * Where a notification leads: the review it is about, else the person; a review held or removed
 * by moderation to /my-reviews, where its status and the appeal are.
 */
export function notificationTarget(notification: Notification): string | null {
  if (notification.kind === 'new_follower')
    return notification.actor ? profilePath(notification.actor.username) : null;
  if (notification.kind === 'review_moderated' && notification.payload.action !== 'keep')
    return '/my-reviews';
  return `/reviews/${notification.payload.reviewId}`;
}

/** What it says, in words a member reads at a glance. */
export function notificationText(notification: Notification): string {
  const who = notification.actor?.name || notification.actor?.username || 'Someone';
  const business = notification.business?.name;
  switch (notification.kind) {
    case 'new_follower':
      return `${who} started following you`;
    case 'following_review':
      return business ? `${who} reviewed ${business}` : `${who} wrote a new review`;
    case 'review_helpful': {
      const { count } = notification.payload;
      const people = count === 1 ? '1 person' : `${count} people`;
      return `${people} found your review${business ? ` of ${business}` : ''} helpful`;
    }
    case 'owner_reply':
      return business
        ? `${who}, owner of ${business}, replied to your review`
        : `${who} replied to your review as the owner`;
    case 'review_moderated': {
      const review = `your review${business ? ` of ${business}` : ''}`;
      const { action, reason } = notification.payload;
      if (action === 'hold') return `Reports put ${review} on hold: ${REVIEW_HELD_NOTICE}`;
      if (action === 'keep') return `A moderator reviewed the reports and kept ${review}`;
      return `A moderator removed ${review}${reason ? `: ${reason}` : ''}`;
    }
  }
}

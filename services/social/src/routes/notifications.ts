import {
  NOTIFICATION_NOT_FOUND,
  NotificationListQuerySchema,
  NotificationPreferencesUpdateSchema,
  TOO_MANY_STREAMS,
} from '@trustcircle/contracts';
import {
  currentUserId,
  HttpError,
  parseBody,
  parseIdParam,
  parseQuery,
  requireUser,
  sendPage,
  type Knex,
} from '@trustcircle/service-kit';
import { Router } from 'express';
import type { Notifications } from '../domain/notifications';
import { parseLastEventId, sseRetry } from '../domain/sse';
import { notificationsStore } from '../store/notifications-store';
import type { StreamHub } from '../stream/hub';

/** How soon EventSource reconnects after a drop. */
const RETRY_MS = 2000;

/** `/api/notifications/*` (docs/api.md, "Notifications"): every call is about the signed-in member. */
export function notificationRoutes(deps: {
  notifications: Notifications;
  hub: StreamHub;
  db: Knex;
  maxStreamsPerUser: number;
}): Router {
  const { notifications, hub } = deps;
  const router = Router();
  router.use(requireUser);

  router.get('/', async (req, res) => {
    const query = parseQuery(NotificationListQuerySchema, req);
    sendPage(res, await notifications.list(currentUserId(req), query));
  });

  router.get('/unread-count', async (req, res) => {
    res.json(await notifications.unreadCount(currentUserId(req)));
  });

  router.post('/read-all', async (req, res) => {
    res.json(await notifications.markAllRead(currentUserId(req)));
  });

  router.post('/:id/read', async (req, res) => {
    const id = parseIdParam(req, 'id', NOTIFICATION_NOT_FOUND);
    res.json(await notifications.markRead(currentUserId(req), id));
  });

  router.get('/preferences', async (req, res) => {
    res.json(await notifications.preferences(currentUserId(req)));
  });

  router.put('/preferences', async (req, res) => {
    const update = parseBody(NotificationPreferencesUpdateSchema, req);
    res.json(await notifications.setPreferences(currentUserId(req), update));
  });

  /**
   * Server-Sent Events. Starts after `Last-Event-ID` (what was missed comes first), or after
   * the newest notification for a fresh connection (the list call shows the past).
   */
  router.get('/stream', async (req, res) => {
    const userId = currentUserId(req);
    if (hub.count(userId) >= deps.maxStreamsPerUser) {
      throw new HttpError(429, TOO_MANY_STREAMS, undefined, { 'Retry-After': '10' });
    }
    const resumeAfter =
      parseLastEventId(req.get('last-event-id')) ?? parseLastEventId(req.query.lastEventId);
    const afterId = resumeAfter ?? (await notificationsStore.lastId(deps.db, userId));
    res.locals.longLived = true;
    res.status(200).set({
      'Content-Type': 'text/event-stream; charset=utf-8',
      // no-transform: no proxy may compress or rewrite it; X-Accel-Buffering: nginx must not buffer.
      'Cache-Control': 'no-store, no-transform',
      'X-Accel-Buffering': 'no',
      Connection: 'keep-alive',
    });
    res.flushHeaders();
    res.socket?.setNoDelay(true);
    res.write(sseRetry(RETRY_MS));
    const stream = hub.open(userId, afterId, res);
    res.on('close', () => hub.close(stream));
    await hub.catchUp(stream);
  });

  return router;
}

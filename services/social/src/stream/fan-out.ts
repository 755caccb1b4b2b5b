import { setTimeout as sleep } from 'node:timers/promises';
import { NotificationCreatedEventDataSchema } from '@trustcircle/contracts';
import {
  connectedOrAborted,
  eventNaming,
  requireNats,
  type BackgroundWorker,
  type EventsContext,
} from '@trustcircle/service-kit';
import type { Subscription } from 'nats';
import type { StreamHub } from './hub';

/**
 * Every replica hears `social.notification.created` as a plain NATS subscriber (not a durable
 * consumer: each replica needs every message, and a missed one is caught by the heartbeat's
 * re-read) and wakes the recipient's streams open here. The outbox publishes the event after
 * the notification committed, so the stream's read finds it. The replica that wrote them has
 * woken its own streams already (`announcer`); for them this wake finds nothing new to read.
 */
export function createFanOut(ctx: EventsContext, hub: StreamHub): BackgroundWorker {
  const link = requireNats(ctx, 'notification fan-out');
  const subject = eventNaming(ctx.config.EVENTS_PREFIX).wireSubject('social.notification.created');
  const abort = new AbortController();
  let subscription: Subscription | null = null;

  /** One subscription, until its connection closes (NatsLink then makes a new one). */
  async function listenOnce(): Promise<void> {
    const nc = await connectedOrAborted(link, abort.signal);
    if (!nc) return;
    subscription = nc.subscribe(subject);
    for await (const message of subscription) {
      try {
        const envelope = message.json<{ data?: unknown }>();
        const data = NotificationCreatedEventDataSchema.safeParse(envelope.data);
        if (data.success) void hub.wake(data.data.notifications);
      } catch (err) {
        ctx.logger.warn({ err }, 'unreadable notification push');
      }
    }
  }

  async function listen(): Promise<void> {
    while (!abort.signal.aborted) {
      await listenOnce().catch((err: unknown) => ctx.logger.warn({ err }, 'fan-out lost'));
      if (abort.signal.aborted) return;
      // Pushes sent meanwhile are lost: every stream reads again now (and at each heartbeat).
      await sleep(500);
      void hub.wakeAll();
    }
  }

  return {
    name: 'notification-fan-out',
    start() {
      hub.start();
      void listen();
    },
    async stop() {
      abort.abort();
      subscription?.unsubscribe();
      hub.stop();
    },
  };
}
